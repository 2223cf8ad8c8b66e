import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { paths, routePatterns } from '@cryptads/contract/paths';
import { SettingsLayout } from './settings-layout';

/**
 * Each settings screen is lazy: opening Account Security does not download the API keys,
 * webhooks, password and deletion forms (decision 048). The layout's Suspense keeps the tabs
 * on screen while one loads.
 */
const SecurityPage = lazy(async () => ({ default: (await import('./security-page')).SecurityPage }));
const ChangePasswordPage = lazy(async () => ({ default: (await import('./change-password-page')).ChangePasswordPage }));
const EmailPreferencesPage = lazy(async () => ({
  default: (await import('./email-preferences-page')).EmailPreferencesPage,
}));
const DeleteAccountPage = lazy(async () => ({ default: (await import('./delete-account-page')).DeleteAccountPage }));
const ApiKeysPage = lazy(async () => ({ default: (await import('./api-keys-page')).ApiKeysPage }));
const WebhooksPage = lazy(async () => ({ default: (await import('./webhooks-page')).WebhooksPage }));
const SellerListingPage = lazy(async () => ({ default: (await import('./seller-listing-page')).SellerListingPage }));

const pattern = routePatterns.settings;

/** /settings/* (docs/product/account.md#settings); /settings/ opens Account Security. */
export function SettingsRoutes() {
  return (
    <Routes>
      <Route element={<SettingsLayout />}>
        <Route index element={<Navigate to={paths.settings.security} replace />} />
        <Route path={pattern.security} element={<SecurityPage />} />
        <Route path={pattern.changePassword} element={<ChangePasswordPage />} />
        <Route path={pattern.email} element={<EmailPreferencesPage />} />
        <Route path={pattern.deleteAccount} element={<DeleteAccountPage />} />
        <Route path={pattern.apiKeys} element={<ApiKeysPage />} />
        <Route path={pattern.webhooks} element={<WebhooksPage />} />
        <Route path={pattern.sellers} element={<SellerListingPage />} />
        <Route path="*" element={<Navigate to={paths.settings.security} replace />} />
      </Route>
    </Routes>
  );
}
