import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { AppCode } from '@cryptads/contract/api';
import { API_KEY_MESSAGES } from '@cryptads/contract/api-keys';
import { AUTH_MESSAGES } from '@cryptads/contract/auth';
import type { AccountType } from '@cryptads/contract/account';
import type { EndpointDef } from '@cryptads/contract/endpoint';
import { publicMoneyInputs, publicSchema } from '@cryptads/contract/money-schema';
import { type RouteBinding, registerEndpoints } from '../../lib/endpoint-routes';
import { AppError, forbidden, unauthorized } from '../../lib/errors';
import { type Auth, bearerToken } from '../../plugins/auth';
import { cookieToken } from '../../plugins/session-cookie';
import type { SessionRow } from '../sessions/types';
import { findActiveKey, type KeyAuth, touchApiKey } from './api-keys.service';
import { type Claim, claimIdempotencyKey, parseIdempotencyKey, requestHash, settleIdempotencyKey } from './idempotency';
import { isWellFormedApiKey } from './key-format';
import { type Counter, consume, memoryCounter, policyHeader, rateLimitHeader, redisCounter } from './rate-limit';

/** The prefix of the public API: every endpoint with a scope again, for API keys only. */
export const PUBLIC_API_PREFIX = '/api/v1';

type PublicState = { keyAuth: KeyAuth; idempotency: { key: string; hash: string } | null; claim?: Claim };
const states = new WeakMap<FastifyRequest, PublicState>();

/** A handler of the public API has no session: reading it is a bug, not a silent null. */
const NO_SESSION = new Proxy({} as SessionRow, {
  get() {
    throw new Error('an endpoint of the public API read the session: API keys have none');
  },
});

/**
 * Registers the bindings that have a scope under /api/v1 (docs/decisions/040-public-api.md):
 * the same schemas, handlers, envelope, role and ownership checks as under /api, behind
 * `Authorization: Bearer <key>` instead of a session, with per-key and per-account rate
 * limits and `Idempotency-Key` on POSTs. Money is exact decimal strings both ways
 * (docs/decisions/057-exact-money-on-the-wire.md).
 */
export async function registerPublicApi(app: FastifyInstance, bindings: readonly RouteBinding[]) {
  const { config } = app.ctx;
  const counter: Counter = app.ctx.redis ? redisCounter(app.ctx.redis) : memoryCounter();
  const window = config.publicApi.windowSeconds;
  const keyPolicy = { name: 'key', quota: config.publicApi.perKey, windowSeconds: window };
  const accountPolicy = { name: 'account', quota: config.publicApi.perAccount, windowSeconds: window };

  function guard(endpoint: EndpointDef, types: AccountType[]): preValidationAsyncHookHandler {
    const scope = endpoint.scope;
    if (!scope) throw new Error(`${endpoint.method} ${endpoint.path} has no scope: it is not part of the public API`);
    const moneyInputs = publicMoneyInputs(endpoint.body);
    return async (request, reply) => {
      const token = bearerToken(request);
      if (!token)
        throw unauthorized(cookieToken(request) ? API_KEY_MESSAGES.sessionNotAccepted : API_KEY_MESSAGES.keyMissing);
      if (!isWellFormedApiKey(token)) throw unauthorized(API_KEY_MESSAGES.keyInvalid);
      const found = await findActiveKey(app.ctx.db, token);
      if (!found) throw unauthorized(API_KEY_MESSAGES.keyInvalid);
      if (found.user.disabledAt) throw new AppError(401, AUTH_MESSAGES.accountDisabled, { code: AppCode.Banned });
      const { usages, limited } = await consume(counter, [
        { id: `k:${found.key.id}`, policy: keyPolicy },
        { id: `a:${found.user.id}`, policy: accountPolicy },
      ]);
      reply.header('ratelimit-policy', policyHeader(usages));
      reply.header('ratelimit', rateLimitHeader(usages));
      if (limited)
        throw new AppError(429, API_KEY_MESSAGES.rateLimited, {
          headers: { 'retry-after': String(limited.resetSeconds) },
        });
      if (!found.key.scopes.includes(scope)) throw new AppError(403, API_KEY_MESSAGES.missingScope(scope));
      if (!types.includes(found.user.type as AccountType))
        throw endpoint.forbidden ? new AppError(403, endpoint.forbidden) : forbidden();
      await touchApiKey(app.ctx.db, found.key, request.ip);
      const auth: Auth = { user: found.user, session: NO_SESSION, token: '' };
      request.auth = auth;
      const idempotencyKey = request.method === 'POST' ? parseIdempotencyKey(request.headers['idempotency-key']) : null;
      states.set(request, {
        keyAuth: found,
        idempotency: idempotencyKey
          ? { key: idempotencyKey, hash: requestHash(request.method, request.url, request.body) }
          : null,
      });
      // Amounts arrive as decimal strings; the endpoint's own schema then checks the euros they are.
      if (moneyInputs) {
        const converted = moneyInputs(request.body);
        if (!converted.ok) throw new AppError(400, converted.message);
        request.body = converted.value;
      }
    };
  }

  await app.register(
    async (v1) => {
      // After validation: a repeated request answers its first answer, or waits for it.
      v1.addHook('preHandler', async (request, reply) => {
        const state = states.get(request);
        if (!state?.idempotency) return;
        const claim = await claimIdempotencyKey(
          app.ctx.db,
          state.keyAuth.user.id,
          state.idempotency.key,
          state.idempotency.hash,
        );
        state.claim = claim;
        if (claim.kind === 'replay') {
          reply.header('idempotent-replayed', 'true');
          return reply.status(claim.status).type('application/json; charset=utf-8').send(claim.response);
        }
      });
      v1.addHook('onSend', async (request, reply, payload) => {
        const claim = states.get(request)?.claim;
        if (claim?.kind !== 'run') return payload;
        // Every POST of the public API answers JSON text; anything else is not kept (a retry runs again).
        const status = typeof payload === 'string' ? reply.statusCode : 500;
        await settleIdempotencyKey(app.ctx.db, claim.id, status, typeof payload === 'string' ? payload : '');
        return payload;
      });
      // The same handlers; answers' amounts written as exact decimal strings (decision 057).
      registerEndpoints(
        v1,
        bindings
          .filter((b) => b.endpoint.scope !== undefined)
          .map((b) => ({ ...b, endpoint: { ...b.endpoint, response: publicSchema(b.endpoint.response) } })),
        { guard },
      );
    },
    { prefix: PUBLIC_API_PREFIX },
  );
}
