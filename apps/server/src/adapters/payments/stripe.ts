import { MICROS_PER_CENT } from '@cryptads/contract/billing-messages';
import Stripe from 'stripe';
import {
  type CreatedPayment,
  type CreatePaymentInput,
  headerValue,
  microsToCents,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentSnapshot,
  type PaymentStatus,
  type ProviderEvent,
  WebhookVerificationError,
  type WebhookRequest,
} from './port';

/**
 * Cards through Stripe Checkout (docs/decisions/011-payments.md): one Checkout Session per
 * payment, created with our payment id as idempotency key and client_reference_id; the
 * webhook is verified on the raw body with `stripe.webhooks.constructEvent` (300 s
 * tolerance) and fulfils from checkout.session.completed (paid now, or pending for methods
 * that confirm later), checkout.session.async_payment_succeeded|failed and
 * checkout.session.expired. Other event types are acknowledged and ignored.
 */

export type StripeSettings = {
  secretKey: string;
  /** The endpoint's signing secret (whsec_...). */
  webhookSecret: string;
  toleranceSeconds?: number;
  /** Another API host (a fake on loopback in tests); Stripe's own when unset. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
  timeoutMs?: number;
  maxNetworkRetries?: number;
};

export const STRIPE_TOLERANCE_SECONDS = 300;

type Session = Stripe.Checkout.Session;

const HANDLED_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
] as const;
type HandledEvent = (typeof HANDLED_EVENTS)[number];
const isHandled = (type: string): type is HandledEvent => (HANDLED_EVENTS as readonly string[]).includes(type);

function statusOfEvent(type: HandledEvent, session: Session): PaymentStatus {
  switch (type) {
    case 'checkout.session.completed':
      // Card payments are paid at completion; delayed methods complete 'unpaid' and
      // confirm later with async_payment_succeeded or _failed.
      return session.payment_status === 'unpaid' ? 'pending' : 'paid';
    case 'checkout.session.async_payment_succeeded':
      return 'paid';
    case 'checkout.session.async_payment_failed':
      return 'failed';
    case 'checkout.session.expired':
      return 'expired';
  }
}

function statusOfSession(session: Session): PaymentStatus {
  if (session.status === 'expired') return 'expired';
  if (session.status === 'complete') return session.payment_status === 'unpaid' ? 'pending' : 'paid';
  return 'created';
}

const paidMicrosOf = (session: Session) =>
  typeof session.amount_total === 'number' ? BigInt(session.amount_total) * MICROS_PER_CENT : undefined;

const paymentIdOf = (session: Session) => session.client_reference_id ?? session.metadata?.paymentId ?? null;

function providerError(error: unknown): PaymentProviderError {
  if (error instanceof Stripe.errors.StripeError)
    return new PaymentProviderError('stripe', error.message, error.statusCode ?? undefined);
  return new PaymentProviderError('stripe', error instanceof Error ? error.message : String(error));
}

export function createStripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, {
    ...(settings.api ?? {}),
    timeout: settings.timeoutMs ?? 20_000,
    maxNetworkRetries: settings.maxNetworkRetries ?? 2,
    telemetry: false,
  });
  const tolerance = settings.toleranceSeconds ?? STRIPE_TOLERANCE_SECONDS;

  /**
   * The country of the card that paid (VAT location evidence): the Checkout Session names its
   * PaymentIntent, whose latest charge carries `payment_method_details.card.country`. Evidence
   * is optional: a failed lookup answers undefined and never stops the payment being credited.
   */
  const cardCountryOf = async (session: Session): Promise<string | undefined> => {
    const intent = session.payment_intent;
    if (!intent) return undefined;
    try {
      const pi =
        typeof intent === 'string'
          ? await stripe.paymentIntents.retrieve(intent, { expand: ['latest_charge'] })
          : intent;
      const charge = pi.latest_charge;
      const country = typeof charge === 'object' && charge ? charge.payment_method_details?.card?.country : null;
      return country && /^[A-Z]{2}$/.test(country) ? country : undefined;
    } catch {
      return undefined;
    }
  };

  const snapshot = (session: Session, status: PaymentStatus, providerStatus: string): PaymentSnapshot => {
    const paid = status === 'paid' ? paidMicrosOf(session) : undefined;
    return {
      provider: 'stripe',
      providerRef: session.id,
      paymentId: paymentIdOf(session),
      status,
      ...(paid !== undefined ? { paidMicros: paid } : {}),
      providerStatus,
    };
  };

  return {
    name: 'stripe',
    methods: ['card'],
    async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
      const cents = microsToCents(input.amountMicros);
      const metadata = { paymentId: input.paymentId, userId: String(input.userId), purpose: input.purpose };
      let session: Session;
      try {
        session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            allowed_payment_method_types: ['card'],
            client_reference_id: input.paymentId,
            ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
            line_items: [
              {
                quantity: 1,
                price_data: { currency: 'eur', unit_amount: Number(cents), product_data: { name: input.description } },
              },
            ],
            metadata,
            payment_intent_data: { metadata },
            success_url: input.returnUrl,
            cancel_url: input.cancelUrl,
          },
          // A retried call (ours or the library's) must not open a second session.
          { idempotencyKey: `checkout-session-${input.paymentId}` },
        );
      } catch (error) {
        throw providerError(error);
      }
      if (!session.url) throw new PaymentProviderError('stripe', 'the Checkout Session has no URL');
      return { providerRef: session.id, redirectUrl: session.url };
    },

    async parseWebhook(request: WebhookRequest): Promise<ProviderEvent[]> {
      const header = headerValue(request.headers, 'stripe-signature');
      if (!header) throw new WebhookVerificationError('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(request.rawBody, header, settings.webhookSecret, tolerance);
      } catch (error) {
        throw new WebhookVerificationError(error instanceof Error ? error.message : 'Invalid Stripe signature');
      }
      if (!isHandled(event.type)) return [];
      const session = event.data.object as Session;
      if (session.object !== 'checkout.session' || session.currency !== 'eur') return [];
      const status = statusOfEvent(event.type, session);
      const cardCountry = status === 'paid' ? await cardCountryOf(session) : undefined;
      return [
        {
          ...snapshot(session, status, event.type),
          ...(cardCountry ? { cardCountry } : {}),
          providerEventId: event.id,
        },
      ];
    },

    async fetchStatus(providerRef: string): Promise<PaymentSnapshot | null> {
      let session: Session;
      try {
        session = await stripe.checkout.sessions.retrieve(providerRef);
      } catch (error) {
        throw providerError(error);
      }
      const status = statusOfSession(session);
      const cardCountry = status === 'paid' ? await cardCountryOf(session) : undefined;
      return {
        ...snapshot(session, status, `${session.status}/${session.payment_status}`),
        ...(cardCountry ? { cardCountry } : {}),
      };
    },
  };
}
