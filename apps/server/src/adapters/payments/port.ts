import { MICROS_PER_CENT } from '@cryptads/contract/billing-messages';

/**
 * The port for money coming in (docs/architecture.md#adapters "payments"; docs/decisions/011-payments.md):
 * create a payment at a provider and send the browser there, then turn the provider's
 * signed notifications into normalised events for the payment state machine
 * (modules/payments/payment-state.ts). Deposits use it now, marketplace orders next.
 */

/** The states of a payment, as providers' events report them; how they may follow each other is modules/payments/payment-state.ts. */
export const PAYMENT_STATUSES = ['created', 'pending', 'paid', 'failed', 'expired', 'canceled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export type PaymentMethod = 'card' | 'crypto';
export type PaymentPurpose = 'deposit' | 'order';
export type PaymentProviderName = 'sandbox' | 'stripe' | 'coingate';

export type CreatePaymentInput = {
  /** Our payment's id: unguessable, unique; the provider's idempotency key and order reference. */
  paymentId: string;
  userId: number;
  purpose: PaymentPurpose;
  /** What the provider charges (amount + fee + VAT), whole cents. */
  amountMicros: bigint;
  method: PaymentMethod;
  /** One line the provider's page shows, e.g. 'Cryptads deposit'. */
  description: string;
  /** Where the browser returns after paying (the caller adds payment=success). */
  returnUrl: string;
  /** Where the browser returns when the customer gives up. */
  cancelUrl: string;
  customerEmail?: string | null;
};

export type CreatedPayment = {
  /** The provider's id of the payment (Checkout Session id, CoinGate order id, ...). */
  providerRef: string;
  redirectUrl: string;
};

/** A webhook as it arrived: the raw body (signatures cover the bytes) and the headers. */
export type WebhookRequest = {
  rawBody: Buffer | string;
  headers: Record<string, string | string[] | undefined>;
  query?: Record<string, string | undefined>;
};

/** One provider notification, normalised. Store it under (provider, providerEventId) before acting. */
export type ProviderEvent = {
  provider: PaymentProviderName;
  /** Unique per provider: a repeated delivery carries the same id. */
  providerEventId: string;
  providerRef: string;
  /** Our payment id as the provider echoes it back; null when it does not. */
  paymentId: string | null;
  status: PaymentStatus;
  /** What arrived, for 'paid': whole cents; below the amount charged when underpaid. */
  paidMicros?: bigint;
  /** The provider's own event type or status, for logs and the operator. */
  providerStatus: string;
  /**
   * For 'paid' card payments: the country that issued the card (ISO 3166-1 alpha-2), stored with
   * the payment's VAT location evidence (docs/decisions/035, 041); absent when not reported.
   */
  cardCountry?: string;
};

/** A payment as the provider sees it now (the browser's return, re-check jobs). */
export type PaymentSnapshot = Omit<ProviderEvent, 'providerEventId'>;

export type PaymentProvider = {
  readonly name: PaymentProviderName;
  readonly methods: readonly PaymentMethod[];
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /** Verifies and parses a webhook; throws WebhookVerificationError when it is not genuine. */
  parseWebhook(request: WebhookRequest): Promise<ProviderEvent[]>;
  /** Reads the payment at the provider; null for the sandbox, whose state lives in our own row. */
  fetchStatus(providerRef: string): Promise<PaymentSnapshot | null>;
};

/** The webhook is not genuine (bad or missing signature or token, stale timestamp): answer 400. */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
}

/** The provider refused or could not be reached: answer 502 and let the customer try again. */
export class PaymentProviderError extends Error {
  override readonly name = 'PaymentProviderError';
  constructor(
    readonly provider: PaymentProviderName,
    message: string,
    readonly status?: number,
  ) {
    super(`${provider}: ${message}`);
  }
}

// ---------------------------------------------------------------- helpers the adapters share

/** One header's value (node lower-cases names; a repeated header counts as absent). */
export function headerValue(headers: WebhookRequest['headers'], name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return typeof value === 'string' ? value : undefined;
}

export const rawBodyText = (body: Buffer | string) => (typeof body === 'string' ? body : body.toString('utf8'));

/** Micro-euros to cents; the amount must be whole cents. */
export function microsToCents(micros: bigint): bigint {
  if (micros <= 0n || micros % MICROS_PER_CENT !== 0n)
    throw new RangeError('A payment amount must be a positive number of whole cents');
  return micros / MICROS_PER_CENT;
}

/** Micro-euros as a decimal euro string with 2 decimals ('150.00'). */
export function microsToDecimal(micros: bigint): string {
  const cents = microsToCents(micros);
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}

/**
 * A non-negative decimal string ('1229.0', '0.00012345') as an integer scaled by 10^scale,
 * truncating further digits. Null when it is not such a number.
 */
export function parseDecimal(value: unknown, scale: number): bigint | null {
  if (typeof value === 'number' && Number.isFinite(value)) return parseDecimal(value.toFixed(scale), scale);
  if (typeof value !== 'string') return null;
  const m = /^(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) return null;
  const frac = (m[2] ?? '').slice(0, scale).padEnd(scale, '0');
  return BigInt(m[1] as string) * 10n ** BigInt(scale) + BigInt(frac || '0');
}
