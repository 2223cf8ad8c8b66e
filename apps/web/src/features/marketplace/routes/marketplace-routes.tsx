import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { routePatterns } from '@cryptads/contract/paths';
import { NotFoundPage } from '../../../ui/not-found-page';

/**
 * Each screen is its own chunk: a listing's page does not download the filter panel's
 * inputs, and the results do not download the gallery (the per-route budget of docs/architecture.md#budgets).
 */
const BrowsePage = lazy(async () => ({ default: (await import('./browse-page')).BrowsePage }));
const ListingsPage = lazy(async () => ({ default: (await import('./listings-page')).ListingsPage }));
const ListingPage = lazy(async () => ({ default: (await import('./listing-page')).ListingPage }));

const pattern = routePatterns.marketplace;

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
