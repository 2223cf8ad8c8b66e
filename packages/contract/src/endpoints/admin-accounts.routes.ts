import { defineRoutes, OPERATOR } from '../endpoint';

/**
 * Back office: customer accounts, content (terms, announcements), the audit trail and the
 * two-operator approvals (docs/decisions/032). Operators only; every change runs
 * an operator command (the CLI runs the same one) and is audited.
 */
export const adminAccountsRoutes = defineRoutes({
  accounts: { method: 'GET', path: '/admin/accounts', roles: OPERATOR },
  account: { method: 'GET', path: '/admin/accounts/:id', roles: OPERATOR },
  disable: { method: 'POST', path: '/admin/accounts/:id/disable', roles: OPERATOR },
  enable: { method: 'POST', path: '/admin/accounts/:id/enable', roles: OPERATOR },
  credit: { method: 'POST', path: '/admin/accounts/:id/credit', roles: OPERATOR },
  adjust: { method: 'POST', path: '/admin/accounts/:id/adjust', roles: OPERATOR },
  endSessions: { method: 'POST', path: '/admin/accounts/:id/end-sessions', roles: OPERATOR },
  referralShare: { method: 'POST', path: '/admin/accounts/:id/referral-share', roles: OPERATOR },
  pauseWebsite: { method: 'POST', path: '/admin/accounts/:id/websites/:websiteId/pause', roles: OPERATOR },
  approveWebsite: { method: 'POST', path: '/admin/accounts/:id/websites/:websiteId/approve', roles: OPERATOR },
  lockCampaign: { method: 'POST', path: '/admin/accounts/:id/campaigns/:campaignId/lock', roles: OPERATOR },
  unlockCampaign: { method: 'POST', path: '/admin/accounts/:id/campaigns/:campaignId/unlock', roles: OPERATOR },
  terms: { method: 'GET', path: '/admin/terms', roles: OPERATOR },
  publishTerms: { method: 'POST', path: '/admin/terms', roles: OPERATOR },
  announcements: { method: 'GET', path: '/admin/announcements', roles: OPERATOR },
  publishAnnouncement: { method: 'POST', path: '/admin/announcements', roles: OPERATOR },
  audit: { method: 'GET', path: '/admin/audit', roles: OPERATOR },
  approvals: { method: 'GET', path: '/admin/approvals', roles: OPERATOR },
  approve: { method: 'POST', path: '/admin/approvals/:id/approve', roles: OPERATOR },
  reject: { method: 'POST', path: '/admin/approvals/:id/reject', roles: OPERATOR },
});
