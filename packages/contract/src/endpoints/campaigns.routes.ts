import { defineRoutes, PUBLIC } from '../endpoint';

/** The advertiser campaigns API (docs/product/campaigns.md#preview-and-sharing, #api). Only the preview by permalink is public. */
const advertiser = ['advertiser'] as const;

export const campaignRoutes = defineRoutes({
  options: { method: 'GET', path: '/campaigns/options', roles: advertiser, scope: 'campaigns:read' },
  list: { method: 'GET', path: '/campaigns', roles: advertiser, scope: 'campaigns:read' },
  information: { method: 'GET', path: '/campaigns/information', roles: advertiser, scope: 'campaigns:read' },
  names: { method: 'GET', path: '/campaigns/names', roles: advertiser, scope: 'campaigns:read' },
  archived: { method: 'GET', path: '/campaigns/archived', roles: advertiser, scope: 'campaigns:read' },
  blacklist: { method: 'GET', path: '/campaigns/blacklist', roles: advertiser },
  saveBlacklist: { method: 'PUT', path: '/campaigns/blacklist', roles: advertiser },
  draft: { method: 'GET', path: '/campaigns/drafts/:kind', roles: advertiser },
  saveDraft: { method: 'PUT', path: '/campaigns/drafts/:kind', roles: advertiser },
  deleteDraft: { method: 'DELETE', path: '/campaigns/drafts/:kind', roles: advertiser },
  create: { method: 'POST', path: '/campaigns', roles: advertiser, scope: 'campaigns:write' },
  detail: { method: 'GET', path: '/campaigns/:id', roles: advertiser, scope: 'campaigns:read' },
  update: { method: 'PUT', path: '/campaigns/:id', roles: advertiser, scope: 'campaigns:write' },
  run: { method: 'POST', path: '/campaigns/:id/run', roles: advertiser, scope: 'campaigns:write' },
  pause: { method: 'POST', path: '/campaigns/:id/pause', roles: advertiser, scope: 'campaigns:write' },
  archive: { method: 'POST', path: '/campaigns/:id/archive', roles: advertiser },
  unarchive: { method: 'POST', path: '/campaigns/:id/unarchive', roles: advertiser },
  duplicate: { method: 'POST', path: '/campaigns/:id/duplicate', roles: advertiser },
  addCreatives: { method: 'PUT', path: '/campaigns/:id/creatives', roles: advertiser, scope: 'campaigns:write' },
  changeBanner: {
    method: 'PUT',
    path: '/campaigns/:id/creatives/:creativeId',
    roles: advertiser,
    scope: 'campaigns:write',
  },
  deleteCreative: { method: 'DELETE', path: '/campaigns/:id/creatives', roles: advertiser, scope: 'campaigns:write' },
  sharing: { method: 'GET', path: '/campaigns/:id/sharing', roles: advertiser },
  setSharing: { method: 'POST', path: '/campaigns/:id/sharing', roles: advertiser },
  permalink: { method: 'GET', path: '/campaigns/:id/permalink', roles: advertiser },
  // Public; the owner's session, when there is one, shows the preview while sharing is off.
  preview: { method: 'GET', path: '/campaignSharing/:permalink', roles: PUBLIC, optionalAuth: true },
});
