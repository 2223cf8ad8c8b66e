import type { FastifyInstance } from 'fastify';
import { termsEndpoints as api } from '@cryptads/contract/endpoints/terms';
import { route } from '../../lib/endpoint-routes';
import { currentTermsOrThrow, ensureDefaultTerms, privacyPolicy, signLatestTerms } from './terms.service';

/** docs/product/account.md#dashboard, #permissions: platform terms every user must accept; the footer's legal pages. */
export const termsRoutes = [
  route(api.current, async ({ ctx }) => currentTermsOrThrow(ctx.db)),
  route(api.sign, async ({ ctx, auth, body }) => signLatestTerms(ctx.db, auth.user.id, body?.version)),
  route(api.privacy, async ({ ctx }) => privacyPolicy(ctx.config)),
];

/** The first terms exist before the server answers: the sign-up form links to them. */
export function addDefaultTerms(app: FastifyInstance) {
  app.addHook('onReady', async () => {
    await ensureDefaultTerms(app.ctx.db, app.ctx.config);
  });
}
