import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session';
import { renderWithProviders } from '../../../testing/render';
import { DepositRoutes } from './deposit-routes';

describe('the deposit routes', () => {
  it('tell a publisher that deposits are for advertisers and where their money goes', async () => {
    saveSession({ userType: 2 });
    renderWithProviders(
      <Routes>
        <Route path="/billing/deposit/*" element={<DepositRoutes />} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>,
      { route: '/billing/deposit/' },
    );
    expect(await screen.findByTestId('deposit-publisher')).toHaveTextContent('Deposits are for advertisers');
    expect(screen.getByRole('link', { name: 'Withdraw Options' })).toHaveAttribute(
      'href',
      '/billing/details/withdraw-options/',
    );
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/');
    expect(screen.queryByText('elsewhere')).not.toBeInTheDocument();
  });
});
