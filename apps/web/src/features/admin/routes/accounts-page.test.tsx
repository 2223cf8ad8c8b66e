import { configure, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type AdminAccountRow, adminAccountsEndpoints } from '@cryptads/contract/endpoints/admin-accounts';
import { answer, sentTo, serve } from '../../../testing/http';
import { renderWithProviders } from '../../../testing/render';
import { AccountsPage } from './accounts-page';

configure({ asyncUtilTimeout: 5000 });

const operator = (over: Partial<AdminAccountRow>): AdminAccountRow => ({
  id: 7,
  email: 'olga@ops.example',
  name: 'Olga Operator',
  type: 3,
  created: '2026-11-01T10:00:00.000Z',
  disabled: false,
  balanceMicros: '0',
  twoFactor: true,
  identity: 'unverified',
  ...over,
});

describe('AccountsPage', () => {
  it('lists the operators with their two-factor state (operator list on screen)', async () => {
    serve(
      answer(adminAccountsEndpoints.accounts, {
        items: [operator({}), operator({ id: 8, email: 'new@ops.example', twoFactor: false })],
        total: 2,
      }),
    );
    renderWithProviders(
      <Routes>
        <Route path="/admin/accounts/" element={<AccountsPage />} />
      </Routes>,
      { route: '/admin/accounts/?type=3' },
    );
    const table = await screen.findByTestId('accounts-table');
    const olga = (await within(table).findByText('olga@ops.example')).closest('tr');
    const fresh = within(table).getByText('new@ops.example').closest('tr');
    expect(olga).toHaveTextContent('Operator');
    expect(olga).toHaveTextContent('On');
    expect(fresh).toHaveTextContent('Off');
    expect(sentTo(adminAccountsEndpoints.accounts)[0]?.query.get('type')).toBe('3');
  });
});
