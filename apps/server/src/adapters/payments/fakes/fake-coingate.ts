import { randomUUID } from 'node:crypto';
import { type FakeResponse, type LoopbackServer, listenOnLoopback } from '../../../testing/loopback';

/**
 * A fake of CoinGate's REST API v2 on loopback, following its published format: POST
 * /api/v2/orders (form or JSON body, `Authorization: Token ...`) answers the order object;
 * GET /api/v2/orders/{id} reads it; errors are `{message, reason}`. Tests move an order
 * through CoinGate's statuses and take the callback CoinGate would POST (form-encoded by
 * default, JSON when the API app says so), or have it delivered to the callback URL.
 */

export const FAKE_COINGATE_TOKEN = 'fake-coingate-api-token';

export type FakeOrder = {
  id: number;
  status: string;
  do_not_convert: boolean;
  order_id: string | null;
  price_amount: string;
  price_currency: string;
  receive_currency: string;
  receive_amount: string;
  pay_amount?: string;
  pay_currency?: string;
  underpaid_amount: string;
  overpaid_amount: string;
  is_refundable: boolean;
  created_at: string;
  payment_url: string;
  token: string | null;
  title: string | null;
  callback_url: string | null;
};

export type FakeCoinGate = LoopbackServer & {
  /** Base URL of the API ('http://127.0.0.1:{port}/api/v2'). */
  apiUrl: string;
  apiToken: string;
  orders: Map<number, FakeOrder>;
  /** Moves an order; `pay` sets what the shopper chose to pay and how much was missing. */
  setStatus(
    id: number,
    status: string,
    pay?: { amount: string; currency: string; underpaid?: string; overpaid?: string },
  ): FakeOrder;
  /** The callback body CoinGate would POST for the order now. */
  callback(id: number, format?: 'form' | 'json'): { body: string; headers: Record<string, string> };
  /** POSTs that callback to the order's callback_url, as CoinGate does; returns the HTTP status. */
  deliverCallback(id: number, format?: 'form' | 'json'): Promise<number>;
};

const decimal = (value: unknown) => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? (Number.isInteger(n) ? n.toFixed(1) : String(n)) : null;
};

export async function startFakeCoinGate(options: { apiToken?: string } = {}): Promise<FakeCoinGate> {
  const apiToken = options.apiToken ?? FAKE_COINGATE_TOKEN;
  const orders = new Map<number, FakeOrder>();
  let nextId = 390_551;

  const notFound: FakeResponse = { status: 404, body: { message: 'Order not found', reason: 'OrderNotFound' } };

  const server = await listenOnLoopback((request) => {
    if (request.headers.authorization !== `Token ${apiToken}`)
      return { status: 401, body: { message: 'Unauthorized', reason: 'BadAuthToken' } };
    if (request.method === 'POST' && request.path === '/api/v2/orders') {
      const isJson = String(request.headers['content-type'] ?? '').includes('json');
      const params: Record<string, unknown> = isJson
        ? (JSON.parse(request.body || '{}') as Record<string, unknown>)
        : Object.fromEntries(new URLSearchParams(request.body));
      const price = decimal(params.price_amount);
      const errors = [
        ...(price ? [] : ["Price can't be blank", 'Price is not a number']),
        ...(typeof params.price_currency === 'string' && params.price_currency
          ? []
          : ["Price currency can't be blank"]),
      ];
      if (errors.length > 0)
        return { status: 422, body: { message: 'Order is not valid', reason: 'OrderIsNotValid', errors } };
      const id = nextId++;
      const order: FakeOrder = {
        id,
        status: 'new',
        do_not_convert: false,
        order_id: typeof params.order_id === 'string' ? params.order_id : null,
        price_amount: price as string,
        price_currency: String(params.price_currency),
        receive_currency: String(params.receive_currency ?? params.price_currency),
        receive_amount: '',
        underpaid_amount: '0',
        overpaid_amount: '0',
        is_refundable: false,
        created_at: new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00'),
        payment_url: `${server.origin}/invoice/${randomUUID()}`,
        token: typeof params.token === 'string' ? params.token : null,
        title: typeof params.title === 'string' ? params.title : null,
        callback_url: typeof params.callback_url === 'string' ? params.callback_url : null,
      };
      orders.set(id, order);
      return { status: 200, body: publicOrder(order) };
    }
    const m = /^\/api\/v2\/orders\/(\d+)$/.exec(request.path);
    if (request.method === 'GET' && m) {
      const order = orders.get(Number(m[1]));
      return order ? { status: 200, body: publicOrder(order) } : notFound;
    }
    return { status: 404, body: { message: 'Not found', reason: 'NotFound' } };
  });

  const get = (id: number) => {
    const order = orders.get(id);
    if (!order) throw new Error(`fake coingate: no order ${id}`);
    return order;
  };

  const callbackFields = (order: FakeOrder): Record<string, string> => ({
    id: String(order.id),
    order_id: order.order_id ?? '',
    status: order.status,
    price_amount: order.price_amount,
    price_currency: order.price_currency,
    receive_currency: order.receive_currency,
    receive_amount: order.receive_amount,
    pay_amount: order.pay_amount ?? '',
    pay_currency: order.pay_currency ?? '',
    underpaid_amount: order.underpaid_amount,
    overpaid_amount: order.overpaid_amount,
    is_refundable: String(order.is_refundable),
    created_at: order.created_at,
    token: order.token ?? '',
  });

  const fake: FakeCoinGate = {
    ...server,
    apiUrl: `${server.origin}/api/v2`,
    apiToken,
    orders,
    setStatus(id, status, pay) {
      const order = get(id);
      order.status = status;
      if (pay) {
        order.pay_amount = pay.amount;
        order.pay_currency = pay.currency;
        order.underpaid_amount = pay.underpaid ?? '0';
        order.overpaid_amount = pay.overpaid ?? '0';
      }
      if (status === 'paid') {
        order.receive_amount = order.price_amount;
        order.is_refundable = true;
      }
      return order;
    },
    callback(id, format = 'form') {
      const fields = callbackFields(get(id));
      return format === 'json'
        ? { body: JSON.stringify(fields), headers: { 'content-type': 'application/json' } }
        : {
            body: new URLSearchParams(fields).toString(),
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          };
    },
    async deliverCallback(id, format = 'form') {
      const order = get(id);
      if (!order.callback_url) throw new Error(`fake coingate: order ${id} has no callback_url`);
      const { body, headers } = fake.callback(id, format);
      const res = await fetch(order.callback_url, {
        method: 'POST',
        headers: { ...headers, 'user-agent': 'CoinGate Payment Callback' },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer();
      return res.status;
    },
  };
  return fake;
}

/** The order as the API shows it (callback_url and title are not part of the answer). */
function publicOrder(order: FakeOrder) {
  const { callback_url: _callback, title: _title, ...rest } = order;
  return rest;
}
