import { apiKeyEndpoints as api } from '@cryptads/contract/endpoints/api-keys';
import type { Config } from '../../config';
import { route } from '../../lib/endpoint-routes';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';

/** The caller's API keys (docs/product/public-api.md); a session only, never a key. */
export function apiKeyRoutes(config: Config) {
  // Creation may check a 2FA code: the per-address budget of the endpoints that check a secret.
  const secretLimit = {
    config: {
      rateLimit: { max: config.rateLimit.authMax, timeWindow: config.rateLimit.authWindowSeconds * 1000 },
    },
  };
  return [
    route(api.list, async ({ ctx, auth }) => listApiKeys(ctx.db, auth.user.id)),
    route(api.create, async ({ ctx, auth, body }) => createApiKey(ctx, auth.user, body), secretLimit),
    route(api.revoke, async ({ ctx, auth, params }) => revokeApiKey(ctx.db, auth.user.id, params.id)),
  ];
}
