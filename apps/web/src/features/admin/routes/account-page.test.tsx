import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AdminAccountDetail, adminAccountsEndpoints } from '@cryptads/contract/endpoints/admin-accounts';
import { userEndpoints } from '@cryptads/contract/endpoints/user';
import type { UserDetails } from '@cryptads/contract/user';
import { clearSession, saveSession } from '../../../lib/session';
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
  referralShare: null,
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
  campaigns: [{ id: 9, name: 'Winter sale', status: 1, locked: false, createdAt: '2026-11-03T10:00:00.000Z' }],
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

  it('sets the referral share after checking the percent', async () => {
    serve(answer(adminAccountsEndpoints.referralShare, { output: 'Preferred share of ada@example.com set to 7.5 %.' }));
    renderPage();
    expect(await screen.findByTestId('account-referral-share')).toHaveTextContent('Standard');
    await userEvent.click(screen.getByTestId('action-referral-share'));
    const modal = await screen.findByTestId('referral-share-modal');
    expect(within(modal).queryByTestId('referral-share-clear')).not.toBeInTheDocument();
    await userEvent.type(within(modal).getByTestId('referral-share-percent'), '0');
    await userEvent.click(within(modal).getByTestId('referral-share-set'));
    expect(within(modal).getByText('Enter a percent above 0 and at most 10.')).toBeInTheDocument();
    expect(sentTo(adminAccountsEndpoints.referralShare)).toHaveLength(0);
    await userEvent.clear(within(modal).getByTestId('referral-share-percent'));
    await userEvent.type(within(modal).getByTestId('referral-share-percent'), '7.5');
    await userEvent.click(within(modal).getByTestId('referral-share-set'));
    expect(await screen.findByTestId('account-done')).toHaveTextContent('set to 7.5 %');
    expect(sentTo(adminAccountsEndpoints.referralShare)[0]?.body).toEqual({ percent: 7.5 });
  });

  it('clears a referral share the account has', async () => {
    serve(
      answer(adminAccountsEndpoints.account, () => account({ referralShare: 5 })),
      answer(adminAccountsEndpoints.referralShare, { output: 'Preferred share of ada@example.com cleared.' }),
    );
    renderPage();
    expect(await screen.findByTestId('account-referral-share')).toHaveTextContent('5 %');
    await userEvent.click(screen.getByTestId('action-referral-share'));
    await userEvent.click(await screen.findByTestId('referral-share-clear'));
    expect(await screen.findByTestId('account-done')).toHaveTextContent('cleared');
    expect(sentTo(adminAccountsEndpoints.referralShare)[0]?.body).toEqual({ percent: null });
  });

  it('offers Pause on approved websites and Approve on paused or rejected ones, never on pending', async () => {
    const site = (id: number, status: number) => ({
      id,
      name: `site${id}.example`,
      domain: `site${id}.example`,
      status,
      createdAt: '2026-11-03T10:00:00.000Z',
    });
    serve(
      answer(adminAccountsEndpoints.account, () =>
        account({ type: 2, campaigns: [], websites: [site(3, 1), site(4, 2), site(5, 3), site(6, 0)] }),
      ),
      answer(adminAccountsEndpoints.pauseWebsite, { output: 'Website #3 site3.example paused.' }),
    );
    renderPage();
    expect(await screen.findByTestId('website-pause-3')).toBeInTheDocument();
    expect(screen.getByTestId('website-approve-4')).toBeInTheDocument();
    expect(screen.getByTestId('website-approve-5')).toBeInTheDocument();
    expect(screen.queryByTestId('website-pause-6')).not.toBeInTheDocument();
    expect(screen.queryByTestId('website-approve-6')).not.toBeInTheDocument();

    await userEvent.click(screen.getByTestId('website-pause-3'));
    const modal = await screen.findByTestId('action-modal');
    expect(sentTo(adminAccountsEndpoints.pauseWebsite)).toHaveLength(0);
    await userEvent.click(within(modal).getByTestId('action-confirm'));
    expect(await screen.findByTestId('account-done')).toHaveTextContent('Website #3 site3.example paused.');
    expect(sentTo(adminAccountsEndpoints.pauseWebsite)[0]?.url).toBe('/api/admin/accounts/5/websites/3/pause');
  });

  it('locks a campaign, and shows the server refusal of an unlock inside the modal', async () => {
    serve(
      answer(adminAccountsEndpoints.account, () =>
        account({
          campaigns: [
            { id: 9, name: 'Winter sale', status: 1, locked: false, createdAt: '2026-11-03T10:00:00.000Z' },
            { id: 10, name: 'Managed', status: 1, locked: true, createdAt: '2026-11-03T10:00:00.000Z' },
          ],
        }),
      ),
      answer(adminAccountsEndpoints.lockCampaign, { output: 'Campaign #9 locked.' }),
      answer(adminAccountsEndpoints.unlockCampaign, () => failure(404, 'This account has no such campaign.')),
    );
    renderPage();
    await userEvent.click(await screen.findByTestId('campaign-lock-9'));
    await userEvent.click(within(await screen.findByTestId('action-modal')).getByTestId('action-confirm'));
    expect(await screen.findByTestId('account-done')).toHaveTextContent('Campaign #9 locked.');
    expect(sentTo(adminAccountsEndpoints.lockCampaign)[0]?.url).toBe('/api/admin/accounts/5/campaigns/9/lock');

    await userEvent.click(screen.getByTestId('campaign-unlock-10'));
    const modal = await screen.findByTestId('action-modal');
    await userEvent.click(within(modal).getByTestId('action-confirm'));
    expect(await within(modal).findByTestId('action-error')).toHaveTextContent('This account has no such campaign.');
  });

  describe("an operator's own page", () => {
    const me: UserDetails = {
      alias: 'Olga Operator',
      firstName: 'Olga',
      lastName: 'Operator',
      email: 'olga@ops.example',
      type: 3,
      balance: 0,
      kycVerified: 0,
      pendingDelete: false,
      delete: null,
      currentSignedTerms: null,
      com: 'olga',
      campaigns: { active: 0, paused: 0, pending: 0, total: 0 },
      overrideRedirecting: false,
      secureStatus: 1,
    };
    afterEach(() => clearSession());

    it('shows its two-factor state and sessions, and no disable or credit on itself', async () => {
      saveSession({ userType: 3 });
      serve(
        answer(userEndpoints.details, me),
        answer(adminAccountsEndpoints.account, () =>
          account({
            email: me.email,
            type: 3,
            twoFactor: true,
            campaigns: [],
            sessions: [
              {
                id: 1,
                device: 'Chrome on Linux',
                browser: 'Chrome',
                os: 'Linux',
                ip: '127.0.0.1',
                lastSeenAt: '2026-11-26T10:00:00.000Z',
                createdAt: '2026-11-26T09:00:00.000Z',
                active: true,
              },
            ],
          }),
        ),
      );
      renderPage();
      expect(await screen.findByTestId('account-self')).toBeInTheDocument();
      expect(screen.getByText('Two-factor').nextElementSibling).toHaveTextContent('On');
      expect(within(screen.getByTestId('account-sessions')).getByText('Active')).toBeInTheDocument();
      expect(screen.queryByTestId('action-disable')).not.toBeInTheDocument();
      expect(screen.queryByTestId('action-credit')).not.toBeInTheDocument();
      expect(screen.queryByTestId('action-adjust')).not.toBeInTheDocument();
      expect(screen.getByTestId('action-end-sessions')).toBeInTheDocument();
    });
  });
});
