import { defineRoutes, OPERATOR } from '../endpoint';

/**
 * The back office's overview and review queues. Operators only (with two-factor
 * on); every action runs the operator command of the same name through the audited runner.
 */
export const adminRoutes = defineRoutes({
  overview: { method: 'GET', path: '/admin/overview', roles: OPERATOR },

  campaignsQueue: { method: 'GET', path: '/admin/queues/campaigns', roles: OPERATOR },
  campaignApprove: { method: 'POST', path: '/admin/campaigns/:id/approve', roles: OPERATOR },
  campaignReject: { method: 'POST', path: '/admin/campaigns/:id/reject', roles: OPERATOR },
  campaignLock: { method: 'POST', path: '/admin/campaigns/:id/lock', roles: OPERATOR },
  campaignUnlock: { method: 'POST', path: '/admin/campaigns/:id/unlock', roles: OPERATOR },
  campaignsApprove: { method: 'POST', path: '/admin/campaigns/approve', roles: OPERATOR },

  websitesQueue: { method: 'GET', path: '/admin/queues/websites', roles: OPERATOR },
  websiteApprove: { method: 'POST', path: '/admin/websites/:id/approve', roles: OPERATOR },
  websiteReject: { method: 'POST', path: '/admin/websites/:id/reject', roles: OPERATOR },
  websitesApprove: { method: 'POST', path: '/admin/websites/approve', roles: OPERATOR },

  zonesQueue: { method: 'GET', path: '/admin/queues/zones', roles: OPERATOR },
  zoneApprove: { method: 'POST', path: '/admin/zones/:id/approve', roles: OPERATOR },
  zoneReject: { method: 'POST', path: '/admin/zones/:id/reject', roles: OPERATOR },
  zonePause: { method: 'POST', path: '/admin/zones/:id/pause', roles: OPERATOR },
  zonesApprove: { method: 'POST', path: '/admin/zones/approve', roles: OPERATOR },

  listingsQueue: { method: 'GET', path: '/admin/queues/listings', roles: OPERATOR },
  listingApprove: { method: 'POST', path: '/admin/listings/:id/approve', roles: OPERATOR },
  listingReject: { method: 'POST', path: '/admin/listings/:id/reject', roles: OPERATOR },

  documentsQueue: { method: 'GET', path: '/admin/queues/documents', roles: OPERATOR },
  documentFile: { method: 'GET', path: '/admin/documents/:id/file', roles: OPERATOR, download: true },
  identityApprove: { method: 'POST', path: '/admin/identity/:userId/approve', roles: OPERATOR },
  identityReject: { method: 'POST', path: '/admin/identity/:userId/reject', roles: OPERATOR },
  identityRecheck: { method: 'POST', path: '/admin/identity/:userId/recheck', roles: OPERATOR },

  transfersQueue: { method: 'GET', path: '/admin/queues/transfers', roles: OPERATOR },
  transferConfirm: { method: 'POST', path: '/admin/transfers/:reference/confirm', roles: OPERATOR },

  payoutsQueue: { method: 'GET', path: '/admin/queues/payouts', roles: OPERATOR },
  payoutSent: { method: 'POST', path: '/admin/payouts/:id/sent', roles: OPERATOR },
  payoutFailed: { method: 'POST', path: '/admin/payouts/:id/failed', roles: OPERATOR },
  payoutComplete: { method: 'POST', path: '/admin/payouts/:id/complete', roles: OPERATOR },
  payoutsRun: { method: 'POST', path: '/admin/payouts/run', roles: OPERATOR },

  marketplaceQueue: { method: 'GET', path: '/admin/queues/marketplace', roles: OPERATOR },
  marketplaceAccept: { method: 'POST', path: '/admin/marketplace/items/:id/accept', roles: OPERATOR },
  marketplaceDeliver: { method: 'POST', path: '/admin/marketplace/items/:id/deliver', roles: OPERATOR },
  marketplaceDeny: { method: 'POST', path: '/admin/marketplace/items/:id/deny', roles: OPERATOR },
  marketplaceComplete: { method: 'POST', path: '/admin/marketplace/items/:id/complete', roles: OPERATOR },
  marketplaceRefund: { method: 'POST', path: '/admin/marketplace/items/:id/refund', roles: OPERATOR },

  trafficQueue: { method: 'GET', path: '/admin/queues/traffic', roles: OPERATOR },

  deadLettersQueue: { method: 'GET', path: '/admin/queues/deadletters', roles: OPERATOR },
  deadLetterRetry: { method: 'POST', path: '/admin/deadletters/:id/retry', roles: OPERATOR },
  deadLettersRetryAll: { method: 'POST', path: '/admin/deadletters/retry', roles: OPERATOR },

  ledgerCheck: { method: 'POST', path: '/admin/ledger/check', roles: OPERATOR },
});
