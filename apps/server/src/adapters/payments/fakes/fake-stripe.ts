import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import {
  type FakeRequest,
  type FakeResponse,
  type LoopbackServer,
  listenOnLoopback,
  parseBracketForm,
} from '../../../testing/loopback';

/**
 * A small fake of the Stripe API on loopback, for the parts Checkout uses: create and
 * retrieve Checkout Sessions (form-encoded like the real API, Bearer key, idempotency keys
 * replayed), and webhook events signed with the package's own test-header helper. The
 * official client reaches it through its host/port/protocol options.
 */

export const FAKE_STRIPE_KEY = 'sk_test_fake_cryptads';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_fake_cryptads_0123456789abcdef';

export type FakeSession = {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  mode: string;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  cancel_url: string | null;
  url: string | null;
  created: number;
  expires_at: number;
  livemode: false;
  /** Set once the customer paid: the PaymentIntent's id (retrieve it with expand latest_charge). */
  payment_intent: string | null;
};

/** A PaymentIntent as the fake keeps it: the card's issuing country on its latest charge. */
type FakeIntent = { id: string; chargeId: string; amount: number; cardCountry: string | null };

export type FakeStripe = LoopbackServer & {
  protocol: 'http';
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, FakeSession>;
  /** The customer pays on Stripe's page: card payments complete 'paid'; `delayed` ones 'unpaid'. */
  complete(sessionId: string, options?: { delayed?: boolean; cardCountry?: string | null }): FakeSession;
  /** A delayed payment method settles (or fails). */
  settle(sessionId: string, succeeded: boolean): FakeSession;
  expire(sessionId: string): FakeSession;
  /** The webhook Stripe would send for the session now, signed (or signed with another secret / time). */
  webhook(
    type: string,
    sessionId: string,
    options?: { secret?: string; timestamp?: number; eventId?: string },
  ): { eventId: string; payload: string; headers: Record<string, string> };
};

const now = () => Math.floor(Date.now() / 1000);

const stripeError = (status: number, message: string, extra: Record<string, string> = {}): FakeResponse => ({
  status,
  body: { error: { type: 'invalid_request_error', message, ...extra } },
});

export async function startFakeStripe(options: { secretKey?: string; webhookSecret?: string } = {}) {
  const secretKey = options.secretKey ?? FAKE_STRIPE_KEY;
  const webhookSecret = options.webhookSecret ?? FAKE_STRIPE_WEBHOOK_SECRET;
  const sessions = new Map<string, FakeSession>();
  const byIdempotencyKey = new Map<string, string>();
  const intents = new Map<string, FakeIntent>();

  /** A PaymentIntent, its latest charge expanded when asked (`expand[]=latest_charge`). */
  function intentBody(intent: FakeIntent, expand: string[]) {
    const charge = {
      id: intent.chargeId,
      object: 'charge',
      amount: intent.amount,
      currency: 'eur',
      payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242', country: intent.cardCountry } },
    };
    return {
      id: intent.id,
      object: 'payment_intent',
      amount: intent.amount,
      currency: 'eur',
      status: 'succeeded',
      latest_charge: expand.includes('latest_charge') ? charge : intent.chargeId,
    };
  }

  function createSession(request: FakeRequest, origin: string): FakeResponse {
    const form = parseBracketForm(request.body);
    const item = ((form.line_items as Record<string, unknown> | undefined)?.['0'] ?? {}) as Record<string, unknown>;
    const priceData = (item.price_data ?? {}) as Record<string, unknown>;
    const unitAmount = Number(priceData.unit_amount);
    const quantity = Number(item.quantity ?? 1);
    if (form.mode !== 'payment') return stripeError(400, 'Missing required param: mode.', { param: 'mode' });
    if (typeof form.success_url !== 'string')
      return stripeError(400, 'Missing required param: success_url.', { param: 'success_url' });
    if (!Number.isInteger(unitAmount) || unitAmount < 50)
      return stripeError(400, 'Invalid integer: unit_amount.', { param: 'line_items[0][price_data][unit_amount]' });
    const id = `cs_test_${randomBytes(16).toString('hex')}`;
    const session: FakeSession = {
      id,
      object: 'checkout.session',
      amount_subtotal: unitAmount * quantity,
      amount_total: unitAmount * quantity,
      currency: String(priceData.currency ?? ''),
      client_reference_id: typeof form.client_reference_id === 'string' ? form.client_reference_id : null,
      customer_email: typeof form.customer_email === 'string' ? form.customer_email : null,
      metadata: (form.metadata ?? {}) as Record<string, string>,
      mode: 'payment',
      payment_status: 'unpaid',
      status: 'open',
      success_url: form.success_url,
      cancel_url: typeof form.cancel_url === 'string' ? form.cancel_url : null,
      url: `${origin}/c/pay/${id}`,
      created: now(),
      expires_at: now() + 24 * 3600,
      livemode: false,
      payment_intent: null,
    };
    sessions.set(id, session);
    return { status: 200, body: session };
  }

  const server = await listenOnLoopback((request) => {
    if (request.headers.authorization !== `Bearer ${secretKey}`)
      return stripeError(
        401,
        `Invalid API Key provided: ${String(request.headers.authorization ?? '').slice(7, 15)}***`,
      );
    if (request.method === 'POST' && request.path === '/v1/checkout/sessions') {
      const key = request.headers['idempotency-key'];
      const replayed = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
      if (replayed) return { status: 200, body: sessions.get(replayed), headers: { 'idempotent-replayed': 'true' } };
      const answer = createSession(request, server.origin);
      if (typeof key === 'string' && answer.status === 200) byIdempotencyKey.set(key, (answer.body as FakeSession).id);
      return answer;
    }
    const m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && m) {
      const session = sessions.get(decodeURIComponent(m[1] as string));
      return session
        ? { status: 200, body: session }
        : stripeError(404, `No such checkout.session: '${m[1]}'`, { code: 'resource_missing' });
    }
    const pi = /^\/v1\/payment_intents\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && pi) {
      const intent = intents.get(decodeURIComponent(pi[1] as string));
      return intent
        ? {
            status: 200,
            body: intentBody(
              intent,
              [...request.query].filter(([k]) => /^expand\[\d*\]$/.test(k)).map(([, v]) => v),
            ),
          }
        : stripeError(404, `No such payment_intent: '${pi[1]}'`, { code: 'resource_missing' });
    }
    return stripeError(404, `Unrecognized request URL (${request.method}: ${request.path}).`);
  });

  const get = (id: string) => {
    const session = sessions.get(id);
    if (!session) throw new Error(`fake stripe: no session ${id}`);
    return session;
  };
  // The package's own helper signs test webhooks exactly as Stripe does.
  const signer = new Stripe(secretKey);

  const fake: FakeStripe = {
    ...server,
    protocol: 'http',
    secretKey,
    webhookSecret,
    sessions,
    complete(id, opts = {}) {
      const s = get(id);
      s.status = 'complete';
      s.payment_status = opts.delayed ? 'unpaid' : 'paid';
      s.url = null;
      const intent: FakeIntent = {
        id: `pi_${randomBytes(12).toString('hex')}`,
        chargeId: `ch_${randomBytes(12).toString('hex')}`,
        amount: s.amount_total,
        cardCountry: opts.cardCountry === undefined ? 'IE' : opts.cardCountry,
      };
      intents.set(intent.id, intent);
      s.payment_intent = intent.id;
      return s;
    },
    settle(id, succeeded) {
      const s = get(id);
      s.payment_status = succeeded ? 'paid' : 'unpaid';
      return s;
    },
    expire(id) {
      const s = get(id);
      s.status = 'expired';
      s.url = null;
      return s;
    },
    webhook(type, id, opts = {}) {
      const eventId = opts.eventId ?? `evt_${randomBytes(12).toString('hex')}`;
      const payload = JSON.stringify({
        id: eventId,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: now(),
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: { ...get(id) } },
      });
      const header = signer.webhooks.generateTestHeaderString({
        payload,
        secret: opts.secret ?? webhookSecret,
        ...(opts.timestamp !== undefined ? { timestamp: opts.timestamp } : {}),
      });
      return { eventId, payload, headers: { 'content-type': 'application/json', 'stripe-signature': header } };
    },
  };
  return fake;
}
