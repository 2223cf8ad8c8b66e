import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../../../ui/not-found-page';

const BillingHistoryPage = lazy(async () => ({ default: (await import('./billing-history-page')).BillingHistoryPage }));
const StatementPage = lazy(async () => ({ default: (await import('./statement-page')).StatementPage }));

/** /billing/history/ and its Statement tab (mounted at `history/*` by app/billing-routes.tsx). */
export function BillingHistoryRoutes() {
  return (
    <Routes>
      <Route index element={<BillingHistoryPage />} />
      <Route path="statement" element={<StatementPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
