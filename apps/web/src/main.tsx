import './mantine.css';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { paths } from '@cryptads/contract/paths';
import { AppProviders } from './app/providers';
import { AppRoutes, preloadRoute } from './app/router';
import { configureApiClient } from './lib/api-client';
import { publicConfigQueryOptions } from './lib/api/get-public-config';
import { navigateTo } from './lib/navigation';
import { queryClient } from './lib/query-client';
import { clearSession, getSession } from './lib/session';

// A 401 ends the session; a 401 with code 99 means the account is disabled (docs/product/account.md#session-and-states, #messages).
configureApiClient({
  onUnauthorized: (reason) => {
    // An operator's session ends after minutes without activity: the login screen says so.
    const operator = getSession()?.userType === 3;
    clearSession();
    queryClient.clear();
    navigateTo(paths.login, { replace: true, state: operator && reason ? { sessionEnded: reason } : undefined });
  },
  onBanned: () => {
    clearSession();
    queryClient.clear();
    navigateTo(paths.banned, { replace: true });
  },
});

// Product name and captcha provider are needed by the first screen; ask at once.
void queryClient.prefetchQuery(publicConfigQueryOptions());

/**
 * The first render waits for the modules of the path's levels (at most this long): a level
 * that suspends shows its loader, and React reveals a suspended boundary at most every 300 ms,
 * so rendering before they are there costs a warm visit most of that wait.
 */
const FIRST_RENDER_WAIT_MS = 1500;

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// As a transition, the first render yields to the browser every few milliseconds instead of
// holding the main thread for the whole page at once (a long task on a slow phone).
const render = () =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    ),
  );

// A module that fails to load is the router's to report: the render goes on without it.
void Promise.race([
  preloadRoute(window.location.pathname).catch(() => undefined),
  new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS)),
]).then(render);
