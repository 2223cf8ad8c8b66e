import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@cryptads/contract/auth';
import { systemEndpoints } from '@cryptads/contract/endpoints/system';
import { answer, serve } from '../../../testing/http';
import { publicConfigFixture } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { PENDING_SIGNUP_KEY } from '../pending-signup';
import { SignupPage } from './signup-page';

const config = publicConfigFixture({ devMailbox: false });

beforeEach(() => {
  serve(answer(systemEndpoints.config, config));
});

describe('SignupPage', () => {
  it('keeps Next disabled until an account type is chosen', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SignupPage />, { route: '/signup/' });
    expect(screen.getByText(AUTH_MESSAGES.chooseAccountType)).toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: /Publisher/ }));
    expect(next).toBeEnabled();
  });

  it('goes to the form with Create Account and Previous after Next', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SignupPage />, { route: '/signup/' });
    await user.click(screen.getByRole('radio', { name: /Advertiser/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('resumes at the verify step when a pending sign-up is saved', () => {
    window.localStorage.setItem(
      PENDING_SIGNUP_KEY,
      JSON.stringify({ userType: 1, signupEmail: 'new@cryptads.example' }),
    );
    renderWithProviders(<SignupPage />, { route: '/signup/' });
    expect(screen.getByTestId('signup-email')).toHaveTextContent('new@cryptads.example');
    expect(screen.getByLabelText('Digit 1 of 6')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });
});
