import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CAMPAIGN_MESSAGES as M } from '@cryptads/contract/campaign-messages';
import { envelopeResponse, renderWithProviders } from '../../../testing/render';
import { defaultValues, draftData } from '../lib/wizard';
import { OPTIONS } from '../testing/options-fixture';
import { WizardPage } from './wizard-page';

type Call = { url: string; method: string; body: unknown };
let calls: Call[];
let savedDraft: Record<string, unknown> | null;

beforeEach(() => {
  calls = [];
  savedDraft = draftData({
    values: { ...defaultValues('display'), name: 'Half done', landingUrl: 'https://example.com', category: 1 },
    activeStep: 1,
    reached: 1,
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, method, body });
      if (url === '/api/campaigns/options') return envelopeResponse(OPTIONS);
      if (url === '/api/campaigns/drafts/display' && method === 'GET')
        return envelopeResponse({ kind: 'display', data: savedDraft, updatedAt: null });
      if (url === '/api/campaigns/drafts/display' && method === 'PUT') {
        savedDraft = body.data;
        return envelopeResponse({ kind: 'display', data: body.data, updatedAt: null });
      }
      return envelopeResponse(null, 404, 'not found');
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
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({ data: { activeStep: 0, reached: 1, values: { name: 'Half done' } } });
  });

  it('checks the step before saving and moving on', async () => {
    const user = userEvent.setup();
    renderWizard();
    expect(await screen.findByTestId('wizard-step-title')).toHaveTextContent('Pricing Details');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(M.priceTooLow(0.2))).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
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
