import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, StrictMode, useEffect } from 'react';
import { ViewportGuessProvider } from '../lib/hydration';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

/**
 * Marks the document once the app's first render is committed (`<html data-ready>`): from then
 * on its buttons and forms answer. Before it, a page the server rendered shows but does not
 * react yet, and its #root says so (aria-busy, aria-disabled: ssr/document.ts), which ends here.
 */
function ReadyMark() {
  useEffect(() => {
    document.documentElement.setAttribute('data-ready', '');
    const root = document.getElementById('root');
    root?.removeAttribute('aria-busy');
    root?.removeAttribute('aria-disabled');
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
