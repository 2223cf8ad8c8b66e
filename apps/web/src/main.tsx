import './mantine.css';
import './styles.css';
import { hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { paths } from '@cryptads/contract/paths';
import { App } from './app/app';
import { preloadRoute } from './app/router';
import { configureApiClient } from './lib/api-client';
import { publicConfigQueryOptions } from './lib/api/get-public-config';
import { navigateTo } from './lib/navigation';
import { askAhead, prefetchInto } from './lib/prefetch';
import { queryClient } from './lib/query-client';
import { clearSession, getSession } from './lib/session';
import { type PageState, STATE_ELEMENT_ID } from './ssr/document';

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

/**
 * The first render waits for the modules of the path's levels (at most this long): a level
 * that suspends shows its loader, and React reveals a suspended boundary at most every 300 ms,
 * so rendering before they are there costs a warm visit most of that wait. A page the server
 * rendered is on screen already and waits longer: a level hydrated in a later pass than the
 * rest could meet data that the first pass's components asked for meanwhile, and no longer
 * match its HTML.
 */
const FIRST_RENDER_WAIT_MS = 1500;
const HYDRATION_WAIT_MS = 15_000;

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * The server sent the page's HTML (docs/decisions/062): it paints before any script, and the
 * query cache's state that it was rendered from comes beside it. The browser's first render
 * must draw exactly the same: it starts from that state, and nothing enters the cache before
 * the hydration (an answer landing first would draw something the HTML does not have): the
 * page's other calls are asked ahead, their answers kept for the components (lib/prefetch.ts).
 */
const serverState = document.getElementById(STATE_ELEMENT_ID);
const state: PageState | null = serverState?.textContent ? JSON.parse(serverState.textContent) : null;
if (state) hydrate(queryClient, state.cache);
// Product name and captcha provider are needed by the first screen; ask at once. A page the
// server rendered has them in its state, or (a public page prerendered at build) asks once
// hydrated.
if (!serverState) void queryClient.prefetchQuery(publicConfigQueryOptions());

const app = <App queryClient={queryClient} Router={BrowserRouter} viewportWidth={state?.viewportWidth} />;

// As a transition, the first render (or hydration) yields to the browser every few milliseconds
// instead of holding the main thread for the whole page at once (a long task on a slow phone).
const render = () =>
  startTransition(() => {
    if (serverState) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });

// A module that fails to load is the router's to report: the render goes on without it.
void Promise.race([
  preloadRoute(window.location.pathname, state ? askAhead(queryClient) : prefetchInto(queryClient)).catch(
    () => undefined,
  ),
  new Promise((resolve) => setTimeout(resolve, serverState ? HYDRATION_WAIT_MS : FIRST_RENDER_WAIT_MS)),
]).then(render);
