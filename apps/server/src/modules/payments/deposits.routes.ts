import type { FastifyInstance, FastifyRequest } from 'fastify';
import { depositEndpoints as api } from '@cryptads/contract/endpoints/deposits';
import { PaymentProviderError, WebhookVerificationError } from '../../adapters/payments/port';
import type { AppContext } from '../../context';
import { registerEndpoints, route } from '../../lib/endpoint-routes';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { userFacingBaseUrl } from '../../lib/public-origin';
import * as bankDeposits from './bank-deposits';
import * as deposits from './deposits.service';
import {
  applyProviderEvent,
  cancelPayment,
  checkPayment,
  ownedPayment,
  PROVIDER_UNAVAILABLE,
} from './payments.service';
import { payerCountry, paymentsOf, type WebhookProvider } from './providers';

/** Deposits (docs/product/billing.md#api); paths, roles and schemas are in the contract. */
export const depositRoutes = [
  route(api.overview, async ({ ctx, auth }) => deposits.depositOverview(ctx, auth.user)),
  route(api.card, async ({ ctx, auth, body, request }) =>
    deposits.startDeposit(
      ctx,
      auth.user,
      'card',
      body.amount,
      payerCountry(ctx, request),
      userFacingBaseUrl(ctx.config, request),
    ),
  ),
  route(api.crypto, async ({ ctx, auth, body, request }) =>
    deposits.startDeposit(
      ctx,
      auth.user,
      'crypto',
      body.amount,
      payerCountry(ctx, request),
      userFacingBaseUrl(ctx.config, request),
    ),
  ),
  route(api.cryptoId, async ({ ctx, auth }) => deposits.openCryptoPayment(ctx.db, auth.user.id)),
  route(api.bankTransfer, async ({ ctx, auth }) => bankDeposits.bankTransferDetails(ctx, auth.user)),
  route(api.bankTransferStart, async ({ ctx, auth, body }) =>
    bankDeposits.startBankDeposit(ctx, auth.user, body.amount),
  ),
  route(api.payment, async ({ ctx, auth, body, request }) => {
    const payment = await ownedPayment(ctx.db, auth.user.id, body.paymentId);
    const providers = paymentsOf(ctx);
    const current =
      body.action === 'cancel'
        ? await cancelPayment(ctx.db, providers, payment, ctx.paidPurposes, request.log)
        : await checkPayment(ctx.db, providers, payment, ctx.paidPurposes, request.log);
    return deposits.toDepositRow(current);
  }),
];

/**
 * A provider's notification: verified on the raw bytes by its adapter, then each event
 * applied in its own transaction. A provider this server does not use answers 404.
 */
async function receiveWebhook(ctx: AppContext, name: WebhookProvider, request: FastifyRequest) {
  const provider = paymentsOf(ctx).byName(name);
  if (!provider) throw notFound();
  let events: Awaited<ReturnType<typeof provider.parseWebhook>>;
  try {
    events = await provider.parseWebhook({
      rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
      headers: request.headers,
      query: request.query as Record<string, string | undefined>,
    });
  } catch (error) {
    if (error instanceof WebhookVerificationError) {
      request.log.warn({ provider: name, reason: error.message }, 'payment webhook refused');
      throw badRequest('The notification could not be verified.');
    }
    if (error instanceof PaymentProviderError) throw new AppError(502, PROVIDER_UNAVAILABLE);
    throw error;
  }
  for (const event of events) await applyProviderEvent(ctx.db, event, ctx.paidPurposes, request.log);
  return { received: true as const };
}

export const webhookRoutes = [
  route(api.sandboxWebhook, async ({ ctx, request }) => receiveWebhook(ctx, 'sandbox', request)),
  route(api.stripeWebhook, async ({ ctx, request }) => receiveWebhook(ctx, 'stripe', request)),
  route(api.coingateWebhook, async ({ ctx, request }) => receiveWebhook(ctx, 'coingate', request)),
];

/**
 * The webhooks in a plugin of their own (an /api instance's child): signatures cover the
 * exact bytes, so every body here is kept as a Buffer instead of being parsed as JSON.
 */
export async function registerPaymentWebhooks(api: FastifyInstance) {
  await api.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    registerEndpoints(raw, webhookRoutes);
  });
}
