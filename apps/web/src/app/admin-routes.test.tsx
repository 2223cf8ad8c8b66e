import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminEndpoints, type AdminOverview } from '@cryptads/contract/endpoints/admin';
import { authEndpoints } from '@cryptads/contract/endpoints/auth';
import { systemEndpoints } from '@cryptads/contract/endpoints/system';
import { userEndpoints } from '@cryptads/contract/endpoints/user';
import type { UserDetails } from '@cryptads/contract/user';
import { clearSession, saveSession } from '../lib/session';
import { publicConfigFixture } from '../testing/fixtures';
import { answer, sentTo, serve } from '../testing/http';
import { renderWithProviders } from '../testing/render';
import { AuthenticatedApp } from './authenticated-app';

configure({ asyncUtilTimeout: 8000 });

const user = (type: 1 | 3): UserDetails => ({
  alias: 'Olga Operator',
  firstName: 'Olga',
  lastName: 'Operator',
  email: 'olga@ops.example',
  type,
  balance: 0,
  kycVerified: 0,
  pendingDelete: false,
  delete: null,
  currentSignedTerms: null,
  com: 'olga',
  campaigns: { active: 0, paused: 0, pending: 0, total: 0 },
  overrideRedirecting: false,
  secureStatus: 0,
});

const overview: AdminOverview = {
  day: '2026-11-26',
  today: {
    impressions: 12000,
    clicks: 340,
    filteredImpressions: 100,
    filteredClicks: 4,
    filteredShare: 0.01,
    spendMicros: '24000000',
    earningsMicros: '16800000',
    revenueMicros: '7200000',
  },
  held: {
    advertisersMicros: '1000000000',
    publishersMicros: '500000000',
    escrowMicros: '0',
    payoutsInTransitMicros: '250000000',
  },
  queues: {
    campaigns: 2,
    websites: 1,
    zones: 0,
    listings: 0,
    documents: 3,
    transfers: 0,
    payouts: 1,
    marketplace: 0,
    traffic: 0,
    deadletters: 0,
  },
};

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

const renderApp = (route: string) =>
  renderWithProviders(
    <>
      <Routes>
        <Route path="*" element={<AuthenticatedApp />} />
      </Routes>
      <Where />
    </>,
    { route },
  );

let twoFactor: 0 | 1;

beforeEach(() => {
  twoFactor = 1;
  serve(
    answer(systemEndpoints.config, publicConfigFixture()),
    answer(authEndpoints.twoFactorStatus, () => ({ status: twoFactor })),
    answer(authEndpoints.twoFactorRequest, {
      secret: 'JBSWY3DPEHPK3PXP',
      uri: 'otpauth://totp/x',
      qr: 'data:image/png;base64,AA==',
    }),
    answer(authEndpoints.twoFactorEnable, () => {
      twoFactor = 1;
      return { code: 200, status: 1 as const };
    }),
    answer(adminEndpoints.overview, overview),
  );
});

afterEach(() => clearSession());

describe('the back office’s routes', () => {
  it('lands an operator on the overview, with each queue’s size in the menu', async () => {
    saveSession({ userType: 3 });
    serve(answer(userEndpoints.details, user(3)));
    renderApp('/');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/admin/'));
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    expect(await screen.findByTestId('held-payouts')).toHaveTextContent('€250.00');
    const nav = screen.getByRole('navigation', { name: 'Back office navigation' });
    const documents = within(nav).getByRole('link', { name: /Identity documents/ });
    expect(documents).toHaveAttribute('href', '/admin/queues/documents/');
    expect(documents).toHaveTextContent('3');
    expect(screen.getByRole('link', { name: 'Payouts' })).toHaveAttribute('href', '/admin/queues/payouts/');
  });

  it('keeps an operator without two-factor on the set-up screen until it is on', async () => {
    twoFactor = 0;
    saveSession({ userType: 3 });
    serve(answer(userEndpoints.details, user(3)));
    renderApp('/admin/queues/payouts/');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/admin/setup-2fa/'));
    expect(await screen.findByRole('img', { name: /QR code/ })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Back office navigation' })).not.toBeInTheDocument();
    expect(sentTo(adminEndpoints.overview)).toHaveLength(0);

    await userEvent.type(screen.getByRole('textbox', { name: 'Digit 1 of 6' }), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and enable' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/admin\/$/));
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
  });

  it('answers a customer at /admin/ as an unknown page', async () => {
    saveSession({ userType: 1 });
    serve(answer(userEndpoints.details, user(1)));
    renderApp('/admin/');
    expect(await screen.findByText('404')).toBeInTheDocument();
    expect(sentTo(adminEndpoints.overview)).toHaveLength(0);
    expect(sentTo(authEndpoints.twoFactorStatus)).toHaveLength(0);
  });
});
