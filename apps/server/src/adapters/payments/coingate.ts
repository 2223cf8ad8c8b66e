import { createHmac } from 'node:crypto';
import { paidShareOf } from '@cryptads/contract/money';
import { z } from 'zod';
import { safeEqual } from '../../lib/crypto';
import {
  type CreatedPayment,
  type CreatePaymentInput,
  headerValue,
  microsToDecimal,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentSnapshot,
  parseDecimal,
  type PaymentStatus,
  type ProviderEvent,
  rawBodyText,
  WebhookVerificationError,
  type WebhookRequest,
} from './port';

/**
 * Crypto through CoinGate's REST API v2 (docs/decisions/011-payments.md). Its callbacks are
 * not signed, so: the callback URL and the order's `token` carry a per-payment token (an
 * HMAC of our payment id, so nothing extra is stored), and the order is always read again
 * from the API before anything is credited; the callback body only says which order to read.
 * An underpaid order credits what arrived.
 */

export const COINGATE_API_URLS = {
  live: 'https://api.coingate.com/api/v2',
  sandbox: 'https://api-sandbox.coingate.com/api/v2',
} as const;

export type CoinGateSettings = {
  apiToken: string;
  /** COINGATE_API_URLS.live or .sandbox; a fake on loopback in tests. */
  apiUrl: string;
  /** Our webhook URL for CoinGate ('https://ads.example.com/api/billing/webhooks/coingate'). */
  callbackUrl: string;
  /** Key of the per-payment callback tokens; at least 32 characters. */
  callbackSecret: string;
  /** Settlement currency (CoinGate converts); EUR by default. */
  receiveCurrency?: string;
  timeoutMs?: number;
};

/** CoinGate's order statuses (developer.coingate.com "Order Status"). */
export const COINGATE_STATUSES = [
  'new',
  'pending',
  'confirming',
  'paid',
  'invalid',
  'expired',
  'canceled',
  'refunded',
  'partially_refunded',
] as const;

/**
 * Our state for CoinGate's: new is created, pending (currency chosen) and confirming (sent,
 * awaiting confirmations) are pending, invalid is failed. Refunds happen after 'paid' and
 * are for the operator: they map to nothing.
 */
const STATUS_MAP: Record<string, PaymentStatus | null> = {
  new: 'created',
  pending: 'pending',
  confirming: 'pending',
  paid: 'paid',
  invalid: 'failed',
  expired: 'expired',
  canceled: 'canceled',
  refunded: null,
  partially_refunded: null,
};

const decimalString = z.union([z.string(), z.number()]).nullish();

/** An order as the API returns it; fields beyond these are ignored. */
const OrderSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  order_id: z.string().nullish(),
  price_amount: decimalString,
  price_currency: z.string().nullish(),
  pay_amount: decimalString,
  pay_currency: z.string().nullish(),
  underpaid_amount: decimalString,
  overpaid_amount: decimalString,
  payment_url: z.string().nullish(),
});
export type CoinGateOrder = z.infer<typeof OrderSchema>;

const CRYPTO_SCALE = 18;

/**
 * What an order brought in, in micro-euros (whole cents, rounded down): the price when paid
 * in full; when CoinGate reports `underpaid_amount` or `overpaid_amount` (in the pay currency)
 * the price times what arrived over what was due, (pay_amount -/+ that) / pay_amount, so the
 * clearing account holds what CoinGate will settle (docs/decisions/041).
 */
export function paidMicrosOfOrder(order: CoinGateOrder): bigint {
  const price = parseDecimal(order.price_amount, 6);
  if (price === null) throw new PaymentProviderError('coingate', `order ${order.id} has no price_amount`);
  const underpaid = parseDecimal(order.underpaid_amount ?? '0', CRYPTO_SCALE) ?? 0n;
  const overpaid = parseDecimal(order.overpaid_amount ?? '0', CRYPTO_SCALE) ?? 0n;
  if (underpaid === 0n && overpaid === 0n) return price;
  const due = parseDecimal(order.pay_amount, CRYPTO_SCALE);
  if (due === null || due === 0n)
    throw new PaymentProviderError('coingate', `order ${order.id} paid another amount but has no pay_amount`);
  const received = due + overpaid > underpaid ? due + overpaid - underpaid : 0n;
  return paidShareOf(price, received, due);
}

export function createCoinGateProvider(settings: CoinGateSettings, fetchImpl: typeof fetch = fetch): PaymentProvider {
  if (settings.callbackSecret.length < 32)
    throw new Error('payments: the CoinGate callback secret must have at least 32 characters');
  const apiUrl = settings.apiUrl.replace(/\/$/, '');
  const timeoutMs = settings.timeoutMs ?? 15_000;

  const tokenFor = (paymentId: string) =>
    createHmac('sha256', settings.callbackSecret).update(`coingate:${paymentId}`).digest('base64url');

  async function call(method: 'GET' | 'POST', path: string, form?: URLSearchParams): Promise<unknown> {
    let res: Response;
    try {
      res = await fetchImpl(`${apiUrl}${path}`, {
        method,
        headers: {
          authorization: `Token ${settings.apiToken}`,
          accept: 'application/json',
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(form ? { body: form.toString() } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new PaymentProviderError('coingate', `cannot reach the API (${(error as Error).message})`);
    }
    const text = await res.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: reported below with the status.
    }
    if (!res.ok) {
      const detail = (body as { message?: unknown; reason?: unknown } | null) ?? {};
      throw new PaymentProviderError(
        'coingate',
        `${method} ${path} answered ${res.status} ${String(detail.reason ?? '')} ${String(detail.message ?? '')}`.trim(),
        res.status,
      );
    }
    return body;
  }

  async function readOrder(orderId: string): Promise<CoinGateOrder> {
    if (!/^\d{1,18}$/.test(orderId)) throw new PaymentProviderError('coingate', `invalid order id ${orderId}`);
    const parsed = OrderSchema.safeParse(await call('GET', `/orders/${orderId}`));
    if (!parsed.success) throw new PaymentProviderError('coingate', `order ${orderId} has an unknown shape`);
    return parsed.data;
  }

  function snapshotOf(order: CoinGateOrder): PaymentSnapshot | null {
    const status = STATUS_MAP[order.status];
    if (!status) return null;
    if ((order.price_currency ?? '').toUpperCase() !== 'EUR')
      throw new PaymentProviderError('coingate', `order ${order.id} is not priced in EUR`);
    return {
      provider: 'coingate',
      providerRef: String(order.id),
      paymentId: order.order_id ?? null,
      status,
      ...(status === 'paid' ? { paidMicros: paidMicrosOfOrder(order) } : {}),
      providerStatus: order.status,
    };
  }

  return {
    name: 'coingate',
    methods: ['crypto'],
    async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
      const token = tokenFor(input.paymentId);
      const callback = new URL(settings.callbackUrl);
      callback.searchParams.set('token', token);
      const form = new URLSearchParams({
        order_id: input.paymentId,
        price_amount: microsToDecimal(input.amountMicros),
        price_currency: 'EUR',
        receive_currency: settings.receiveCurrency ?? 'EUR',
        title: input.description.slice(0, 150).padEnd(3, '.'),
        description: `${input.description} (${input.paymentId})`.slice(0, 500),
        callback_url: callback.toString(),
        cancel_url: input.cancelUrl,
        success_url: input.returnUrl,
        token,
        ...(input.customerEmail ? { purchaser_email: input.customerEmail } : {}),
      });
      const parsed = OrderSchema.safeParse(await call('POST', '/orders', form));
      if (!parsed.success || !parsed.data.payment_url)
        throw new PaymentProviderError('coingate', 'the created order has no payment_url');
      return { providerRef: String(parsed.data.id), redirectUrl: parsed.data.payment_url };
    },

    async parseWebhook(request: WebhookRequest): Promise<ProviderEvent[]> {
      const text = rawBodyText(request.rawBody);
      const isJson = (headerValue(request.headers, 'content-type') ?? '').includes('json');
      let fields: Record<string, unknown>;
      try {
        fields = isJson ? (JSON.parse(text) as Record<string, unknown>) : Object.fromEntries(new URLSearchParams(text));
      } catch {
        throw new WebhookVerificationError('CoinGate callback body is not readable');
      }
      const orderId = String(fields.id ?? '');
      const paymentId = typeof fields.order_id === 'string' ? fields.order_id : '';
      const urlToken = request.query?.token ?? '';
      if (!paymentId || !orderId || !urlToken) throw new WebhookVerificationError('CoinGate callback without token');
      const expected = tokenFor(paymentId);
      if (!safeEqual(urlToken, expected)) throw new WebhookVerificationError('CoinGate callback token does not match');
      if (fields.token !== undefined && !safeEqual(String(fields.token), expected))
        throw new WebhookVerificationError('CoinGate callback body token does not match');
      // The callback is only a hint: the order as the API reports it now decides.
      const order = await readOrder(orderId);
      if (order.order_id !== paymentId)
        throw new WebhookVerificationError(`CoinGate order ${orderId} does not belong to payment ${paymentId}`);
      const snapshot = snapshotOf(order);
      if (!snapshot) return [];
      return [{ ...snapshot, providerEventId: `${order.id}:${order.status}` }];
    },

    async fetchStatus(providerRef: string): Promise<PaymentSnapshot | null> {
      return snapshotOf(await readOrder(providerRef));
    },
  };
}
