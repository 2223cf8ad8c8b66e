import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Approval, adminAccountsEndpoints } from '@cryptads/contract/endpoints/admin-accounts';
import { userEndpoints } from '@cryptads/contract/endpoints/user';
import type { UserDetails } from '@cryptads/contract/user';
import { clearSession, saveSession } from '../../../lib/session';
import { answer, failure, serve } from '../../../testing/http';
import { renderWithProviders } from '../../../testing/render';
import { ApprovalsPage, SECOND_OPERATOR_NOTE } from './approvals-page';

configure({ asyncUtilTimeout: 5000 });

const approval = (id: number, requestedByEmail: string): Approval => ({
  id,
  domain: 'user',
  action: 'credit',
  args: ['ada@example.com', '1500', 'back-office-1d03fe22-2d3b-416b-a90b-4ebb1b3ce38d', 'Prepaid'],
  amountMicros: '1500000000',
  requestedBy: id,
  requestedByEmail,
  requestedAt: '2026-11-20T10:00:00.000Z',
  status: 'pending',
  decidedBy: null,
  decidedByEmail: null,
  decidedAt: null,
  output: null,
  reason: null,
});

const me: UserDetails = {
  alias: 'Olga Operator',
  firstName: 'Olga',
  lastName: 'Operator',
  email: 'me@ops.example',
  type: 3,
  balance: 0,
  kycVerified: 0,
  pendingDelete: false,
  delete: null,
  currentSignedTerms: null,
  com: 'olga',
  campaigns: { active: 0, paused: 0, pending: 0, total: 0 },
  overrideRedirecting: false,
  secureStatus: 0,
};

afterEach(() => clearSession());

beforeEach(() => {
  saveSession({ userType: 3 });
  serve(
    answer(userEndpoints.details, me),
    answer(adminAccountsEndpoints.approvals, () => ({
      items: [approval(1, 'me@ops.example'), approval(2, 'other@ops.example')],
      total: 2,
    })),
  );
});

describe('ApprovalsPage', () => {
  it("lets an operator decide another operator's request but not the own one", async () => {
    renderWithProviders(<ApprovalsPage />, { route: '/admin/approvals/' });
    const rows = await screen.findAllByTestId('approvals-table-row');
    expect(await within(rows[0] as HTMLElement).findByText(SECOND_OPERATOR_NOTE)).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).queryByTestId('approval-approve')).toBeNull();
    expect(within(rows[1] as HTMLElement).getByTestId('approval-approve')).toBeInTheDocument();
    // The idempotency key of the screens is not part of what a person reads.
    expect(rows[1]).toHaveTextContent('user credit ada@example.com 1500 Prepaid');
  });

  it("shows the server's refusal in the decision modal", async () => {
    serve(answer(adminAccountsEndpoints.approve, () => failure(409, 'This approval was already decided.')));
    renderWithProviders(<ApprovalsPage />, { route: '/admin/approvals/' });
    const rows = await screen.findAllByTestId('approvals-table-row');
    await userEvent.click(within(rows[1] as HTMLElement).getByTestId('approval-approve'));
    const modal = await screen.findByTestId('action-modal');
    await userEvent.click(within(modal).getByTestId('action-confirm'));
    expect(await within(modal).findByTestId('action-error')).toHaveTextContent('This approval was already decided.');
  });
});
