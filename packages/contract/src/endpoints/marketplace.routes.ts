import { CUSTOMER, defineRoutes } from '../endpoint';

/**
 * The marketplace catalogue (docs/product/marketplace.md#api): both account types browse it. Paths and methods are
 * the product's; `:unique` names a listing or a package.
 */
export const marketplaceRoutes = defineRoutes({
  listingStats: { method: 'GET', path: '/marketplace/listingStats', roles: CUSTOMER, scope: 'marketplace:read' },
  preferredWebsites: { method: 'GET', path: '/marketplace/filterPreferredWebsites', roles: CUSTOMER },
  homepage: { method: 'GET', path: '/marketplace/listings/homepage', roles: CUSTOMER, scope: 'marketplace:read' },
  search: { method: 'POST', path: '/marketplace/listings', roles: CUSTOMER, scope: 'marketplace:read' },
  available: { method: 'POST', path: '/marketplace/listings/available', roles: CUSTOMER, scope: 'marketplace:read' },
  listing: { method: 'GET', path: '/marketplace/listings/:unique', roles: CUSTOMER, scope: 'marketplace:read' },
  similar: { method: 'POST', path: '/marketplace/listings/:unique/', roles: CUSTOMER, scope: 'marketplace:read' },
  instantSearchFocus: { method: 'GET', path: '/marketplace/instantSearchFocus', roles: CUSTOMER },
  instantSearch: { method: 'GET', path: '/marketplace/instantSearch', roles: CUSTOMER },
  displayView: { method: 'GET', path: '/marketplace/displayView', roles: CUSTOMER },
  setDisplayView: { method: 'PUT', path: '/marketplace/displayView', roles: CUSTOMER },
  packages: { method: 'GET', path: '/marketplace/buckets', roles: CUSTOMER, scope: 'marketplace:read' },
  package: { method: 'GET', path: '/marketplace/buckets/:unique', roles: CUSTOMER, scope: 'marketplace:read' },
});
