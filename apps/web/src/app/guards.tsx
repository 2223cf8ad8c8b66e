import { Navigate, Outlet } from 'react-router';
import { paths } from '@cryptads/contract/paths';
import { useSession } from '../lib/session';

/** Public routes are shown only when logged out (spec 000 §2.1). */
export function PublicOnly() {
  return useSession() ? <Navigate to={paths.home} replace /> : <Outlet />;
}

/** Protected routes send a logged-out visitor to /login/. */
export function RequireAuth() {
  return useSession() ? <Outlet /> : <Navigate to={paths.login} replace />;
}
