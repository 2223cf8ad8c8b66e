import { Navigate, Outlet, Route, Routes } from 'react-router';
import { AccountType } from '@cryptads/contract/account';
import { paths } from '@cryptads/contract/paths';
import { useSession } from '../../../lib/session';
import { DepositPage } from './deposit-page';

/** Deposits are for advertisers (docs/product/billing.md#deposits, #roles: publishers have no deposit routes). */
function RequireAdvertiser() {
  const session = useSession();
  if (!session) return <Navigate to={paths.login} replace />;
  return session.userType === AccountType.Advertiser ? <Outlet /> : <Navigate to={paths.home} replace />;
}

/**
 * /billing/deposit/* (mounted by app/billing-routes.tsx): /billing/deposit/ (crypto),
 * /crypto/, /card-payment, /bank-transfer and /instant/ all render the one deposit screen,
 * which reads its tab from the path; any other path goes back to /billing/deposit/.
 */
export function DepositRoutes() {
  return (
    <Routes>
      <Route element={<RequireAdvertiser />}>
        <Route path="*" element={<DepositPage />} />
      </Route>
    </Routes>
  );
}
