import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '@cryptads/contract/auth-messages';
import { authEndpoints } from '@cryptads/contract/endpoints/auth';
import { systemEndpoints } from '@cryptads/contract/endpoints/system';
import { VALIDATION_MESSAGES } from '@cryptads/contract/validation';
import { Route, Routes } from 'react-router';
import { AFTER_LOGIN_WAIT_MS, registerAfterLoginPreload } from '../../../lib/after-login';
import { answer, failure, sentTo, serve } from '../../../testing/http';
import { publicConfigFixture } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { LoginPage, TYPING_PRELOAD_DELAY_MS } from './login-page';

const config = publicConfigFixture({ devMailbox: true });

/** What the dashboard route shows: whether the logged-in area had loaded when it rendered. */
function LoadedMark({ loaded }: { loaded: () => boolean }) {
  return <p>{loaded() ? 'the dashboard, its files loaded' : 'the dashboard, before its files'}</p>;
}

beforeEach(() => {
  serve(
    answer(systemEndpoints.config, config),
    answer(authEndpoints.login, failure(401, 'The email or password you entered is incorrect.')),
  );
});

/**
 * A successful login from /login/, with `dashboard` as what "/" shows; resolves when the
 * Login button was pressed, with the time it was pressed.
 */
async function logInToDashboard(dashboard: ReactElement): Promise<number> {
  serve(answer(authEndpoints.login, { userType: 1, verified: true }));
  const user = userEvent.setup();
  renderWithProviders(
    <Routes>
      <Route path="/login/" element={<LoginPage />} />
      <Route path="/" element={dashboard} />
    </Routes>,
    { route: '/login/' },
  );
  await user.type(screen.getByLabelText('Email'), 'someone@cryptads.example');
  await user.type(screen.getByLabelText('Password'), 'Correct#2026');
  const pressed = performance.now();
  await user.click(screen.getByRole('button', { name: 'Login' }));
  return pressed;
}

describe('LoginPage', () => {
  it('shows the contract messages for an empty form and sends nothing', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />, { route: '/login/' });
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(VALIDATION_MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.loginPasswordRequired)).toBeInTheDocument();
    expect(sentTo(authEndpoints.login)).toHaveLength(0);
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
    expect(sentTo(authEndpoints.login).map((r) => r.body)).toEqual([
      {
        email: 'someone@cryptads.example',
        password: 'wrong',
        rememberMe: false,
        captcha: 'none',
      },
    ]);
  });

  describe('on submit', () => {
    afterEach(() => registerAfterLoginPreload(null));

    it('starts the logged-in area downloading a while after the form is first focused, before any submit', async () => {
      const preload = vi.fn(() => Promise.resolve());
      registerAfterLoginPreload(preload);
      const user = userEvent.setup();
      renderWithProviders(<LoginPage />, { route: '/login/' });
      await screen.findByLabelText('Email');
      expect(preload).not.toHaveBeenCalled();
      await user.click(screen.getByLabelText('Email'));
      // A while after the focus (a form filled at once sends its login call first).
      expect(preload).not.toHaveBeenCalled();
      await vi.waitFor(() => expect(preload).toHaveBeenCalled(), { timeout: TYPING_PRELOAD_DELAY_MS + 2000 });
    });

    it('starts the dashboard calls once the login answered, before the logged-in area has loaded', async () => {
      const calls = vi.fn();
      registerAfterLoginPreload(() => new Promise(() => undefined), calls);
      await logInToDashboard(<p>the dashboard</p>);
      await vi.waitFor(() => expect(calls).toHaveBeenCalledTimes(1));
      expect(screen.queryByText('the dashboard')).not.toBeInTheDocument();
    });

    it('starts no dashboard call when the login fails', async () => {
      const calls = vi.fn();
      registerAfterLoginPreload(() => Promise.resolve(), calls);
      const user = userEvent.setup();
      renderWithProviders(<LoginPage />, { route: '/login/' });
      await user.type(screen.getByLabelText('Email'), 'someone@cryptads.example');
      await user.type(screen.getByLabelText('Password'), 'wrong');
      await user.click(screen.getByRole('button', { name: 'Login' }));
      await screen.findByTestId('form-error');
      expect(sentTo(authEndpoints.login)).toHaveLength(1);
      expect(calls).not.toHaveBeenCalled();
    });

    it('opens the dashboard only once the logged-in area has loaded, or after the longest wait', async () => {
      // Files that never arrive: the dashboard opens after AFTER_LOGIN_WAIT_MS, not at the answer.
      registerAfterLoginPreload(() => new Promise(() => undefined));
      const submitted = await logInToDashboard(<p>the dashboard</p>);
      await screen.findByText('the dashboard', undefined, { timeout: AFTER_LOGIN_WAIT_MS + 2000 });
      expect(performance.now() - submitted).toBeGreaterThanOrEqual(AFTER_LOGIN_WAIT_MS - 20);
    });

    it('opens the dashboard as soon as the logged-in area has loaded', async () => {
      let loaded = false;
      registerAfterLoginPreload(async () => {
        await new Promise((resolve) => setTimeout(resolve, 100));
        loaded = true;
      });
      await logInToDashboard(<LoadedMark loaded={() => loaded} />);
      expect(await screen.findByText('the dashboard, its files loaded')).toBeInTheDocument();
    });
  });
});
