import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { marketplaceEndpoints as api } from '@cryptads/contract/endpoints/marketplace';
import { marketplaceOrderEndpoints as orders } from '@cryptads/contract/endpoints/marketplace-orders';
import { userEndpoints } from '@cryptads/contract/endpoints/user';
import type { ListingDetail } from '@cryptads/contract/marketplace';
import { MARKETPLACE_MESSAGES } from '@cryptads/contract/marketplace-messages';
import { getPageTitleOverride } from '../../../lib/page-title';
import { answer, failure, sentTo, serve } from '../../../testing/http';
import { renderWithProviders } from '../../../testing/render';
import { readRecentlyViewed, recentlyViewedKey } from '../lib/recently-viewed';
import { detailFixture, LocationProbe, listingFixture, listings, signIn, userFixture } from '../testing/fixtures';
import { ListingPage } from './listing-page';

configure({ asyncUtilTimeout: 5000 });

const USER_KEY = 'ada-ref';
let details: Record<string, ListingDetail>;
let wishlist: string[];
let cart: string[];

/** Lets a test hold the server's answer to see the screen in between. */
let hold: Promise<void> | null;

const basket = (ids: string[]) =>
  ids.map((unique) => ({ ...listingFixture({ unique }), available: true, lastOrder: null }));

beforeEach(() => {
  signIn();
  hold = null;
  wishlist = [];
  cart = [];
  details = {
    lst_AAAA: detailFixture(),
    lst_B: detailFixture({ unique: 'lst_B', title: 'Listing B' }),
    lst_C: detailFixture({ unique: 'lst_C', title: 'Listing C' }),
    lst_D: detailFixture({ unique: 'lst_D', title: 'Listing D' }),
  };
  serve(
    answer(userEndpoints.details, userFixture()),
    answer(api.listing, ({ params }) => {
      const found = details[String(params.unique)];
      return found
        ? { ...found, inWishlist: wishlist.includes(found.unique), inCart: cart.includes(found.unique) }
        : failure(404, MARKETPLACE_MESSAGES.listingNotFound);
    }),
    answer(api.similar, { listings: listings(5, 40) }),
    answer(orders.wishlist, () => ({ unique: 'wl_1', listings: basket(wishlist) })),
    answer(orders.addToWishlist, async ({ body }) => {
      await hold;
      wishlist.push(...(body as { listings: string[] }).listings);
      return { unique: 'wl_1', listings: basket(wishlist) };
    }),
    answer(orders.removeFromWishlist, ({ body }) => {
      wishlist = wishlist.filter((u) => !(body as { listings: string[] }).listings.includes(u));
      return { unique: 'wl_1', listings: basket(wishlist) };
    }),
    answer(orders.addToCart, async ({ body }) => {
      await hold;
      cart.push(...(body as { listings: string[] }).listings);
      return { listings: basket(cart) };
    }),
    answer(orders.removeFromCart, ({ body }) => {
      cart = cart.filter((u) => !(body as { listings: string[] }).listings.includes(u));
      return { listings: basket(cart) };
    }),
  );
});

const renderAt = (unique: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/marketplace/" element={<LocationProbe />} />
      <Route
        path="/marketplace/listing/:unique/"
        element={
          <>
            <ListingPage />
            <LocationProbe />
          </>
        }
      />
    </Routes>,
    { route: `/marketplace/listing/${unique}/` },
  );

describe('a listing’s page', () => {
  it('shows the listing under its own title, its description, specifications and Continue Shopping', async () => {
    renderAt('lst_AAAA');
    expect(await screen.findByTestId('listing-title')).toHaveTextContent('Sponsored article on Coin Journal');
    expect(getPageTitleOverride('/marketplace/listing/lst_AAAA/')).toBe('Sponsored article on Coin Journal');
    expect(within(screen.getByTestId('listing-description')).getByText('sponsored article').tagName).toBe('STRONG');
    const specs = screen.getByTestId('listing-specs');
    const row = (name: string) => within(specs).getByRole('rowheader', { name }).closest('tr');
    expect(row('Category')).toHaveTextContent('Sponsored Article');
    expect(row('Niches')).toHaveTextContent('Blockchain & Crypto, Finance');
    expect(row('Dofollow Links Allowed')).toHaveTextContent('Yes');
    expect(row('Turnaround')).toHaveTextContent('3 days');
    expect(row('Completion rate')).toHaveTextContent('96%');
    expect(within(row('Sample post') as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      'https://coinjournal.example/sample',
    );
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/marketplace/listings/');
  });

  it('shows a discount as the price struck through and the price to pay', async () => {
    details.lst_AAAA = detailFixture({ price: 500, discount: 20, finalPrice: 400 });
    renderAt('lst_AAAA');
    const price = await screen.findByTestId('listing-price');
    expect(within(price).getByTestId('listing-original-price')).toHaveTextContent('€500.00');
    expect(within(price).getByTestId('listing-final-price')).toHaveTextContent('€400.00');
    expect(price).toHaveTextContent('−20%');
  });

  it('adds to the wishlist and the cart at once, with a spinner until the server answers', async () => {
    const user = userEvent.setup();
    let release = () => {};
    renderAt('lst_AAAA');
    const wish = await screen.findByTestId('toggle-wishlist');
    expect(wish).toHaveTextContent('Add to Wishlist');

    hold = new Promise((resolve) => {
      release = resolve;
    });
    await user.click(wish);
    expect(wish).toHaveTextContent('Added to Wishlist');
    expect(wish).toHaveAttribute('aria-busy', 'true');
    release();
    await waitFor(() => expect(wish).not.toHaveAttribute('aria-busy'));
    expect(wish).toHaveTextContent('Added to Wishlist');
    expect(sentTo(orders.addToWishlist).map((r) => [r.params.unique, r.body])).toEqual([
      ['wl_1', { listings: ['lst_AAAA'] }],
    ]);

    const toCart = screen.getByTestId('toggle-cart');
    await user.click(toCart);
    await waitFor(() => expect(toCart).toHaveTextContent('Added to Cart'));
    await waitFor(() => expect(toCart).not.toHaveAttribute('aria-busy'));
    expect(sentTo(orders.addToCart).map((r) => r.body)).toEqual([{ listings: ['lst_AAAA'] }]);

    // Each toggles back.
    await user.click(toCart);
    await waitFor(() => expect(toCart).toHaveTextContent('Add to Cart'));
    await user.click(wish);
    await waitFor(() => expect(wish).toHaveTextContent('Add to Wishlist'));
    await waitFor(() => expect(wish).not.toHaveAttribute('aria-busy'));
    expect(sentTo(orders.removeFromCart).map((r) => r.body)).toEqual([{ listings: ['lst_AAAA'] }]);
    expect(sentTo(orders.removeFromWishlist).map((r) => r.params.unique)).toEqual(['wl_1']);
    // The wishlist's id is read once.
    expect(sentTo(orders.wishlist)).toHaveLength(1);
  });

  it('shows the listing already in the wishlist and cart as added', async () => {
    wishlist = ['lst_AAAA'];
    cart = ['lst_AAAA'];
    renderAt('lst_AAAA');
    expect(await screen.findByTestId('toggle-wishlist')).toHaveTextContent('Added to Wishlist');
    expect(screen.getByTestId('toggle-cart')).toHaveTextContent('Added to Cart');
  });

  it('turns a refused toggle back and says why', async () => {
    const user = userEvent.setup();
    serve(answer(orders.addToCart, failure(409, MARKETPLACE_MESSAGES.listingUnavailable)));
    renderAt('lst_AAAA');
    const toCart = await screen.findByTestId('toggle-cart');
    await user.click(toCart);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Something went wrong!');
    expect(dialog).toHaveTextContent(MARKETPLACE_MESSAGES.listingUnavailable);
    expect(toCart).toHaveTextContent('Add to Cart');
  });

  it('asks for 5 similar products, trending first', async () => {
    renderAt('lst_AAAA');
    const similar = await screen.findByTestId('similar-products');
    await waitFor(() => expect(within(similar).getAllByTestId('listing-card')).toHaveLength(5));
    expect(sentTo(api.similar).map((r) => [r.params.unique, r.body])).toEqual([
      ['lst_AAAA', { number: 5, sort: 'trending' }],
    ]);
  });

  it('remembers the listing and shows the 3 most recently viewed others', async () => {
    window.localStorage.setItem(
      recentlyViewedKey(USER_KEY),
      JSON.stringify(['lst_B', 'lst_AAAA', 'lst_C', 'lst_D', 'lst_E']),
    );
    renderAt('lst_AAAA');
    const recent = await screen.findByTestId('recently-viewed');
    await waitFor(() =>
      expect(
        within(recent)
          .getAllByTestId('listing-link')
          .map((a) => a.textContent),
      ).toEqual(['Listing B', 'Listing C', 'Listing D']),
    );
    expect(readRecentlyViewed(window.localStorage, USER_KEY)).toEqual(['lst_AAAA', 'lst_B', 'lst_C', 'lst_D', 'lst_E']);
  });

  it('leaves out a recently viewed listing that is gone, and shows nothing on a first visit', async () => {
    window.localStorage.setItem(recentlyViewedKey(USER_KEY), JSON.stringify(['lst_gone', 'lst_B']));
    const { unmount } = renderAt('lst_AAAA');
    const recent = await screen.findByTestId('recently-viewed');
    await waitFor(() =>
      expect(
        within(recent)
          .getAllByTestId('listing-link')
          .map((a) => a.textContent),
      ).toEqual(['Listing B']),
    );
    unmount();
    window.localStorage.clear();
    renderAt('lst_C');
    await screen.findByTestId('similar-products');
    expect(screen.queryByTestId('recently-viewed')).not.toBeInTheDocument();
  });

  it('enlarges the gallery in a dialog with previous and next', async () => {
    const user = userEvent.setup();
    renderAt('lst_AAAA');
    await user.click(await screen.findByRole('button', { name: 'Enlarge image 1 of 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sponsored article on Coin Journal' });
    expect(within(dialog).getByTestId('gallery-position')).toHaveTextContent('Image 1 of 3');
    await user.click(within(dialog).getByRole('button', { name: 'Next image' }));
    expect(within(dialog).getByTestId('gallery-modal-image')).toHaveAttribute('src', '/api/uploads/g2.png');
    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByTestId('gallery-position')).toHaveTextContent('Image 3 of 3');
    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByTestId('gallery-position')).toHaveTextContent('Image 1 of 3');
    await user.click(within(dialog).getByRole('button', { name: 'Previous image' }));
    expect(within(dialog).getByTestId('gallery-position')).toHaveTextContent('Image 3 of 3');
  });

  it('goes back to the marketplace when the listing does not exist', async () => {
    renderAt('lst_missing');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/marketplace\/$/));
  });

  it('offers to try again when the server cannot be reached', async () => {
    const user = userEvent.setup();
    serve(answer(api.listing, failure(503, 'Down for maintenance.'), { once: true }));
    renderAt('lst_AAAA');
    const error = await screen.findByTestId('listing-error');
    expect(error).toHaveTextContent('Down for maintenance.');
    await user.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('listing-title')).toBeInTheDocument();
  });
});
