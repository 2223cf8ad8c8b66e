import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, StrictMode, useEffect } from 'react';
import { ViewportGuessProvider } from '../lib/hydration';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

/** What a person can act on: a page is answering once every one of these is React's. */
const CONTROLS = 'a[href], button, input, select, textarea, [role="button"], [tabindex]';
/** A page that never completes its hydration (a chunk that failed to load) is marked ready after this anyway. */
const READY_AT_LATEST_MS = 15_000;

/**
 * Whether every control in `root` is hydrated. React hydrates a lazily loaded level later than
 * the rest when its module arrives after the first pass (a screen that main.tsx's preload does
 * not know): until then that level's HTML is the server's, with no handler behind it, and what
 * is typed into it is lost. React keys each node it owns with a `__reactFiber$…` property,
 * which a node of a level still waiting for its hydration does not have yet.
 */
function everyControlHydrated(root: HTMLElement): boolean {
  const owned = (node: Element) => Object.keys(node).some((key) => key.startsWith('__reactFiber$'));
  return [...root.querySelectorAll(CONTROLS)].every(owned);
}

/**
 * Marks the document once the app's first render is committed and every level of the page is
 * hydrated (`<html data-ready>`): from then on its buttons and forms answer. Before it, a page
 * the server rendered shows but does not react yet, and its #root says so (aria-busy,
 * aria-disabled: ssr/document.ts), which ends here.
 */
function ReadyMark() {
  useEffect(() => {
    const root = document.getElementById('root');
    const started = performance.now();
    let frame = 0;
    const check = () => {
      if (root && !everyControlHydrated(root) && performance.now() - started < READY_AT_LATEST_MS) {
        frame = requestAnimationFrame(check);
        return;
      }
      document.documentElement.setAttribute('data-ready', '');
      root?.removeAttribute('aria-busy');
      root?.removeAttribute('aria-disabled');
    };
    check();
    return () => cancelAnimationFrame(frame);
  }, []);
  return null;
}

/**
 * The whole app under its router: the browser's (main.tsx) and the server's, which renders it
 * to HTML for one URL (entry-server.tsx). Both render this same tree, so that hydration finds
 * what the server drew (docs/decisions/062).
 */
export function App({
  queryClient,
  Router,
  viewportWidth,
}: {
  queryClient: QueryClient;
  Router: ComponentType<{ children: ReactNode }>;
  /** The window width the server's render assumed (lib/hydration.ts); absent when the browser renders alone. */
  viewportWidth?: number;
}) {
  return (
    <StrictMode>
      <ViewportGuessProvider value={viewportWidth}>
        <AppProviders queryClient={queryClient}>
          <Router>
            <AppRoutes />
          </Router>
          <ReadyMark />
        </AppProviders>
      </ViewportGuessProvider>
    </StrictMode>
  );
}
