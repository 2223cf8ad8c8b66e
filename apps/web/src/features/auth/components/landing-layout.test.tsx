import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { systemEndpoints } from '@cryptads/contract/endpoints/system';
import { answer, serve } from '../../../testing/http';
import { publicConfigFixture } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { LandingLayout } from './landing-layout';

beforeEach(() => {
  serve(answer(systemEndpoints.config, publicConfigFixture()));
});

const renderAt = (route: string) =>
  renderWithProviders(
    <Routes>
      <Route element={<LandingLayout />}>
        <Route path="*" element={<p>screen</p>} />
      </Route>
    </Routes>,
    { route },
  );

describe('the landing header', () => {
  it('offers no login link in the middle of a login (the two-factor step)', async () => {
    renderAt('/login2fa/');
    expect(await screen.findByText('screen')).toBeInTheDocument();
    expect(screen.queryByTestId('switch-to-login')).not.toBeInTheDocument();
    expect(screen.queryByTestId('switch-to-signup')).not.toBeInTheDocument();
  });

  it('points sign-up to login and login to sign-up', async () => {
    const { unmount } = renderAt('/signup/');
    expect(await screen.findByTestId('switch-to-login')).toBeInTheDocument();
    unmount();
    renderAt('/login/');
    expect(await screen.findByTestId('switch-to-signup')).toBeInTheDocument();
  });
});
