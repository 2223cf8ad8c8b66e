import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay } from 'msw';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { marketplaceOrderEndpoints as api } from '@cryptads/contract/endpoints/marketplace-orders';
import { userEndpoints } from '@cryptads/contract/endpoints/user';
import type { BasketItem } from '@cryptads/contract/marketplace';
import { MARKETPLACE_MESSAGES as M } from '@cryptads/contract/marketplace-messages';
import { answer, failure, sentTo, serve } from '../../../testing/http';
import { renderWithProviders } from '../../../testing/render';
import { basketItem, signIn, userFixture } from '../testing/fixtures';
import { LocationProbe } from '../testing/location';
import { BasketPage } from './basket-page';

configure({ asyncUtilTimeout: 5000 });

let cart: BasketItem[];
let wishlist: BasketItem[];

beforeEach(() => {
  signIn(1);
  cart = [];
  wishlist = [];
  serve(
    answer(userEndpoints.details, userFixture()),
    answer(api.cart, () => ({ listings: cart })),
    answer(api.wishlist, () => ({ unique: 'WISH1', listings: wishlist })),
  );
});

const renderList = (list: 'cart' | 'wishlist') =>
  renderWithProviders(
    <Routes>
      <Route path="/cart/" element={<BasketPage list="cart" />} />
      <Route path="/wishlist/" element={<BasketPage list="wishlist" />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { route: `/${list}/` },
  );

const rows = () => screen.getAllByTestId('basket-row');

describe('the wishlist and the cart', () => {
  it('each say they are empty in their own words, with Browse our Listings', async () => {
    const { unmount } = renderList('cart');
    expect(await screen.findByText(M.emptyCart)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: M.browseListings })).toHaveAttribute('href', '/marketplace/');
    expect(screen.queryByTestId('order-form')).not.toBeInTheDocument();
    unmount();
    renderList('wishlist');
    expect(await screen.findByText(M.emptyWishlist)).toBeInTheDocument();
  });

  it('lists the items under Items (count) and Price, with the discount, status badges and delivery proof', async () => {
    cart = [
      basketItem('A1', { title: 'Crypto Daily press release', price: 250, discount: 20, finalPrice: 200 }),
      basketItem('B2', { available: false }),
      basketItem('C3', {
        lastOrder: {
          order: 'O1',
          state: 'completed',
          proofUrl: 'https://news.example/p/1',
          deliveryDate: '2026-11-18',
        },
      }),
    ];
    renderList('cart');
    expect(await screen.findByTestId('basket-count')).toHaveTextContent('Items (3)');
    expect(screen.getByText('Price')).toBeInTheDocument();
    const [first, second, third] = rows();
    expect(within(first as HTMLElement).getByTestId('price-original')).toHaveTextContent('€250.00');
    expect(within(first as HTMLElement).getByTestId('price-final')).toHaveTextContent('€200.00');
    expect(within(first as HTMLElement).getByText('Press Release · Blockchain & Crypto, Finance')).toBeInTheDocument();
    expect(within(second as HTMLElement).getByTestId('item-state')).toHaveTextContent('Unavailable');
    // No order state in the cart: it would read as the state of the item about to be ordered.
    expect(within(first as HTMLElement).queryByTestId('item-state')).not.toBeInTheDocument();
    expect(within(third as HTMLElement).queryByTestId('item-state')).not.toBeInTheDocument();
    expect(within(third as HTMLElement).getByRole('link', { name: 'Delivery proof' })).toHaveAttribute(
      'href',
      'https://news.example/p/1',
    );
    expect(within(third as HTMLElement).getByTestId('row-proof')).toHaveTextContent('delivered 18 Nov 2026');
    // Only what can be ordered counts: 200 + 200.
    expect(screen.getByTestId('basket-total')).toHaveTextContent('€400.00');
  });

  it('shows the last order’s state in the wishlist, never in the cart', async () => {
    const ordered = basketItem('P1', {
      lastOrder: { order: 'O9', state: 'pending', proofUrl: null, deliveryDate: null },
    });
    cart = [ordered];
    wishlist = [ordered];
    const { unmount } = renderList('cart');
    expect(await screen.findByTestId('basket-row')).toBeInTheDocument();
    expect(screen.queryByTestId('item-state')).not.toBeInTheDocument();
    expect(screen.queryByText(/pending/i)).not.toBeInTheDocument();
    unmount();
    renderList('wishlist');
    expect(await screen.findByTestId('item-state')).toHaveTextContent('Pending');
  });

  it('adds a wishlist item to the cart at once, with a spinner until the server answers', async () => {
    wishlist = [basketItem('A1')];
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    serve(
      answer(api.addToCart, async ({ body }) => {
        await answered;
        cart = [basketItem((body as { listings: string[] }).listings[0] ?? '')];
        return { listings: cart };
      }),
    );
    renderList('wishlist');
    const button = await screen.findByTestId('row-add-to-cart');
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveTextContent('Added to Cart'));
    expect(button).toHaveAttribute('data-loading', 'true');
    release();
    await waitFor(() => expect(button).not.toHaveAttribute('data-loading'));
    expect(button).toBeDisabled();
    expect(sentTo(api.addToCart)[0]?.body).toEqual({ listings: ['A1'] });
  });

  it('puts a removed row back and says why when the server refuses', async () => {
    cart = [basketItem('A1'), basketItem('B2')];
    serve(
      answer(api.removeFromCart, async () => {
        await delay(50);
        return failure(409, 'The cart changed meanwhile.');
      }),
    );
    renderList('cart');
    await screen.findAllByTestId('basket-row');
    await userEvent.click(screen.getAllByTestId('row-remove')[0] as HTMLElement);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(await screen.findByText('The cart changed meanwhile.')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong!')).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(2));
  });

  it('adds a cart item to the wishlist named by its id', async () => {
    cart = [basketItem('A1')];
    serve(
      answer(api.addToWishlist, () => {
        wishlist = [basketItem('A1')];
        return { unique: 'WISH1', listings: wishlist };
      }),
    );
    renderList('cart');
    await userEvent.click(await screen.findByTestId('row-add-to-wishlist'));
    await waitFor(() => expect(screen.getByTestId('row-add-to-wishlist')).toHaveTextContent('Added to Wishlist'));
    expect(sentTo(api.addToWishlist)[0]?.url).toBe('/api/marketplace/wishlist/WISH1');
  });

  it('prefills the email and checks the Order Details form with the contract’s messages', async () => {
    cart = [basketItem('A1')];
    renderList('cart');
    const email = await screen.findByLabelText(/Email/);
    expect(email).toHaveValue('ada@buyer.example');
    await userEvent.clear(email);
    await userEvent.click(screen.getByTestId('order-submit'));
    expect(await screen.findByText(M.required)).toBeInTheDocument();
    // At most 50 characters: the field takes no more (docs/product/marketplace.md#wishlist-and-cart).
    await userEvent.type(email, `${'a'.repeat(45)}@x.example`);
    expect(email).toHaveAttribute('maxlength', '50');
    expect((email as HTMLInputElement).value).toHaveLength(50);
    await userEvent.clear(email);
    await userEvent.type(email, 'not-an-email');
    await userEvent.click(screen.getByTestId('order-submit'));
    expect(await screen.findByText(M.emailInvalid)).toBeInTheDocument();
    await userEvent.clear(email);
    await userEvent.type(email, 'ada@buyer.example');
    await userEvent.type(screen.getByTestId('order-livechat'), 'x'.repeat(51));
    expect(screen.getByTestId('order-livechat')).toHaveValue('x'.repeat(50));
    await userEvent.type(screen.getByTestId('order-target-url'), 'not a page');
    await userEvent.click(screen.getByTestId('order-submit'));
    expect(await screen.findByText(M.targetUrlInvalid)).toBeInTheDocument();
    expect(sentTo(api.createOrder)).toHaveLength(0);
  });

  it('orders the cart, empties it on screen and on the server, and opens My Orders', async () => {
    cart = [basketItem('A1'), basketItem('B2'), basketItem('X9', { available: false })];
    serve(
      answer(api.createOrder, () => {
        cart = [cart[2] as BasketItem];
        return { unique: 'NEWORDER' };
      }),
      answer(api.removeFromCart, () => {
        cart = [];
        return { listings: cart };
      }),
    );
    renderList('cart');
    await userEvent.type(await screen.findByTestId('order-livechat'), '@ada');
    await userEvent.type(screen.getByTestId('order-target-url'), 'https://ada.example/launch');
    await userEvent.click(screen.getByTestId('order-submit'));
    expect(await screen.findByText(M.orderSubmitted)).toBeInTheDocument();
    expect(screen.getByText('Success!')).toBeInTheDocument();
    expect(sentTo(api.createOrder)[0]?.body).toEqual({
      email: 'ada@buyer.example',
      livechat: '@ada',
      targetUrl: 'https://ada.example/launch',
      listings: ['A1', 'B2'],
    });
    expect(sentTo(api.removeFromCart)[0]?.body).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/orders/');
  });

  it('orders the wishlist’s available items and keeps the wishlist', async () => {
    wishlist = [basketItem('A1'), basketItem('B2', { available: false })];
    serve(answer(api.createOrder, { unique: 'NEWORDER' }));
    renderList('wishlist');
    await userEvent.click(await screen.findByTestId('order-submit'));
    expect(await screen.findByText(M.orderSubmitted)).toBeInTheDocument();
    expect(sentTo(api.createOrder)[0]?.body).toMatchObject({ listings: ['A1'] });
    expect(sentTo(api.removeFromCart)).toHaveLength(0);
  });

  it('shows the server’s reason when the order is refused', async () => {
    cart = [basketItem('A1')];
    serve(answer(api.createOrder, failure(409, M.listingUnavailable)));
    renderList('cart');
    await userEvent.click(await screen.findByTestId('order-submit'));
    expect(await screen.findByText(M.listingUnavailable)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
