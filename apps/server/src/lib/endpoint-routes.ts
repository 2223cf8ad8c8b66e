import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preValidationAsyncHookHandler,
  RouteShorthandOptions,
} from 'fastify';
import type { z } from 'zod';
import { AccountType } from '@cryptads/contract/account';
import type { EndpointDef, Role, ServedOf } from '@cryptads/contract/endpoint';
import type { AppContext, RequestMeta } from '../context';
import { type Auth, authOf, requestMeta } from '../plugins/auth';
import { ok, replies } from './envelope';

/**
 * Routes from the contract's endpoint table (docs/decisions/009-endpoint-table.md): a module
 * binds a handler to each of its endpoints with `route(...)`; `registerEndpoints` declares
 * method, path, schemas and the role check from the endpoint itself, so none of them is
 * written twice. A role check is never forgotten: an endpoint without roles refuses to start.
 */

type Output<T> = T extends z.ZodType ? z.output<T> : undefined;

/**
 * `auth` is the caller for every endpoint that needs a session, null for public ones, and the
 * caller or null for a public endpoint with `optionalAuth`: a handler never reads a header or
 * a cookie to learn who calls.
 */
type AuthFor<E extends EndpointDef> = 'public' extends E['roles'][number]
  ? E extends { optionalAuth: true }
    ? Auth | null
    : null
  : Auth;

export type HandlerInput<E extends EndpointDef> = {
  ctx: AppContext;
  auth: AuthFor<E>;
  params: Output<E['params']>;
  query: Output<E['query']>;
  body: Output<E['body']>;
  meta: RequestMeta;
  request: FastifyRequest;
  reply: FastifyReply;
};

/**
 * What a handler answers: the envelope's `response` (wrapped by the registrar) as the schema
 * takes it in, money as micro-euros (decision 057), or the reply itself after it has sent
 * something else (a file, a redirect).
 */
export type Handler<E extends EndpointDef> = (input: HandlerInput<E>) => Promise<ServedOf<E> | FastifyReply>;

/** Fastify options a route may add: a tighter rate limit, a body size, a log level. */
export type RouteExtras = Pick<RouteShorthandOptions, 'config' | 'bodyLimit' | 'logLevel' | 'validatorCompiler'>;

export type RouteBinding = {
  endpoint: EndpointDef;
  // biome-ignore lint/suspicious/noExplicitAny: bindings of different endpoints live in one list; route() checks each.
  handler: Handler<any>;
  extras?: RouteExtras;
};

/** Binds a handler to an endpoint of the contract. */
export function route<E extends EndpointDef>(endpoint: E, handler: Handler<E>, extras?: RouteExtras): RouteBinding {
  return { endpoint, handler, extras };
}

const ACCOUNT_TYPES: Partial<Record<Role, AccountType>> = {
  advertiser: AccountType.Advertiser,
  publisher: AccountType.Publisher,
  operator: AccountType.Operator,
};

/** The account types of an endpoint's roles; null for a public endpoint. */
export function accountTypesOf(endpoint: EndpointDef): AccountType[] | null {
  if (endpoint.roles.includes('public')) return null;
  return endpoint.roles.flatMap((role) => {
    const type = ACCOUNT_TYPES[role];
    return type === undefined ? [] : [type];
  });
}

export const endpointKey = (endpoint: Pick<EndpointDef, 'method' | 'path'>) => `${endpoint.method} ${endpoint.path}`;

export type RegisterOptions = {
  /**
   * Who may call, instead of the session check: the public API's key check (modules/api-keys,
   * docs/decisions/040-public-api.md). It sets `request.auth` as the session check does.
   */
  guard?: (endpoint: EndpointDef, types: AccountType[]) => preValidationAsyncHookHandler;
};

/** Registers bound endpoints on an instance whose prefix is /api (or /api/v1 with a guard). */
export function registerEndpoints(app: FastifyInstance, bindings: readonly RouteBinding[], opts: RegisterOptions = {}) {
  for (const { endpoint, handler, extras } of bindings) {
    if (endpoint.roles.length === 0) throw new Error(`${endpointKey(endpoint)} declares no roles`);
    // The OpenAPI documents list a 429 only where the table declares it (docs/decisions/043).
    if ((extras?.config as { rateLimit?: unknown } | undefined)?.rateLimit && !endpoint.errors?.includes(429))
      throw new Error(`${endpointKey(endpoint)} has a rate limit but does not declare errors: [429]`);
    const types = accountTypesOf(endpoint);
    const isPublic = types === null;
    if (opts.guard && isPublic) throw new Error(`${endpointKey(endpoint)} is public: it needs no API key`);
    if (endpoint.optionalAuth && !isPublic)
      throw new Error(`${endpointKey(endpoint)} requires a session: optionalAuth is for public endpoints`);
    const optional = endpoint.optionalAuth === true;
    const schema: Record<string, unknown> = {
      tags: [endpoint.tag],
      // /api/openapi.json documents /api; the public API's document is built from the scopes.
      ...(opts.guard ? { hide: true } : {}),
      summary: endpoint.summary,
      ...(endpoint.description ? { description: endpoint.description } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body && (endpoint.bodyKind ?? 'json') === 'json' ? { body: endpoint.body } : {}),
      ...(endpoint.download ? {} : { response: replies(endpoint.response) }),
    };
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      ...extras,
      schema,
      // The role is checked before the input is validated: a caller without the role always
      // gets 401 or 403, never a hint about what the input should have been. (What no input
      // may hold, U+0000 and lone surrogates, is refused for every route before this:
      // plugins/input-guard.ts.)
      // A public endpoint with optionalAuth learns who calls from the same check, refusing nobody.
      preValidation: isPublic
        ? optional
          ? [app.optionalUser]
          : []
        : opts.guard
          ? [opts.guard(endpoint, types)]
          : [
              app.requireUser({
                types,
                allowUnverified: endpoint.allowUnverified === true,
                operatorSetup: endpoint.operatorSetup === true,
                ...(endpoint.forbidden ? { forbidden: endpoint.forbidden } : {}),
              }),
            ],
      handler: async (request, reply) => {
        const result = await handler({
          ctx: app.ctx,
          // Typed per endpoint by Handler<E>; here all bindings share one list.
          auth: isPublic ? (optional ? request.auth : null) : (authOf(request) as never),
          params: request.params,
          query: request.query,
          body: request.body,
          meta: requestMeta(request),
          request,
          reply,
        });
        // A reply is thenable: an async handler that returns it resolves to undefined once
        // the file is sent, so `sent` is what says the handler answered by itself.
        if (result === reply || reply.sent) return reply;
        return ok(result);
      },
    });
  }
}
