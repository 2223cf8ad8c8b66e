import { matchPath, Navigate, Route, Routes } from 'react-router';
import { paths, routePatterns } from '@cryptads/contract/paths';
import { lazyWithPreload } from '../lib/lazy-preload';
import { NotFoundPage } from '../ui/not-found-page';

/**
 * The billing centre under /billing/ (docs/product/billing.md#screens): each area is its own feature, loaded
 * lazily; this file only composes them.
 */
const BillingDetailsRoutes = lazyWithPreload(async () => ({
  default: (await import('../features/billing-details/routes/billing-details-routes')).BillingDetailsRoutes,
}));
const DepositRoutes = lazyWithPreload(async () => ({
  default: (await import('../features/deposit/routes/deposit-routes')).DepositRoutes,
}));
const BillingHistoryRoutes = lazyWithPreload(async () => ({
  default: (await import('../features/billing-history/routes/billing-history-routes')).BillingHistoryRoutes,
}));

const pattern = routePatterns.billing;

/** The screen of `inner` (the path under /billing/), fetched ahead of its first render. */
export function preloadBillingScreen(inner: string): Promise<unknown> {
  if (matchPath(pattern.details, inner)) return BillingDetailsRoutes.preload();
  if (matchPath(pattern.deposit, inner)) return DepositRoutes.preload();
  if (matchPath(pattern.history, inner)) return BillingHistoryRoutes.preload();
  return Promise.resolve();
}

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
