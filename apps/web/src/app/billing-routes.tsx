import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { paths, routePatterns } from '@cryptads/contract/paths';
import { NotFoundPage } from '../ui/not-found-page';

/**
 * The billing centre under /billing/ (docs/product/billing.md#screens): each area is its own feature, loaded
 * lazily; this file only composes them.
 */
const BillingDetailsRoutes = lazy(async () => ({
  default: (await import('../features/billing-details/routes/billing-details-routes')).BillingDetailsRoutes,
}));
const DepositRoutes = lazy(async () => ({
  default: (await import('../features/deposit/routes/deposit-routes')).DepositRoutes,
}));
const BillingHistoryRoutes = lazy(async () => ({
  default: (await import('../features/billing-history/routes/billing-history-routes')).BillingHistoryRoutes,
}));

const pattern = routePatterns.billing;

export function BillingRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to={paths.billing.details} replace />} />
      <Route path={pattern.details} element={<BillingDetailsRoutes />} />
      <Route path={pattern.deposit} element={<DepositRoutes />} />
      <Route path={pattern.history} element={<BillingHistoryRoutes />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
