import { type CoinGateSettings, createCoinGateProvider } from './coingate';
import type { PaymentMethod, PaymentProvider, PaymentProviderName } from './port';
import { createSandboxProvider, type SandboxSettings } from './sandbox';
import { createStripeProvider, type StripeSettings } from './stripe';

/**
 * The payments port (port.ts) with its adapters chosen by configuration: the sandbox takes
 * both methods by default; Stripe takes cards and CoinGate crypto when configured.
 */
export type PaymentsSettings = {
  /** Which provider takes each method (configuration; production refuses sandbox unless ALLOW_SANDBOX=1). */
  card: 'sandbox' | 'stripe';
  crypto: 'sandbox' | 'coingate';
  sandbox: SandboxSettings;
  stripe?: StripeSettings;
  coingate?: CoinGateSettings;
};

export type Payments = {
  forMethod(method: PaymentMethod): PaymentProvider;
  /** The provider a webhook path names; null when that provider is not configured. */
  byName(name: string): PaymentProvider | null;
};

export function createPayments(settings: PaymentsSettings, fetchImpl: typeof fetch = fetch): Payments {
  const sandbox = createSandboxProvider(settings.sandbox);
  const providers = new Map<PaymentProviderName, PaymentProvider>();
  let card: PaymentProvider = sandbox;
  let crypto: PaymentProvider = sandbox;
  if (settings.card === 'stripe') {
    if (!settings.stripe) throw new Error('payments: card=stripe needs the Stripe settings');
    card = createStripeProvider(settings.stripe);
    providers.set('stripe', card);
  }
  if (settings.crypto === 'coingate') {
    if (!settings.coingate) throw new Error('payments: crypto=coingate needs the CoinGate settings');
    crypto = createCoinGateProvider(settings.coingate, fetchImpl);
    providers.set('coingate', crypto);
  }
  // Sandbox webhooks are accepted only while the sandbox takes a method.
  if (card === sandbox || crypto === sandbox) providers.set('sandbox', sandbox);
  return {
    forMethod: (method) => (method === 'card' ? card : crypto),
    byName: (name) => providers.get(name as PaymentProviderName) ?? null,
  };
}
