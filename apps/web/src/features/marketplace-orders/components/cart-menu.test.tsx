import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { marketplaceOrderEndpoints as api } from '@cryptads/contract/endpoints/marketplace-orders';
import type { BasketItem } from '@cryptads/contract/marketplace';
import { MARKETPLACE_MESSAGES as M } from '@cryptads/contract/marketplace-messages';
import { answer, serve } from '../../../testing/http';
import { renderWithProviders } from '../../../testing/render';
import { basketItem, signIn } from '../testing/fixtures';
import { LocationProbe } from '../testing/location';
import { CartMenu } from './cart-menu';

configure({ asyncUtilTimeout: 5000 });

let cart: BasketItem[];
beforeEach(() => {
  signIn(1);
  cart = [];
  serve(answer(api.cart, () => ({ listings: cart })));
});

const renderMenu = () =>
  renderWithProviders(
    <>
      <CartMenu />
      <Routes>
        <Route path="*" element={<LocationProbe />} />
      </Routes>
    </>,
    { route: '/marketplace/' },
  );

describe('the header’s cart', () => {
  it('counts the items and lists them with their total and a link to the cart', async () => {
    cart = [
      basketItem('A1', { title: 'Coin Street post', finalPrice: 180, price: 200, discount: 10 }),
      basketItem('B2', { title: 'Finance Wire release', finalPrice: 120.5 }),
    ];
    renderMenu();
    const button = await screen.findByRole('button', { name: 'My Shopping Cart, 2 items' });
    expect(screen.getByTestId('cart-count')).toHaveTextContent('2');
    await userEvent.click(button);
    const dropdown = await screen.findByTestId('cart-dropdown');
    expect(
      within(dropdown)
        .getAllByTestId('cart-dropdown-item')
        .map((i) => i.textContent),
    ).toEqual(['Coin Street post€180.00', 'Finance Wire release€120.50']);
    expect(within(dropdown).getByTestId('cart-dropdown-total')).toHaveTextContent('€300.50');
    await userEvent.click(within(dropdown).getByRole('link', { name: 'View Cart' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/cart/');
    await waitFor(() => expect(screen.queryByTestId('cart-dropdown')).not.toBeInTheDocument());
  });

  it('has no count and says the cart is empty', async () => {
    renderMenu();
    await userEvent.click(await screen.findByRole('button', { name: 'My Shopping Cart, 0 items' }));
    expect(screen.queryByTestId('cart-count')).not.toBeInTheDocument();
    expect(await screen.findByText(M.emptyCart)).toBeInTheDocument();
  });
});
