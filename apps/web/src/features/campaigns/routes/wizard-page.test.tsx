import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES as M } from '@cryptads/contract/campaign-messages';
import { campaignEndpoints } from '@cryptads/contract/endpoints/campaigns';
import { answer, failure, sentTo, serve } from '../../../testing/http';
import { renderWithProviders } from '../../../testing/render';
import { defaultValues, draftData } from '../lib/wizard';
import { OPTIONS } from '../testing/options-fixture';
import { WizardPage } from './wizard-page';

let savedDraft: Record<string, unknown> | null;
const calls = () => sentTo();

beforeEach(() => {
  savedDraft = draftData({
    values: { ...defaultValues('display'), name: 'Half done', landingUrl: 'https://example.com', category: 1 },
    activeStep: 1,
    reached: 1,
  });
  serve(
    answer(campaignEndpoints.options, OPTIONS),
    answer(campaignEndpoints.draft, ({ params }) =>
      params.kind === 'display'
        ? { kind: 'display' as const, data: savedDraft, updatedAt: null }
        : failure(404, 'not found'),
    ),
    answer(campaignEndpoints.saveDraft, ({ params, body }) => {
      if (params.kind !== 'display') return failure(404, 'not found');
      savedDraft = (body as { data: Record<string, unknown> }).data;
      return { kind: 'display' as const, data: savedDraft, updatedAt: null };
    }),
  );
});

const renderWizard = () =>
  renderWithProviders(
    <Routes>
      <Route path="/campaigns/create/:kind" element={<WizardPage />} />
    </Routes>,
    { route: '/campaigns/create/display/' },
  );

describe('WizardPage', () => {
  it('opens the saved draft on its step with its values', async () => {
    const user = userEvent.setup();
    renderWizard();
    expect(await screen.findByTestId('wizard-step-title')).toHaveTextContent('Pricing Details');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(screen.getByTestId('wizard-step-title')).toHaveTextContent('General Details'));
    expect(screen.getByTestId('field-name')).toHaveValue('Half done');
    const put = calls().find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({ data: { activeStep: 0, reached: 1, values: { name: 'Half done' } } });
  });

  it('checks the step before saving and moving on', async () => {
    const user = userEvent.setup();
    renderWizard();
    expect(await screen.findByTestId('wizard-step-title')).toHaveTextContent('Pricing Details');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(M.priceTooLow(0.2))).toBeInTheDocument();
    expect(calls().some((c) => c.method === 'PUT')).toBe(false);
    await user.type(screen.getByTestId('field-price'), '0.4');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('wizard-step-title')).toHaveTextContent('Audience Targeting'));
    expect(savedDraft).toMatchObject({ activeStep: 2, reached: 2, values: { price: 0.4 } });
  });

  it('lets a completed step be clicked but not a later one', async () => {
    const user = userEvent.setup();
    renderWizard();
    expect(await screen.findByTestId('wizard-step-title')).toHaveTextContent('Pricing Details');
    await user.click(screen.getByRole('button', { name: /Upload Creatives/ }));
    expect(screen.getByTestId('wizard-step-title')).toHaveTextContent('Pricing Details');
    await user.click(screen.getByRole('button', { name: /General Details/ }));
    await waitFor(() => expect(screen.getByTestId('wizard-step-title')).toHaveTextContent('General Details'));
  });
});
