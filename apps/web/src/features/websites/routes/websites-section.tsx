import { Navigate, Outlet } from 'react-router';
import { paths } from '@cryptads/contract/paths';
import { AccountType } from '@cryptads/contract/account-types';
import { useSession } from '../../../lib/session';

/** The websites area is the publisher's (docs/product/websites.md#screens, #roles): anyone else goes back home. */
export function WebsitesSection() {
  const session = useSession();
  return session?.userType === AccountType.Publisher ? <Outlet /> : <Navigate to={paths.home} replace />;
}
