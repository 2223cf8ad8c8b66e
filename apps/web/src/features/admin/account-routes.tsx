import { lazy } from 'react';
import { Route } from 'react-router';
import { routePatterns } from '@cryptads/contract/paths';

/** Each of these back-office screens is its own lazy chunk. */
const AccountsPage = lazy(async () => ({ default: (await import('./routes/accounts-page')).AccountsPage }));
const AccountPage = lazy(async () => ({ default: (await import('./routes/account-page')).AccountPage }));
const ContentPage = lazy(async () => ({ default: (await import('./routes/content-page')).ContentPage }));
const AuditPage = lazy(async () => ({ default: (await import('./routes/audit-page')).AuditPage }));
const BankStatementsPage = lazy(async () => ({
  default: (await import('./routes/bank-statements-page')).BankStatementsPage,
}));
const ApprovalsPage = lazy(async () => ({ default: (await import('./routes/approvals-page')).ApprovalsPage }));

const admin = routePatterns.admin;

/**
 * The accounts, content, audit and approvals screens, as <Route> elements relative to the
 * admin router (app/admin-routes.tsx mounts them inside the shell and the 2FA gate).
 */
export const adminAccountRoutes = (
  <>
    <Route path={admin.accounts} element={<AccountsPage />} />
    <Route path={admin.account} element={<AccountPage />} />
    <Route path={admin.content} element={<ContentPage />} />
    <Route path={admin.audit} element={<AuditPage />} />
    <Route path={admin.approvals} element={<ApprovalsPage />} />
    <Route path={admin.bankStatements} element={<BankStatementsPage />} />
  </>
);
