import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { type AdminAccountDetail, adminAccountsEndpoints } from '@cryptads/contract/endpoints/admin-accounts';
import { answer, failure, sentTo, serve } from '../../../testing/http';
import { renderWithProviders } from '../../../testing/render';
import { AccountPage } from './account-page';

configure({ asyncUtilTimeout: 5000 });

const account = (over: Partial<AdminAccountDetail> = {}): AdminAccountDetail => ({
  id: 5,
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  type: 1,
  created: '2026-11-01T10:00:00.000Z',
  disabled: false,
  balanceMicros: '250000000',
  twoFactor: false,
  identity: 'unverified',
  firstName: 'Ada',
  lastName: 'Lovelace',
  emailVerified: true,
  disabledAt: null,
  heldMicros: '0',
  transfers: [
    {
      id: 1,
      kind: 'operator_credit',
      amountMicros: '250000000',
      description: 'Goodwill',
      reference: null,
      createdAt: '2026-11-02T10:00:00.000Z',
    },
  ],
  campaigns: [{ id: 9, name: 'Winter sale', status: 1, createdAt: '2026-11-03T10:00:00.000Z' }],
  websites: [],
  sessions: [],
  ...over,
});

const renderPage = () =>
  renderWithProviders(
    <Routes>
      <Route path="/admin/accounts/:id/" element={<AccountPage />} />
    </Routes>,
    { route: '/admin/accounts/5/' },
  );

beforeEach(() => {
  serve(answer(adminAccountsEndpoints.account, () => account()));
});

describe('AccountPage', () => {
  it('shows the balance, the transfers and the campaigns of an advertiser', async () => {
    renderPage();
    expect(await screen.findByTestId('account-balance')).toHaveTextContent('€250.00');
    expect(within(screen.getByTestId('account-transfers')).getByText('Goodwill')).toBeInTheDocument();
    expect(screen.getByText('Winter sale')).toBeInTheDocument();
    expect(screen.getByTestId('account-state')).toHaveTextContent('Active');
  });

  it('asks for a reason before crediting and shows the server refusal inside the modal', async () => {
    serve(answer(adminAccountsEndpoints.credit, () => failure(402, 'The operator credits account is empty.')));
    renderPage();
    await userEvent.click(await screen.findByTestId('action-credit'));
    const modal = await screen.findByTestId('action-modal');
    await userEvent.type(within(modal).getByTestId('action-euros'), '50');
    await userEvent.click(within(modal).getByTestId('action-confirm'));
    expect(within(modal).getByText('Give a reason.')).toBeInTheDocument();
    expect(sentTo(adminAccountsEndpoints.credit)).toHaveLength(0);

    await userEvent.type(within(modal).getByTestId('action-reason'), 'Goodwill');
    await userEvent.click(within(modal).getByTestId('action-confirm'));
    expect(await within(modal).findByTestId('action-error')).toHaveTextContent(
      'The operator credits account is empty.',
    );
    expect(sentTo(adminAccountsEndpoints.credit)[0]?.body).toEqual({ euros: 50, reason: 'Goodwill' });
  });

  it("says a large credit waits for a second operator's approval", async () => {
    serve(
      answer(adminAccountsEndpoints.credit, () =>
        HttpResponse.json(
          { code: 202, response: { pendingApproval: { id: 3, amountMicros: '1500000000' } }, reason: null },
          { status: 202 },
        ),
      ),
    );
    renderPage();
    await userEvent.click(await screen.findByTestId('action-credit'));
    const modal = await screen.findByTestId('action-modal');
    await userEvent.type(within(modal).getByTestId('action-euros'), '1500');
    await userEvent.type(within(modal).getByTestId('action-reason'), 'Prepaid by bank');
    await userEvent.click(within(modal).getByTestId('action-confirm'));
    expect(await within(modal).findByTestId('action-pending')).toHaveTextContent(
      "Waiting for a second operator's approval.",
    );
  });
});
