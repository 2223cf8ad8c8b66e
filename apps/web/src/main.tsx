import './mantine.css';
import './styles.css';
import { StrictMode } from 'react';
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
preloadRoute(window.location.pathname);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
