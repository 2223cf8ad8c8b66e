import { Navigate, Route, Routes } from 'react-router';
import { paths, routePatterns } from '@cryptads/contract/paths';
import { ApiKeysPage } from './api-keys-page';
import { ChangePasswordPage } from './change-password-page';
import { DeleteAccountPage } from './delete-account-page';
import { EmailPreferencesPage } from './email-preferences-page';
import { SecurityPage } from './security-page';
import { WebhooksPage } from './webhooks-page';
import { SettingsLayout } from './settings-layout';

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
        <Route path="*" element={<Navigate to={paths.settings.security} replace />} />
      </Route>
    </Routes>
  );
}
