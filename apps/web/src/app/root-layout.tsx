import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { registerNavigate } from '../lib/navigation';
import { PageLoader } from '../ui/page-loader';
import { DocumentTitle } from './document-title';
import { RouteErrorBoundary } from './route-error';
import { useSessionWatch } from './session-watch';

export function RootLayout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useSessionWatch();

  useEffect(() => {
    registerNavigate(navigate);
    return () => registerNavigate(null);
  }, [navigate]);

  // A new page starts at the top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <>
      <DocumentTitle />
      <RouteErrorBoundary resetKey={pathname}>
        <Suspense fallback={<PageLoader fullScreen />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
    </>
  );
}
