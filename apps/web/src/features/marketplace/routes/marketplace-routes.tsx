import type { Prefetch } from '../../../lib/prefetch';
import { matchPath, Route, Routes } from 'react-router';
import { routePatterns } from '@cryptads/contract/paths';
import { lazyWithPreload } from '../../../lib/lazy-preload';
import { NotFoundPage } from '../../../ui/not-found-page';
import { homepageQueryOptions } from '../api/get-homepage';
import { listingStatsQueryOptions } from '../api/get-listing-stats';

/**
 * Each screen is its own chunk: a listing's page does not download the filter panel's
 * inputs, and the results do not download the gallery (the per-route budget of docs/architecture.md#budgets).
 */
const BrowsePage = lazyWithPreload(async () => ({ default: (await import('./browse-page')).BrowsePage }));
const ListingsPage = lazyWithPreload(async () => ({ default: (await import('./listings-page')).ListingsPage }));
const ListingPage = lazyWithPreload(async () => ({ default: (await import('./listing-page')).ListingPage }));

const pattern = routePatterns.marketplace;

/**
 * The screen of `inner` (the path under /marketplace/), fetched ahead of its first render; on
 * the browse page, its two calls too.
 */
export function preloadMarketplaceScreen(inner: string, prefetch: Prefetch): Promise<unknown> {
  if (inner === '/') {
    prefetch(homepageQueryOptions());
    prefetch(listingStatsQueryOptions());
    return BrowsePage.preload();
  }
  if (matchPath(`${pattern.listing}/*`, inner)) return ListingPage.preload();
  if (matchPath(`${pattern.listings}/*`, inner)) return ListingsPage.preload();
  return Promise.resolve();
}

/**
 * /marketplace/* (mounted lazily by app/authenticated-app.tsx, inside the shell's Suspense):
 * Browse Listings, Filter Listings and a listing's detail (docs/product/marketplace.md#search-and-filters).
 */
export function MarketplaceRoutes() {
  return (
    <Routes>
      <Route index element={<BrowsePage />} />
      <Route path={pattern.listings} element={<ListingsPage />} />
      <Route path={pattern.listing} element={<ListingPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
