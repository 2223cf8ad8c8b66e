import { settingsEndpoints as api } from '@cryptads/contract/endpoints/settings';
import type { Config } from '../../config';
import { route } from '../../lib/endpoint-routes';
import * as settings from './settings.service';

/** docs/product/account.md#settings: account security, access log, password, email preferences, deletion. Both types. */
export function settingsRoutes(config: Config) {
  /** Per-IP budget on every endpoint that checks a password or code. */
  const secretLimit = {
    config: {
      rateLimit: { max: config.rateLimit.authMax, timeWindow: config.rateLimit.authWindowSeconds * 1000 },
    },
  };

  return [
    route(api.accessLog, async ({ ctx, auth }) => settings.accessLog(ctx.db, auth.user.id, auth.session.id)),
    route(api.closeSession, async ({ ctx, auth, params }) =>
      settings.closeSession(ctx, auth.user.id, auth.session, params.id),
    ),
    route(api.changePassword, async ({ ctx, auth, body }) => settings.changePassword(ctx, auth, body), secretLimit),
    route(api.preferences, async ({ ctx, auth }) => settings.getPreferences(ctx.db, auth.user.id)),
    route(api.updatePreferences, async ({ ctx, auth, body }) => settings.setPreferences(ctx.db, auth.user.id, body)),
    route(
      api.deleteAccount,
      async ({ ctx, auth, body }) => settings.requestDeletion(ctx, auth.user, body),
      secretLimit,
    ),
    route(api.cancelDeletion, async ({ ctx, auth }) => settings.cancelDeletion(ctx, auth.user)),
  ];
}
