import { createHmac, randomBytes } from 'node:crypto';
import { paidShareOf } from '@cryptads/contract/money';
import { z } from 'zod';
import { safeEqual } from '../../lib/crypto';
import {
  type CreatedPayment,
  type CreatePaymentInput,
  headerValue,
  microsToCents,
  type PaymentMethod,
  type PaymentProvider,
  type PaymentStatus,
  type ProviderEvent,
  rawBodyText,
  WebhookVerificationError,
  type WebhookRequest,
} from './port';

/**
 * The embedded payment provider (docs/architecture.md#adapters): a hosted page of our own at
 * `/sandbox/pay/{paymentId}` with buttons Pay, Fail, Expire and, for crypto, Underpay. The
 * page's action calls our webhook exactly as a provider would: a JSON event signed with
 * HMAC-SHA256 over `{timestamp}.{raw body}` (Stripe's scheme), refused when older than the
 * tolerance. The page route itself lives with the billing routes; this file has everything
 * it needs: the signed event, its delivery and its verification.
 */

export const SANDBOX_SIGNATURE_HEADER = 'cryptads-sandbox-signature';
export const SANDBOX_TOLERANCE_SECONDS = 300;
/** An Underpay press sends this share of the amount (whole cents, rounded down). */
export const SANDBOX_UNDERPAY_PERCENT = 90n;

export type SandboxSettings = {
  /** HMAC key of the signed events; at least 32 characters. */
  secret: string;
  /** Base URL of the app ('https://ads.example.com'); the hosted page is `${publicUrl}/sandbox/pay/{id}`. */
  publicUrl: string;
  toleranceSeconds?: number;
};

export const SANDBOX_ACTIONS = ['pay', 'fail', 'expire', 'underpay'] as const;
export type SandboxAction = (typeof SANDBOX_ACTIONS)[number];

/** The actions the hosted page offers for a method: Underpay exists for crypto only. */
export const sandboxActionsFor = (method: PaymentMethod): readonly SandboxAction[] =>
  method === 'crypto' ? SANDBOX_ACTIONS : ['pay', 'fail', 'expire'];

const EVENT_TYPES = {
  pay: 'payment.succeeded',
  underpay: 'payment.succeeded',
  fail: 'payment.failed',
  expire: 'payment.expired',
} as const satisfies Record<SandboxAction, string>;

const EVENT_STATUS: Record<(typeof EVENT_TYPES)[SandboxAction], PaymentStatus> = {
  'payment.succeeded': 'paid',
  'payment.failed': 'failed',
  'payment.expired': 'expired',
};

const SandboxEventSchema = z.object({
  id: z.string().min(1).max(100),
  type: z.enum(['payment.succeeded', 'payment.failed', 'payment.expired']),
  created: z.number().int(),
  data: z.object({
    paymentId: z.string().min(1).max(100),
    providerRef: z.string().min(1).max(120),
    amountMicros: z.string().regex(/^\d+$/),
    paidMicros: z.string().regex(/^\d+$/).nullable(),
  }),
});
export type SandboxEvent = z.infer<typeof SandboxEventSchema>;

export const sandboxProviderRef = (paymentId: string) => `sandbox_${paymentId}`;
export const sandboxPageUrl = (publicUrl: string, paymentId: string) =>
  `${publicUrl.replace(/\/$/, '')}/sandbox/pay/${encodeURIComponent(paymentId)}`;

const sign = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/** The signature header for a body: `t={unix seconds},v1={hex HMAC-SHA256}`. */
export const sandboxSignatureHeader = (secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)) =>
  `t=${timestamp},v1=${sign(secret, timestamp, body)}`;

/**
 * Checks a signature header against the raw body: a v1 signature made with `secret` over
 * the timestamp and the body, the timestamp within `toleranceSeconds` of now.
 */
export function verifySandboxSignature(
  rawBody: string,
  header: string | undefined,
  secret: string,
  toleranceSeconds = SANDBOX_TOLERANCE_SECONDS,
  nowSeconds = Math.floor(Date.now() / 1000),
): void {
  if (!header) throw new WebhookVerificationError('Missing sandbox signature header');
  const parts = new Map<string, string[]>();
  for (const item of header.split(',')) {
    const [key, ...rest] = item.trim().split('=');
    if (!key || rest.length === 0) continue;
    parts.set(key, [...(parts.get(key) ?? []), rest.join('=')]);
  }
  const timestamp = Number(parts.get('t')?.[0]);
  if (!Number.isInteger(timestamp)) throw new WebhookVerificationError('Malformed sandbox signature header');
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds)
    throw new WebhookVerificationError('Sandbox signature timestamp outside the tolerance');
  const expected = sign(secret, timestamp, rawBody);
  if (!(parts.get('v1') ?? []).some((candidate) => safeEqual(candidate, expected)))
    throw new WebhookVerificationError('Sandbox signature does not match');
}

/** What an Underpay press says arrived: 90 % of the amount, whole cents. */
export const sandboxUnderpaidMicros = (amountMicros: bigint) =>
  paidShareOf(amountMicros, SANDBOX_UNDERPAY_PERCENT, 100n);

/** The signed event the hosted page sends for an action (body and headers, ready to POST). */
export function buildSandboxWebhook(
  secret: string,
  payment: { paymentId: string; amountMicros: bigint },
  action: SandboxAction,
  nowSeconds = Math.floor(Date.now() / 1000),
): { event: SandboxEvent; body: string; headers: Record<string, string> } {
  const type = EVENT_TYPES[action];
  const paidMicros =
    action === 'pay'
      ? payment.amountMicros
      : action === 'underpay'
        ? sandboxUnderpaidMicros(payment.amountMicros)
        : null;
  const event: SandboxEvent = {
    id: `evt_sb_${randomBytes(12).toString('hex')}`,
    type,
    created: nowSeconds,
    data: {
      paymentId: payment.paymentId,
      providerRef: sandboxProviderRef(payment.paymentId),
      amountMicros: payment.amountMicros.toString(),
      paidMicros: paidMicros === null ? null : paidMicros.toString(),
    },
  };
  const body = JSON.stringify(event);
  return {
    event,
    body,
    headers: {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: sandboxSignatureHeader(secret, body, nowSeconds),
    },
  };
}

/** POSTs a built event to our webhook URL, as a provider would; returns the HTTP status. */
export async function deliverSandboxWebhook(
  url: string,
  webhook: { body: string; headers: Record<string, string> },
  fetchImpl: typeof fetch = fetch,
  timeoutMs = 10_000,
): Promise<number> {
  const res = await fetchImpl(url, {
    method: 'POST',
    headers: { ...webhook.headers, 'user-agent': 'Cryptads-Sandbox-Payments/1.0' },
    body: webhook.body,
    signal: AbortSignal.timeout(timeoutMs),
  });
  await res.arrayBuffer();
  return res.status;
}

export function createSandboxProvider(settings: SandboxSettings): PaymentProvider {
  if (settings.secret.length < 32) throw new Error('payments: the sandbox secret must have at least 32 characters');
  const tolerance = settings.toleranceSeconds ?? SANDBOX_TOLERANCE_SECONDS;
  return {
    name: 'sandbox',
    methods: ['card', 'crypto'],
    async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
      microsToCents(input.amountMicros);
      return {
        providerRef: sandboxProviderRef(input.paymentId),
        // The page is ours: served on the origin the browser returns to (the request's own when
        // PUBLIC_URL is unset, lib/public-origin.ts), so the return keeps the session cookie.
        redirectUrl: sandboxPageUrl(new URL(input.returnUrl).origin || settings.publicUrl, input.paymentId),
      };
    },
    async parseWebhook(request: WebhookRequest): Promise<ProviderEvent[]> {
      const body = rawBodyText(request.rawBody);
      verifySandboxSignature(body, headerValue(request.headers, SANDBOX_SIGNATURE_HEADER), settings.secret, tolerance);
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        throw new WebhookVerificationError('Sandbox event is not JSON');
      }
      const parsed = SandboxEventSchema.safeParse(json);
      if (!parsed.success) throw new WebhookVerificationError('Sandbox event has an unknown shape');
      const event = parsed.data;
      const status = EVENT_STATUS[event.type];
      return [
        {
          provider: 'sandbox',
          providerEventId: event.id,
          providerRef: event.data.providerRef,
          paymentId: event.data.paymentId,
          status,
          ...(status === 'paid' && event.data.paidMicros !== null ? { paidMicros: BigInt(event.data.paidMicros) } : {}),
          providerStatus: event.type,
        },
      ];
    },
    // The sandbox keeps no state: our payment row is the truth.
    fetchStatus: async () => null,
  };
}
