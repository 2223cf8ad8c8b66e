import { describe, expect, it } from 'vitest';
import { pageTitle } from '@cryptads/contract/ui';
import { isMarketplacePath, pageNameOf } from './page-titles';

describe('page names', () => {
  it('prefers an exact match over a prefix', () => {
    expect(pageNameOf('/campaigns/all/archive/')?.name).toBe('Archived Campaigns');
    expect(pageNameOf('/campaigns/all/42/')?.name).toBe('My Campaigns');
  });

  it('treats a path without its trailing slash like the one with it', () => {
    expect(pageNameOf('/referral-program')?.name).toBe('Refer a Friend');
  });

  it('marks marketplace pages for the marketplace title form', () => {
    const page = pageNameOf('/marketplace/listing/17/');
    expect(page).toEqual({ name: 'Product Description', marketplace: true });
    expect(pageTitle(page?.name ?? '', 'Cryptads', page?.marketplace)).toBe(
      'Product Description - Cryptads Marketplace',
    );
    expect(pageTitle('Dashboard', 'Cryptads')).toBe('Dashboard - Cryptads - Finance & Crypto Display Advertising');
  });

  it('knows which paths show the marketplace sidebar', () => {
    expect(isMarketplacePath('/wishlist/')).toBe(true);
    expect(isMarketplacePath('/cart')).toBe(true);
    expect(isMarketplacePath('/campaigns/all/')).toBe(false);
    expect(isMarketplacePath('/marketplaces-are-not-this')).toBe(false);
  });
});
