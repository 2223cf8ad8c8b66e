import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { websiteEndpoints } from '@cryptads/contract/endpoints/websites';
import type { WebsiteVerification } from '@cryptads/contract/websites';
import { verificationFailure, WEBSITE_MESSAGES, WEBSITE_RULES } from '@cryptads/contract/websites-messages';
import { answer, failure, sentTo, serve } from '../../../testing/http';
import { renderWithProviders } from '../../../testing/render';
import { AddWebsitePage } from './add-website-page';

const options = {
  categories: [
    { id: 1, name: 'Gambling' },
    { id: 2, name: 'Adult' },
  ],
  countries: [],
};
const verification = (verified: boolean): WebsiteVerification => ({
  id: 7,
  domain: 'example.com',
  url: 'https://example.com',
  status: 0,
  token: 'tok-123',
  verified,
  verifiedAt: verified ? '2026-11-21T10:00:00.000Z' : null,
  metaTag: '<meta name="cryptads-site-verification" content="tok-123">',
  fileUrl: 'https://example.com/.well-known/cryptads-verification.txt',
  fileContent: 'tok-123',
});

let verifyAnswer: () => WebsiteVerification | Response;

// Screens load lazily and fetch first: give a busy machine more than the default second.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  verifyAnswer = () => failure(400, WEBSITE_MESSAGES.verificationFailed);
  const ofSeven = (reply: () => WebsiteVerification | Response) => (id: unknown) =>
    id === '7' ? reply() : failure(404, 'Not found');
  serve(
    answer(websiteEndpoints.options, options),
    answer(websiteEndpoints.create, verification(false)),
    answer(websiteEndpoints.verify, ({ params }) => ofSeven(verifyAnswer)(params.id)),
    answer(websiteEndpoints.verification, ({ params }) => ofSeven(verifyAnswer)(params.id)),
    answer(websiteEndpoints.validation, ({ query }) => ofSeven(() => verification(false))(query.get('websiteId'))),
    answer(websiteEndpoints.list, []),
  );
});

const renderWizard = () =>
  renderWithProviders(
    <Routes>
      <Route path="/websites/add/" element={<AddWebsitePage />} />
      <Route path="/websites/all/" element={<p>the list</p>} />
    </Routes>,
    { route: '/websites/add/' },
  );

const posted = () => sentTo(websiteEndpoints.create)[0]?.body;

describe('AddWebsitePage', () => {
  it('shows the website rules and refuses a URL without http(s):// in front', async () => {
    const user = userEvent.setup();
    renderWizard();
    for (const rule of WEBSITE_RULES) expect(screen.getByText(rule)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Website URL/), 'example.com');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(WEBSITE_MESSAGES.urlInvalid)).toBeInTheDocument();
    expect(posted()).toBeUndefined();
  });

  it('asks for at least one category once excluding is on, then sends the picked ids', async () => {
    const user = userEvent.setup();
    renderWizard();
    await user.type(screen.getByLabelText(/Website URL/), 'https://example.com');
    await user.click(screen.getByRole('switch', { name: /Exclude some ad categories/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(WEBSITE_MESSAGES.categoriesRequired)).toBeInTheDocument();
    expect(posted()).toBeUndefined();
    await user.click(await screen.findByRole('checkbox', { name: 'Adult' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(posted()).toEqual({ website: 'https://example.com', categories: [2] }));
    expect(await screen.findByTestId('verification-token')).toHaveTextContent('tok-123');
    expect(screen.getByTestId('verification-meta')).toHaveTextContent(
      '<meta name="cryptads-site-verification" content="tok-123">',
    );
    expect(screen.getByTestId('verification-file-url')).toHaveTextContent('/.well-known/cryptads-verification.txt');
  });

  it('shows the failure text when the server cannot find the token, and goes to the list once verified', async () => {
    const user = userEvent.setup();
    renderWizard();
    await user.type(screen.getByLabelText(/Website URL/), 'https://example.com');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('verification-failure')).toHaveTextContent(WEBSITE_MESSAGES.verificationFailed);

    // The server's reason says what each fetch found, with the address: the screen shows it whole.
    const reason = verificationFailure([
      { kind: 'meta-missing', url: 'https://example.com/' },
      {
        kind: 'http-status',
        url: 'https://example.com/.well-known/cryptads-verification.txt',
        status: 404,
        file: true,
      },
    ]);
    verifyAnswer = () => failure(400, reason);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('verification-failure')).toHaveTextContent(reason));
    expect(screen.getByTestId('verification-failure')).toHaveTextContent(
      'We fetched https://example.com/: the page has no <meta name="cryptads-site-verification"> tag. We fetched https://example.com/.well-known/cryptads-verification.txt: the file was not found (HTTP 404).',
    );

    verifyAnswer = () => verification(true);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('the list')).toBeInTheDocument();
    expect(await screen.findByText(WEBSITE_MESSAGES.websiteAdded)).toBeInTheDocument();
  });

  it('goes back to the completed first step without adding the website twice', async () => {
    const user = userEvent.setup();
    renderWizard();
    await user.type(screen.getByLabelText(/Website URL/), 'https://example.com');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByTestId('verification-panel');
    await user.click(screen.getByRole('button', { name: /Add Your Website/ }));
    expect(screen.getByLabelText(/Website URL/)).toHaveValue('https://example.com');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByTestId('verification-panel');
    expect(sentTo(websiteEndpoints.create)).toHaveLength(1);
  });
});
