import { configure, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { marketplaceSellingEndpoints } from '@cryptads/contract/endpoints/marketplace-selling';
import { systemEndpoints } from '@cryptads/contract/endpoints/system';
import { saveSession } from '../../lib/session';
import { publicConfigFixture } from '../../testing/fixtures';
import { answer, sentTo, serve } from '../../testing/http';
import { renderWithProviders } from '../../testing/render';
import { SidebarContent } from './sidebar';

configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  serve(
    answer(systemEndpoints.config, publicConfigFixture()),
    answer(marketplaceSellingEndpoints.canSell, { canSell: true, waiting: 3 }),
  );
});

describe('the marketplace sidebar', () => {
  it('shows a publisher My Listings and Incoming Orders with the items waiting', async () => {
    saveSession({ userType: 2 });
    renderWithProviders(<SidebarContent />, { route: '/wishlist/' });
    expect(await screen.findByRole('link', { name: 'My Listings' })).toHaveAttribute('href', '/selling/listings/');
    const incoming = await screen.findByRole('link', { name: 'Incoming Orders 3 waiting for you' });
    expect(incoming).toHaveAttribute('href', '/selling/orders/');
    expect(screen.getByTestId('request-listing-card')).toBeInTheDocument();
  });

  it('shows an advertiser neither, and does not ask for the count', async () => {
    saveSession({ userType: 1 });
    renderWithProviders(<SidebarContent />, { route: '/wishlist/' });
    expect(await screen.findByRole('link', { name: 'Wishlist' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'My Listings' })).not.toBeInTheDocument();
    // Only publishers can list offers: no Request a Listing card that ends at a refusal.
    expect(screen.queryByTestId('request-listing-card')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Request a Listing' })).not.toBeInTheDocument();
    expect(sentTo(marketplaceSellingEndpoints.canSell)).toHaveLength(0);
  });
});
