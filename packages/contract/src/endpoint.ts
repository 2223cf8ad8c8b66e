import type { z } from 'zod';

/**
 * One declaration per API endpoint (docs/decisions/009-endpoint-table.md).
 *
 * Each domain has two files in `endpoints/`:
 * - `<domain>.routes.ts`: method, path, roles and flags of each endpoint. It imports no zod,
 *   so the web app can build its fetchers from it without loading schemas on first load.
 * - `<domain>.ts`: the same endpoints with their schemas (`defineEndpoints(routes, {...})`),
 *   which the server registers and the web app uses for types only (`import type`).
 * A method, a path, the roles allowed and a shape are each written once.
 */

/** Who may call an endpoint. `public` needs no session; the others are account types. */
export type Role = 'public' | 'advertiser' | 'publisher' | 'operator';
export const ROLES = ['public', 'advertiser', 'publisher', 'operator'] as const satisfies readonly Role[];
/** Every signed-in customer account (advertisers and publishers). */
export const CUSTOMER = ['advertiser', 'publisher'] as const satisfies readonly Role[];
export const PUBLIC = ['public'] as const satisfies readonly Role[];
/** Back-office operators (account type 3, docs/decisions/032). */
export const OPERATOR = ['operator'] as const satisfies readonly Role[];
/** Customers and operators: the current user, logout and the two-factor set-up. */
export const CUSTOMER_OR_OPERATOR = ['advertiser', 'publisher', 'operator'] as const satisfies readonly Role[];

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What an API key may do. An endpoint with a `scope` is part of the public API: it is also
 * served under `/api/v1/` to a key that holds the scope (docs/decisions/040-public-api.md).
 * A key never reaches settings, security, billing details, deposits, withdraw options or the
 * back office: those endpoints have no scope.
 */
export const API_SCOPES = [
  'reports:read',
  'campaigns:read',
  'campaigns:write',
  'websites:read',
  'websites:write',
  'billing:read',
  'marketplace:read',
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** The zod-free part of an endpoint. */
export type RouteDef = {
  method: Method;
  /** Path under /api, Fastify style: `/websites/:id`. */
  path: string;
  /** Who may call it; the server refuses to start on an endpoint without roles. */
  roles: readonly Role[];
  /** A session whose email is not confirmed yet may call it (the verification calls). */
  allowUnverified?: boolean;
  /**
   * A public endpoint that answers more to a signed-in caller (the owner's own preview): the
   * auth check resolves the session from the bearer header or the browser's cookie when there
   * is a live one, and lets everyone else through as anonymous. Handlers get the caller in
   * `auth` and never read a header or a cookie themselves.
   */
  optionalAuth?: boolean;
  /**
   * The body is not JSON: `multipart` (uploads) or `raw` (a provider's webhook, whose
   * signature covers the exact bytes). The server does not validate it with `body`.
   */
  bodyKind?: 'json' | 'multipart' | 'raw';
  /** The answer is a file (PDF, CSV), not the JSON envelope; `response` documents nothing. */
  download?: boolean;
  /** The reason of the 403 a signed-in account of another role reads (a generic one when omitted). */
  forbidden?: string;
  /**
   * An operator may call it before two-factor authentication is on (the set-up calls, the
   * current user, logout); every other endpoint refuses such a session (docs/decisions/032).
   */
  operatorSetup?: boolean;
  /** The API-key scope that reaches this endpoint under `/api/v1/`; none keeps it session-only. */
  scope?: ApiScope;
  /**
   * Error statuses beyond those the table implies (400 input, 401/403 roles, 404 params) that
   * the endpoint may answer: 402 balance short, 409 state conflict, 429 rate limit. The OpenAPI
   * documents list them; an endpoint with a rate limit that does not declare 429 refuses to start.
   */
  errors?: readonly ExtraErrorStatus[];
};

/** The error statuses an endpoint declares in `errors`. */
export type ExtraErrorStatus = 402 | 409 | 429;

/** The schemas and documentation of an endpoint. */
export type EndpointSchemas = {
  /** OpenAPI group. */
  tag: string;
  summary: string;
  description?: string;
  /** Path parameters; a value that does not parse answers 404 (the path names nothing). */
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The envelope's `response` on success. */
  response: z.ZodType;
};

export type EndpointDef = RouteDef & EndpointSchemas;

/** Declares the zod-free routes of a domain; `const` keeps literal methods, paths and roles. */
export function defineRoutes<const R extends Record<string, RouteDef>>(routes: R): R {
  return routes;
}

/** Joins a domain's routes with their schemas: every route needs schemas, and no more. */
export function defineEndpoints<
  const R extends Record<string, RouteDef>,
  const S extends { [K in keyof R]: EndpointSchemas } & Record<Exclude<keyof S, keyof R>, never>,
>(routes: R, schemas: S): { [K in keyof R]: R[K] & S[K] } {
  const out: Record<string, EndpointDef> = {};
  for (const key of Object.keys(routes)) out[key] = { ...routes[key], ...schemas[key] } as EndpointDef;
  return out as unknown as { [K in keyof R]: R[K] & S[K] };
}

export type ParamsOf<E extends EndpointDef> = E['params'] extends z.ZodType ? z.input<E['params']> : undefined;
export type QueryOf<E extends EndpointDef> = E['query'] extends z.ZodType ? z.input<E['query']> : undefined;
export type BodyOf<E extends EndpointDef> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;
/** The envelope's `response` as a caller reads it: money as numbers of euros (the web app's view). */
export type ResponseOf<E extends EndpointDef> = z.output<E['response']>;
/**
 * What the server's handler returns for it: the response schema's input, money as micro-euros
 * (`bigint`); the serializer parses it into `ResponseOf` (money-schema.ts, decision 057).
 */
export type ServedOf<E extends EndpointDef> = z.input<E['response']>;

/** `/websites/:id` with `{id: 7}` → `/websites/7`; every value is URI-encoded. */
export function buildPath(path: string, params?: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** A query object as a search string (`?a=1&b=x`), skipping undefined and null values. */
export function buildQuery(query?: Record<string, unknown>): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
