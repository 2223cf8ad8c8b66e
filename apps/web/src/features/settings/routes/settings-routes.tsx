import { Navigate, Route, Routes } from 'react-router';
import { ChangePasswordPage } from './change-password-page';
import { DeleteAccountPage } from './delete-account-page';
import { EmailPreferencesPage } from './email-preferences-page';
import { SecurityPage } from './security-page';
import { SettingsLayout } from './settings-layout';

/** /settings/* (spec 000 §2.10); /settings/ opens Account Security. */
export function SettingsRoutes() {
  return (
    <Routes>
      <Route element={<SettingsLayout />}>
        <Route index element={<Navigate to="/settings/security/" replace />} />
        <Route path="security" element={<SecurityPage />} />
        <Route path="change-password" element={<ChangePasswordPage />} />
        <Route path="email" element={<EmailPreferencesPage />} />
        <Route path="delete-account" element={<DeleteAccountPage />} />
        <Route path="*" element={<Navigate to="/settings/security/" replace />} />
      </Route>
    </Routes>
  );
}
