import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { payoutEndpoints } from '@cryptads/contract/endpoints/payouts';
import type { UserDetails } from '@cryptads/contract/user';
import { saveSession } from '../../../lib/session';
import { answer, serve } from '../../../testing/http';
import { renderWithProviders } from '../../../testing/render';
import { BalanceCard } from './summary-cards';

const PUBLISHER: UserDetails = {
  alias: 'Paul',
  firstName: 'Paul',
  lastName: 'Tester',
  email: 'paul@example.com',
  type: 2,
  balance: 80.5,
  kycVerified: 1,
  pendingDelete: false,
  delete: null,
  currentSignedTerms: 1,
  com: 'paul',
  campaigns: { active: 0, paused: 0, pending: 0, total: 0 },
  overrideRedirecting: false,
  secureStatus: 0,
};

beforeEach(() => saveSession({ userType: 2 }));

describe('the dashboard’s balance card', () => {
  it('tells a publisher the day and the amount of their next payout under the earnings balance', async () => {
    serve(answer(payoutEndpoints.next, { date: '2026-12-14', frequency: 1, balance: 80.5, amount: 80.5, minimum: 50 }));
    renderWithProviders(<BalanceCard user={PUBLISHER} />);
    expect(screen.getByTestId('dashboard-balance')).toHaveTextContent('€80.50');
    expect(await screen.findByTestId('next-payout')).toHaveTextContent('Next payout: €80.50 on 14 Dec 2026.');
  });
});
