import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { VALIDATION_MESSAGES } from '@cryptads/contract/validation';
import { AUTH_MESSAGES } from '@cryptads/contract/auth-messages';
import { envelopeResponse, renderWithProviders } from '../../../testing/render';
import { LoginPage } from './login-page';

const config = {
  productName: 'Cryptads',
  captcha: { provider: 'none', siteKey: null },
  devMailbox: true,
  supportEmail: 's@x.io',
};
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/config') return envelopeResponse(config);
    return envelopeResponse(null, 401, 'The email or password you entered is incorrect.');
  });
  vi.stubGlobal('fetch', fetchMock);
});

describe('LoginPage', () => {
  it('shows the contract messages for an empty form and sends nothing', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />, { route: '/login/' });
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(VALIDATION_MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.loginPasswordRequired)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/login')).toBe(false);
  });

  it('shows the server reason under the form when the login fails', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />, { route: '/login/' });
    await user.type(screen.getByLabelText('Email'), 'someone@cryptads.example');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByTestId('form-error')).toHaveTextContent(
      'The email or password you entered is incorrect.',
    );
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/login');
    const init = call?.[1] as RequestInit | undefined;
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'someone@cryptads.example',
      password: 'wrong',
      rememberMe: false,
      captcha: 'none',
    });
  });
});
