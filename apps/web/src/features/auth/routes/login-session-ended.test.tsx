import { screen } from '@testing-library/react';
import { useEffect } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { systemEndpoints } from '@cryptads/contract/endpoints/system';
import { answer, serve } from '../../../testing/http';
import { publicConfigFixture } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { LoginPage } from './login-page';

const IDLE = 'Your session ended after 15 minutes without activity. Log in again.';

/** What main.tsx's 401 handler does for an operator: back to /login/ with the server's sentence. */
function EndSession({ reason }: { reason: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate('/login/', { replace: true, state: { sessionEnded: reason } });
  }, [navigate, reason]);
  return null;
}

beforeEach(() => serve(answer(systemEndpoints.config, publicConfigFixture())));

describe('LoginPage after a session ended on its own', () => {
  it('shows the server’s reason above the form', async () => {
    renderWithProviders(
      <Routes>
        <Route path="/" element={<EndSession reason={IDLE} />} />
        <Route path="/login/" element={<LoginPage />} />
      </Routes>,
    );
    expect(await screen.findByTestId('login-session-ended')).toHaveTextContent(IDLE);
  });

  it('shows nothing of the kind on an ordinary visit', async () => {
    renderWithProviders(<LoginPage />, { route: '/login/' });
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByTestId('login-session-ended')).not.toBeInTheDocument();
  });
});
