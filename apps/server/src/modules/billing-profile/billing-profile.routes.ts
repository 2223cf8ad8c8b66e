import type { FastifyInstance } from 'fastify';
import { billingDetailsEndpoints as api } from '@cryptads/contract/endpoints/billing-details';
import { registerEndpoints, route } from '../../lib/endpoint-routes';
import * as billing from './billing-profile.service';
import { registerKycSandboxPage } from './kyc-sandbox.page';

/** Billing Details (docs/product/billing.md#billing-profile, #api); paths, roles and schemas are in the contract. */
export const billingProfileRoutes = [
  route(api.profile, async ({ ctx, auth }) => billing.profileView(ctx, auth.user)),
  route(api.countries, async () => billing.billingCountries()),
  route(api.saveDetails, async ({ ctx, auth, body }) => billing.saveDetails(ctx, auth.user, body)),
  route(api.vatCountries, async () => billing.vatCountries()),
  route(api.validateVat, async ({ ctx, auth, body }) => billing.validateVat(ctx, auth.user, body), {
    // Each press may ask the EU's VIES service.
    config: { rateLimit: { max: 20, timeWindow: 60_000 } },
  }),
  route(api.documents, async ({ ctx, auth }) => billing.listDocuments(ctx, auth.user)),
  route(
    api.uploadDocument,
    async ({ ctx, auth, body }) => billing.sendDocument(ctx, auth.user, body),
    // 3000 KB as base64 is 4 MB; the margin lets a somewhat larger file get the size message.
    { bodyLimit: 6_000_000, config: { rateLimit: { max: 30, timeWindow: 60_000 } } },
  ),
  route(api.documentFile, async ({ ctx, auth, params, reply }) =>
    billing.sendDocumentFile(ctx, auth.user, params.id, reply),
  ),
  route(api.startKyc, async ({ ctx, auth }) => billing.startKyc(ctx, auth.user), {
    config: { rateLimit: { max: 10, timeWindow: 60_000 } },
  }),
  route(api.saveWithdrawOptions, async ({ ctx, auth, body }) => billing.saveWithdrawOptions(ctx, auth.user, body)),
];

/**
 * The KYC provider's webhook (under /api, raw body: its signature covers the bytes) and,
 * with the sandbox provider, its page at /sandbox/kyc/{session}. Each in a plugin of its own,
 * so that their body parsers apply to them only.
 */
export async function registerKycRoutes(app: FastifyInstance) {
  await app.register(
    async (raw) => {
      // The root's JSON parser (plugins/input-guard.ts) is not Fastify's built-in one, which
      // alone a child may replace without removing it first.
      raw.removeAllContentTypeParsers();
      raw.addContentTypeParser(
        ['application/json', 'application/x-www-form-urlencoded', 'text/plain'],
        { parseAs: 'buffer' },
        (_request, body, done) => done(null, body),
      );
      registerEndpoints(raw, [
        route(api.kycWebhook, async ({ ctx, request }) => {
          const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          await billing.applyKycWebhook(ctx, { rawBody, headers: request.headers });
          return { ok: true as const };
        }),
      ]);
    },
    { prefix: '/api' },
  );
  await registerKycSandboxPage(app);
}
