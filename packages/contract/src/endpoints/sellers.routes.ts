import { defineRoutes } from '../endpoint';

/**
 * Sellers and ads.txt (docs/product/programmatic.md): the publisher's sellers.json listing and
 * each website's ads.txt line and check. Publishers only; /sellers.json itself is public and
 * outside /api.
 */
const publisher = ['publisher'] as const;

export const sellerRoutes = defineRoutes({
  listing: { method: 'GET', path: '/user/seller', roles: publisher },
  updateListing: { method: 'PUT', path: '/user/seller', roles: publisher },
  adsTxt: { method: 'GET', path: '/websites/:id/ads-txt', roles: publisher, scope: 'websites:read' },
  checkAdsTxt: { method: 'POST', path: '/websites/:id/ads-txt', roles: publisher, errors: [429] },
});
