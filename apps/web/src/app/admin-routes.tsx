import { useQueryClient } from '@tanstack/react-query';
import { Route, Routes } from 'react-router';
import { routePatterns } from '@cryptads/contract/paths';
import { adminKeys } from '../features/admin/api/keys';
import { AdminTwoFactorGate } from '../features/admin/components/admin-gate';
import { AdminBareLayout, AdminShell } from '../features/admin/components/admin-shell';
import { OverviewPage } from '../features/admin/routes/overview-page';
import { QueuePage } from '../features/admin/routes/queue-page';
import { SetupTwoFactorPage } from '../features/admin/routes/setup-two-factor-page';
import { adminAccountRoutes } from '../features/admin/account-routes';
import { EnableContent } from '../features/settings/components/two-factor-modal';
import { NotFoundPage } from '../ui/not-found-page';

const pattern = routePatterns.admin;

/** The settings' QR code and code form; once 2FA is on, the gate opens the overview. */
function MandatoryTwoFactor() {
  const queryClient = useQueryClient();
  return (
    <SetupTwoFactorPage>
      <EnableContent onDone={() => void queryClient.invalidateQueries({ queryKey: adminKeys.twoFactor() })} />
    </SetupTwoFactorPage>
  );
}

/**
 * The back office under /admin/ (docs/decisions/032), for operators only (the
 * guard in authenticated-app.tsx): the overview, queues, accounts, content, audit and
 * approval screens, all from features/admin. Until the operator's two-factor
 * authentication is on, the gate shows the set-up screen only.
 */
export function AdminRoutes() {
  return (
    <Routes>
      <Route element={<AdminTwoFactorGate />}>
        <Route element={<AdminBareLayout />}>
          <Route path={pattern.setup2fa} element={<MandatoryTwoFactor />} />
        </Route>
        <Route element={<AdminShell />}>
          <Route index element={<OverviewPage />} />
          <Route path={pattern.queue} element={<QueuePage />} />
          {adminAccountRoutes}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}
