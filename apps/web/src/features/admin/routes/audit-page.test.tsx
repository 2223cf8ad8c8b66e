import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type AuditEntry, adminAccountsEndpoints } from '@cryptads/contract/endpoints/admin-accounts';
import { answer, forgetRequests, sentTo, serve } from '../../../testing/http';
import { renderWithProviders } from '../../../testing/render';
import { AuditPage } from './audit-page';

configure({ asyncUtilTimeout: 5000 });

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  at: '2026-11-20T10:00:00.000Z',
  actorId: 7,
  actorEmail: 'olga@ops.example',
  via: 'screen',
  action: 'user credit',
  objectType: 'user',
  objectId: 'ada@example.com',
  changes: { args: ['ada@example.com', '250', 'Goodwill'], result: 'Credited €250.00' },
  approvalId: null,
  ...over,
});

beforeEach(() => {
  forgetRequests();
  serve(
    answer(adminAccountsEndpoints.audit, () => ({
      items: [
        entry({}),
        entry({ id: 2, actorId: null, actorEmail: null, via: 'command line', action: 'user disable', changes: {} }),
      ],
      total: 2,
    })),
  );
});

describe('AuditPage', () => {
  it('shows who acted (an operator or the command line) and what changed, with no edit or delete', async () => {
    renderWithProviders(<AuditPage />, { route: '/admin/audit/' });
    const rows = await screen.findAllByTestId('audit-table-row');
    expect(rows[0]).toHaveTextContent('olga@ops.example');
    expect(rows[0]).toHaveTextContent('args: ada@example.com 250 Goodwill');
    expect(rows[0]).toHaveTextContent('result: Credited €250.00');
    expect(rows[1]).toHaveTextContent('command line');
    expect(within(screen.getByTestId('audit-table')).queryByRole('button')).toBeNull();
  });

  it('sends the filters to the server, a date range as the operator’s whole days', async () => {
    renderWithProviders(<AuditPage />, { route: '/admin/audit/' });
    await screen.findAllByTestId('audit-table-row');
    await userEvent.type(screen.getByTestId('audit-object-type'), 'user');
    await userEvent.type(screen.getByTestId('audit-object-id'), 'ada@example.com');
    // The en-GB product reads and types days as dd/mm/yyyy, whatever the browser's locale.
    expect(screen.getByTestId('audit-from')).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    await userEvent.type(screen.getByTestId('audit-from'), '01/11/2026');
    await userEvent.type(screen.getByTestId('audit-to'), '30/11/2026');
    await userEvent.tab();
    expect(screen.getByTestId('audit-from')).toHaveValue('01/11/2026');
    expect(screen.getByTestId('audit-to')).toHaveValue('30/11/2026');
    await userEvent.click(screen.getByTestId('audit-apply'));
    await screen.findAllByTestId('audit-table-row');
    const last = sentTo(adminAccountsEndpoints.audit).at(-1);
    expect(last?.query.get('objectType')).toBe('user');
    expect(last?.query.get('objectId')).toBe('ada@example.com');
    expect(last?.query.get('from')).toBe(new Date(2026, 10, 1).toISOString());
    // 'To' includes its whole day: the server's bound is exclusive.
    expect(last?.query.get('to')).toBe(new Date(2026, 11, 1).toISOString());
  });
});
