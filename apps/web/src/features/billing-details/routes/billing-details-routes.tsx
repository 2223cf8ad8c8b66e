import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { paths, routePatterns } from '@cryptads/contract/paths';
import { BillingDetailsLayout } from './billing-details-layout';

const IdentificationPage = lazy(async () => ({ default: (await import('./identification-page')).IdentificationPage }));
const UploadDocumentsPage = lazy(async () => ({
  default: (await import('./upload-documents-page')).UploadDocumentsPage,
}));
const WithdrawOptionsPage = lazy(async () => ({
  default: (await import('./withdraw-options-page')).WithdrawOptionsPage,
}));

const pattern = routePatterns.billingDetails;

/** /billing/details/* (mounted at `details/*` by app/billing-routes.tsx); the index opens Identification Details. */
export function BillingDetailsRoutes() {
  return (
    <Routes>
      <Route element={<BillingDetailsLayout />}>
        <Route index element={<Navigate to={paths.billing.identification} replace />} />
        <Route path={pattern.identification} element={<IdentificationPage />} />
        <Route path={pattern.uploadDocuments} element={<UploadDocumentsPage />} />
        <Route path={pattern.withdrawOptions} element={<WithdrawOptionsPage />} />
        <Route path="*" element={<Navigate to={paths.billing.identification} replace />} />
      </Route>
    </Routes>
  );
}
