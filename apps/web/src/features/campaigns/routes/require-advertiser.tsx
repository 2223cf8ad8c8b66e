import { Navigate, Outlet } from 'react-router';
import { paths } from '@cryptads/contract/paths';
import { AccountType } from '@cryptads/contract/account-types';
import { useSession } from '../../../lib/session';

/** Campaign screens are for advertisers (docs/product/campaigns.md#screens, #roles): anyone else is sent home. */
export function RequireAdvertiser() {
  const session = useSession();
  if (!session) return <Navigate to={paths.login} replace />;
  return session.userType === AccountType.Advertiser ? <Outlet /> : <Navigate to={paths.home} replace />;
}
