import { Navigate, Outlet } from 'react-router';
import type { AccountType } from '@cryptads/contract/account-types';
import { paths } from '@cryptads/contract/paths';
import { useSession } from '../lib/session';
import { NotFoundPage } from '../ui/not-found-page';

/** Public routes are shown only when logged out (docs/product/account.md#public-routes). */
export function PublicOnly() {
  return useSession() ? <Navigate to={paths.home} replace /> : <Outlet />;
}

/** Protected routes send a logged-out visitor to /login/. */
export function RequireAuth() {
  return useSession() ? <Outlet /> : <Navigate to={paths.login} replace />;
}

/** AccountType.Operator, as a type-checked literal: the contract's account module brings zod into the first load. */
const OPERATOR: AccountType = 3;

/** Operators (account type 3) never see the customers' screens: their home is the back office. */
export function CustomerOnly() {
  return useSession()?.userType === OPERATOR ? <Navigate to={paths.admin.overview} replace /> : <Outlet />;
}

/** The back office answers a customer as any unknown path does (docs/product/account.md#public-routes). */
export function OperatorOnly() {
  return useSession()?.userType === OPERATOR ? <Outlet /> : <NotFoundPage />;
}
