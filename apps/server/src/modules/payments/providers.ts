import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { createGeo, type Geo, UNKNOWN_COUNTRY } from '../../adapters/geo/geo';
import { COINGATE_API_URLS } from '../../adapters/payments/coingate';
import { createPayments, type Payments, type PaymentsSettings } from '../../adapters/payments/payments';
import type { Config } from '../../config';
import type { AppContext } from '../../context';

export type WebhookProvider = 'sandbox' | 'stripe' | 'coingate';

/** Our webhook path for a provider (under /api). */
export const webhookPath = (provider: WebhookProvider) => `/api/billing/webhooks/${provider}`;

/**
 * The key the sandbox signs its webhooks with: SANDBOX_PAYMENTS_SECRET, or random per
 * process. The hosted page signs and delivers its webhook to this same process
 * (sandbox-page.routes.ts), so nothing outside ever needs to know a generated one.
 */
const processSandboxSecret = randomBytes(32).toString('base64url');
export const sandboxSecret = (config: Config) => config.payments.sandboxSecret ?? processSandboxSecret;

/** The payments port's settings from the configuration. */
export function paymentsSettings(config: Config): PaymentsSettings {
  const { payments } = config;
  return {
    card: payments.card,
    crypto: payments.crypto,
    sandbox: { secret: sandboxSecret(config), publicUrl: config.publicUrl },
    ...(payments.stripe ? { stripe: payments.stripe } : {}),
    ...(payments.coingate
      ? {
          coingate: {
            apiToken: payments.coingate.apiToken,
            apiUrl: COINGATE_API_URLS[payments.coingate.environment],
            callbackUrl: `${config.publicUrl}${webhookPath('coingate')}`,
            callbackSecret: payments.coingate.callbackSecret,
          },
        }
      : {}),
  };
}

/** The providers of this process, made once from the configuration (tests may set `ctx.payments` to fakes). */
export function paymentsOf(ctx: Pick<AppContext, 'config' | 'payments'>): Payments {
  ctx.payments ??= createPayments(paymentsSettings(ctx.config));
  return ctx.payments;
}

const geoByConfig = new WeakMap<Config, Geo>();

/**
 * The payer's country from their IP address (the delivery's source: a trusted proxy's header
 * or a GeoLite2 file), kept with the payment as evidence of where the customer is; null when
 * unknown.
 */
export function payerCountry(ctx: Pick<AppContext, 'config'>, request: FastifyRequest): string | null {
  let geo = geoByConfig.get(ctx.config);
  if (!geo) {
    geo = createGeo(ctx.config);
    geoByConfig.set(ctx.config, geo);
  }
  const country = geo.country(request.ip, request.headers);
  return country === UNKNOWN_COUNTRY ? null : country;
}
