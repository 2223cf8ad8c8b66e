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

  it('names the marketplace screens; a listing’s own title replaces Product Description at run time', () => {
    expect(pageNameOf('/marketplace/')).toEqual({ name: 'Browse Listings', marketplace: true });
    expect(pageNameOf('/marketplace/listings/')).toEqual({ name: 'Filter Listings', marketplace: true });
    expect(pageNameOf('/marketplace/listing/aB3_-x/')).toEqual({ name: 'Product Description', marketplace: true });
    expect(isMarketplacePath('/marketplace/listing/aB3_-x/')).toBe(true);
  });

  it('names the buying and selling screens', () => {
    expect(pageNameOf('/orders/oR9/')).toEqual({ name: 'My Orders', marketplace: true });
    expect(pageNameOf('/packages/kol-spotlight/')).toEqual({ name: 'Packages', marketplace: true });
    expect(pageNameOf('/wishlist/')).toEqual({ name: 'Wishlist', marketplace: true });
    expect(pageNameOf('/new-listing/')).toEqual({ name: 'Request a Listing', marketplace: true });
    expect(pageNameOf('/selling/listings/')).toEqual({ name: 'My Listings', marketplace: true });
    expect(pageNameOf('/selling/orders/')).toEqual({ name: 'Incoming Orders', marketplace: true });
    expect(isMarketplacePath('/selling/orders/')).toBe(true);
    expect(isMarketplacePath('/packages/pK7/')).toBe(true);
  });

  it('knows which paths show the marketplace sidebar', () => {
    expect(isMarketplacePath('/wishlist/')).toBe(true);
    expect(isMarketplacePath('/cart')).toBe(true);
    expect(isMarketplacePath('/campaigns/all/')).toBe(false);
    expect(isMarketplacePath('/marketplaces-are-not-this')).toBe(false);
  });
});
