import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { marketplaceOrderEndpoints as api } from '@cryptads/contract/endpoints/marketplace-orders';
import { userEndpoints } from '@cryptads/contract/endpoints/user';
import type { OrderDetail, OrderSummary } from '@cryptads/contract/marketplace';
import { MARKETPLACE_MESSAGES as M, OrderStatus } from '@cryptads/contract/marketplace-messages';
import { answer, failure, sentTo, serve } from '../../../testing/http';
import { renderWithProviders } from '../../../testing/render';
import { orderDetail, orderItem, orderSummary, signIn, userFixture } from '../testing/fixtures';
import { LocationProbe } from '../testing/location';
import { OrdersRoutes } from './orders-routes';

configure({ asyncUtilTimeout: 5000 });

let list: OrderSummary[];
let details: Record<string, OrderDetail>;

beforeEach(() => {
  signIn(1);
  list = [orderSummary('NEWEST', { date: '2026-11-21T10:00:00.000Z' }), orderSummary('OLDER', { status: 1 })];
  details = {
    NEWEST: orderDetail('NEWEST'),
    OLDER: orderDetail('OLDER', { status: 1, paymentMethod: 'wallet', paidAt: '2026-11-20T11:00:00.000Z' }),
  };
  serve(
    answer(userEndpoints.details, userFixture()),
    answer(api.orders, () => ({
      orders: Object.fromEntries(list.map((o) => [o.unique, o])),
      order: list.map((o) => o.unique),
    })),
    answer(api.order, ({ params }) => details[String(params.unique)] ?? failure(404, M.orderNotFound)),
    answer(api.payNow, ({ params }) => details[String(params.unique)] ?? failure(404, M.orderNotFound)),
  );
});

afterEach(() => {
  vi.restoreAllMocks();
});

const renderOrders = (route = '/orders/') =>
  renderWithProviders(
    <>
      <Routes>
        <Route path="/orders/*" element={<OrdersRoutes />} />
      </Routes>
      <LocationProbe />
    </>,
    { route },
  );

const detail = () => screen.findByTestId('order-detail');

describe('My Orders', () => {
  it("says 'No orders available' with the empty-orders panel", async () => {
    list = [];
    renderOrders();
    expect(await screen.findByTestId('orders-empty')).toHaveTextContent(M.noOrders);
  });

  it('opens the newest order when the path names none, and another from the list', async () => {
    renderOrders();
    expect(await detail()).toHaveAttribute('data-order', 'NEWEST');
    expect(screen.getByTestId('location')).toHaveTextContent('/orders/NEWEST/');
    expect(screen.getAllByTestId('order-link')[0]).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getAllByTestId('order-link')[1] as HTMLElement);
    await waitFor(async () => expect(await detail()).toHaveAttribute('data-order', 'OLDER'));
    expect(within(await detail()).getByTestId('order-status')).toHaveTextContent('Completed');
    expect(screen.getByTestId('order-paid')).toHaveTextContent('Balance');
  });

  it('has no search box below 10 orders', async () => {
    renderOrders('/orders/NEWEST/');
    await detail();
    expect(screen.queryByTestId('order-search')).not.toBeInTheDocument();
  });

  it('searches 10 or more orders by id, title or status', async () => {
    list = Array.from({ length: 10 }, (_, i) =>
      orderSummary(`ORD${i}`, { title: i === 7 ? 'Bitcoin Weekly' : 'Other' }),
    );
    details.ORD0 = orderDetail('ORD0');
    renderOrders('/orders/ORD0/');
    await userEvent.type(await screen.findByTestId('order-search'), 'bitcoin');
    expect(screen.getAllByTestId('order-link').map((l) => l.getAttribute('data-order'))).toEqual(['ORD7']);
  });

  it('labels every status the spec names', async () => {
    list = [0, 1, 2, 3, 6].map((status) => orderSummary(`S${status}`, { status: status as OrderSummary['status'] }));
    details.S0 = orderDetail('S0');
    renderOrders('/orders/S0/');
    await detail();
    const labels = within(screen.getByTestId('order-list'))
      .getAllByTestId('order-status')
      .map((b) => b.textContent);
    expect(labels).toEqual(['Waiting Payment', 'Completed', 'Processing', 'Canceled', 'Archived']);
  });

  it('greets a return from the payment page, and closing the banner leaves /orders/{id}/', async () => {
    details.NEWEST = orderDetail('NEWEST', { status: OrderStatus.Processing });
    renderOrders('/orders/NEWEST/?payment=success');
    expect(await screen.findByTestId('payment-success')).toHaveTextContent(M.paymentSuccess);
    await userEvent.click(screen.getByRole('button', { name: 'Close the payment message' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/orders\/NEWEST\/$/));
    expect(screen.queryByTestId('payment-success')).not.toBeInTheDocument();
  });

  it('says the order still waits for payment when the payment page was canceled', async () => {
    renderOrders('/orders/NEWEST/?payment=canceled&paymentId=pay_x');
    expect(await screen.findByTestId('payment-canceled')).toHaveTextContent('The payment was not completed.');
    expect(await screen.findByTestId('pay-now')).toBeInTheDocument();
  });

  it('asks for billing details instead of the order when they are incomplete', async () => {
    details.NEWEST = orderDetail('NEWEST', { billingComplete: false });
    renderOrders('/orders/NEWEST/');
    const panel = await screen.findByTestId('billing-incomplete');
    expect(panel).toHaveTextContent(M.completeBilling);
    expect(within(panel).getByRole('link')).toHaveAttribute('href', '/billing/details/');
    expect(screen.queryByTestId('pay-now')).not.toBeInTheDocument();
  });

  it('offers Pay Now and Cancel Order only on an order waiting payment', async () => {
    renderOrders('/orders/OLDER/');
    await detail();
    expect(screen.queryByTestId('pay-now')).not.toBeInTheDocument();
    expect(screen.queryByTestId('cancel-order')).not.toBeInTheDocument();
    await userEvent.click(screen.getAllByTestId('order-link')[0] as HTMLElement);
    expect(await screen.findByTestId('pay-now')).toBeInTheDocument();
    expect(screen.getByTestId('cancel-order')).toBeInTheDocument();
  });

  it('pays from the balance: the order is paid and read again', async () => {
    serve(
      answer(api.payWallet, () => {
        details.NEWEST = orderDetail('NEWEST', {
          status: 1,
          paymentMethod: 'wallet',
          paidAt: '2026-11-21T12:00:00.000Z',
        });
        return details.NEWEST;
      }),
    );
    renderOrders('/orders/NEWEST/');
    await userEvent.click(await screen.findByTestId('pay-now'));
    const modal = await screen.findByTestId('pay-modal');
    expect(within(modal).getByTestId('pay-option-wallet')).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(within(modal).getByTestId('pay-submit'));
    expect(await screen.findByText(M.orderPaid)).toBeInTheDocument();
    await waitFor(async () =>
      expect(within(await detail()).getByTestId('order-status')).toHaveTextContent('Completed'),
    );
    expect(within(await detail()).getByTestId('order-paid')).toHaveTextContent('Balance');
    expect(screen.queryByTestId('pay-now')).not.toBeInTheDocument();
    expect(sentTo(api.payWallet)).toHaveLength(1);
  });

  it('shows each way to pay with its total, fee and VAT; the balance only when it covers the order', async () => {
    details.NEWEST = orderDetail('NEWEST', {
      payOptions: {
        wallet: { total: 300, enabled: false },
        crypto: { total: 372.69, fee: 3, vat: 69.69 },
        card: { total: 369, fee: 0, vat: 69 },
      },
    });
    renderOrders('/orders/NEWEST/');
    await userEvent.click(await screen.findByTestId('pay-now'));
    const modal = await screen.findByTestId('pay-modal');
    expect(within(modal).getByTestId('pay-option-wallet')).toBeDisabled();
    expect(within(modal).getByText(M.walletShort)).toBeInTheDocument();
    const crypto = within(modal).getByTestId('pay-breakdown-crypto');
    expect(crypto).toHaveTextContent('Processing fee€3.00');
    expect(crypto).toHaveTextContent('VAT€69.69');
    expect(crypto).toHaveTextContent('Total€372.69');
    await userEvent.click(within(modal).getByTestId('pay-option-card'));
    expect(within(modal).getByTestId('pay-breakdown-card')).toHaveTextContent('VAT€69.00');
    expect(within(modal).getByTestId('pay-submit')).toHaveTextContent('Pay €369.00');
  });

  it('sends the browser to the payment page for crypto', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    serve(answer(api.payCrypto, { url: 'http://localhost:3000/sandbox/pay/pay_x' }));
    details.NEWEST = orderDetail('NEWEST', {
      payOptions: { ...orderDetail('NEWEST').payOptions, wallet: { total: 300, enabled: false } },
    });
    renderOrders('/orders/NEWEST/');
    await userEvent.click(await screen.findByTestId('pay-now'));
    await userEvent.click(await screen.findByTestId('pay-submit'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:3000/sandbox/pay/pay_x'));
    expect(screen.getByTestId('pay-submit')).toHaveAttribute('data-loading', 'true');
  });

  it('clears the spinner and says why when the payment page cannot be opened', async () => {
    serve(answer(api.payCard, failure(502, 'The payment provider cannot be reached right now.')));
    renderOrders('/orders/NEWEST/');
    await userEvent.click(await screen.findByTestId('pay-now'));
    await userEvent.click(await screen.findByTestId('pay-option-card'));
    await userEvent.click(screen.getByTestId('pay-submit'));
    expect(await screen.findByText('The payment provider cannot be reached right now.')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('pay-modal')).not.toBeInTheDocument());
    expect(screen.getByTestId('pay-now')).not.toHaveAttribute('data-loading');
  });

  it('shows a publisher the exact refusal with the button Close at Pay Now, before any way to pay', async () => {
    signIn(2);
    serve(answer(api.payNow, failure(403, M.publisherCannotBuy)));
    renderOrders('/orders/NEWEST/');
    await userEvent.click(await screen.findByTestId('pay-now'));
    expect(await screen.findByText(M.publisherCannotBuy)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('pay-modal')).not.toBeInTheDocument();
    expect(sentTo(api.payNow)).toHaveLength(1);
    expect([...sentTo(api.payWallet), ...sentTo(api.payCrypto), ...sentTo(api.payCard)]).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText(M.publisherCannotBuy)).not.toBeInTheDocument());
    expect(screen.getByTestId('pay-now')).toBeEnabled();
  });

  it('opens the ways to pay with the options the server answers at Pay Now', async () => {
    // The order was read while the balance was short; it covers the order now.
    details.NEWEST = orderDetail('NEWEST', {
      payOptions: { ...orderDetail('NEWEST').payOptions, wallet: { total: 300, enabled: false } },
    });
    serve(answer(api.payNow, () => orderDetail('NEWEST')));
    renderOrders('/orders/NEWEST/');
    await userEvent.click(await screen.findByTestId('pay-now'));
    const modal = await screen.findByTestId('pay-modal');
    expect(within(modal).getByTestId('pay-option-wallet')).not.toBeDisabled();
    expect(within(modal).getByTestId('pay-option-wallet')).toHaveAttribute('aria-checked', 'true');
  });

  it('cancels after asking, with Cancel Order and Go Back', async () => {
    serve(answer(api.cancelOrder, () => (details.NEWEST = orderDetail('NEWEST', { status: OrderStatus.Denied }))));
    renderOrders('/orders/NEWEST/');
    await userEvent.click(await screen.findByTestId('cancel-order'));
    const confirm = await screen.findByTestId('confirm-modal');
    expect(confirm).toHaveTextContent(M.cancelConfirm);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Go Back' }));
    expect(sentTo(api.cancelOrder)).toHaveLength(0);
    await userEvent.click(screen.getByTestId('cancel-order'));
    await userEvent.click(
      within(await screen.findByTestId('confirm-modal')).getByRole('button', { name: 'Cancel Order' }),
    );
    expect(await screen.findByText(M.orderCanceled)).toBeInTheDocument();
    await waitFor(async () => expect(within(await detail()).getByTestId('order-status')).toHaveTextContent('Canceled'));
    expect(screen.queryByTestId('pay-now')).not.toBeInTheDocument();
  });

  it('shows each item’s state, timers in words, proof, the check and the refund', async () => {
    const soon = new Date(Date.now() + 2 * 86_400_000 + 60_000).toISOString();
    details.OLDER = orderDetail('OLDER', {
      status: 1,
      listings: [
        orderItem(1, { state: 'pending', acceptBy: soon }),
        orderItem(2, {
          state: 'delivered',
          proofUrl: 'https://news.example/post',
          deliveryDate: '2026-11-19',
          completeBy: soon,
          proofCheck: {
            checkedAt: '2026-11-19T10:00:00.000Z',
            live: true,
            httpStatus: 200,
            linksToTarget: false,
            rel: null,
            broken: true,
            problem: 'The page does not link to https://ada.example/launch.',
          },
        }),
        orderItem(3, { state: 'denied', denyReason: 'Topic not accepted', refunded: 150 }),
      ],
    });
    renderOrders('/orders/OLDER/');
    await detail();
    const [pending, delivered, denied] = screen.getAllByTestId('order-item') as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(pending).getByTestId('item-state')).toHaveTextContent('Pending');
    expect(within(pending).getByTestId('item-accept')).toHaveTextContent('in 2 days');
    expect(within(delivered).getByTestId('item-state')).toHaveTextContent('Delivered');
    expect(within(delivered).getByTestId('item-proof')).toHaveTextContent(
      'https://news.example/post · published 19 Nov 2026',
    );
    expect(within(delivered).getByTestId('proof-check')).toHaveAttribute('data-broken', 'true');
    expect(within(delivered).getByTestId('proof-problem')).toHaveTextContent('does not link');
    expect(within(delivered).getByText('No link to the promoted page found')).toBeInTheDocument();
    expect(within(denied).getByTestId('item-state')).toHaveTextContent('Denied');
    expect(within(denied).getByTestId('item-denied')).toHaveTextContent('Denied: Topic not accepted');
    expect(within(denied).getByTestId('item-refund')).toHaveTextContent('€150.00 returned to your balance');
    expect(within(pending).queryByTestId('approve-delivery')).not.toBeInTheDocument();
  });

  it('approves a delivered item, which completes', async () => {
    details.OLDER = orderDetail('OLDER', {
      status: 1,
      listings: [orderItem(5, { state: 'delivered', proofUrl: 'https://news.example/post' })],
    });
    serve(
      answer(api.approveItem, ({ params }) => {
        expect(params).toEqual({ unique: 'OLDER', itemId: '5' });
        details.OLDER = orderDetail('OLDER', {
          status: 1,
          listings: [orderItem(5, { state: 'completed', completedAt: '2026-11-22T10:00:00.000Z' })],
        });
        return details.OLDER;
      }),
    );
    renderOrders('/orders/OLDER/');
    await userEvent.click(await screen.findByTestId('approve-delivery'));
    await userEvent.click(
      within(await screen.findByTestId('confirm-modal')).getByRole('button', { name: 'Approve delivery' }),
    );
    await waitFor(() => expect(screen.getByTestId('item-state')).toHaveTextContent('Completed'));
    expect(screen.queryByTestId('approve-delivery')).not.toBeInTheDocument();
  });

  it('says so when an order cannot be loaded', async () => {
    renderOrders('/orders/GONE/');
    expect(await screen.findByTestId('load-error')).toHaveTextContent(M.orderNotFound);
  });
});
