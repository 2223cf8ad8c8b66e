import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelopeSchema, GENERIC_MESSAGES } from '@cryptads/contract/api';
import type { EndpointDef, ExtraErrorStatus } from '@cryptads/contract/endpoint';
import { endpointsByDomain } from '@cryptads/contract/endpoints/all';
import { publicSchema } from '@cryptads/contract/money-schema';
import { SESSION_COOKIE } from '@cryptads/contract/session';
import { registerEndpoints, route } from '../../lib/endpoint-routes';
import { serializerCompiler } from '../../lib/serializer';
import { GETTING_STARTED, SCOPE_HELP } from './getting-started';

/**
 * The two OpenAPI 3.1 documents (docs/decisions/043-api-documents.md), built from the
 * endpoint table alone: `/api/openapi.json` documents every endpoint for the web app's
 * session, `/api/v1/openapi.json` only the endpoints with an API-key scope, as a key sees them
 * under `/api/v1/`. The schemas come from @fastify/swagger and fastify-type-provider-zod on a
 * bare Fastify instance that registers the table with stub handlers (no database), so the
 * `lint:openapi` script and the tests build the same documents as the server.
 */

// biome-ignore lint/suspicious/noExplicitAny: an OpenAPI document is walked as plain JSON.
type Json = Record<string, any>;

export type TableEntry = { operationId: string; domain: string; key: string; endpoint: EndpointDef };

/** `campaigns` + `list` → `campaignsList`: stable as long as the table's keys are. */
export const operationIdOf = (domain: string, key: string) => `${domain}${key.charAt(0).toUpperCase()}${key.slice(1)}`;

/** Every endpoint of the table with its operationId, in the table's order. */
export function tableEntries(byDomain: Record<string, Record<string, EndpointDef>> = endpointsByDomain): TableEntry[] {
  return Object.entries(byDomain).flatMap(([domain, endpoints]) =>
    Object.entries(endpoints).map(([key, endpoint]) => ({
      operationId: operationIdOf(domain, key),
      domain,
      key,
      endpoint,
    })),
  );
}

/**
 * An endpoint as /api/v1 speaks it: amounts are exact decimal strings in answers and bodies
 * (docs/decisions/057-exact-money-on-the-wire.md).
 */
function publicEntry(entry: TableEntry): TableEntry {
  const { endpoint } = entry;
  return {
    ...entry,
    endpoint: {
      ...endpoint,
      response: publicSchema(endpoint.response),
      ...(endpoint.body ? { body: publicSchema(endpoint.body) } : {}),
      ...(endpoint.query ? { query: publicSchema(endpoint.query) } : {}),
    },
  };
}

/** The router ignores a trailing slash (app.ts); the documents name each path without one. */
const withoutTrailingSlash = (path: string) => path.replace(/(.)\/$/, '$1');
const tableKey = (method: string, openApiPath: string) =>
  `${method.toUpperCase()} ${withoutTrailingSlash(openApiPath.replace(/\{(\w+)\}/g, ':$1'))}`;

const SESSION_SCHEME = 'sessionCookie';
const BEARER_SCHEME = 'bearerAuth';
const ERROR_REF = { $ref: '#/components/schemas/ErrorEnvelope' };
const errorContent = { 'application/json': { schema: ERROR_REF } };

const STATUS_RESPONSE: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  402: 'PaymentRequired',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  429: 'TooManyRequests',
};
const ref = (status: number) => ({ $ref: `#/components/responses/${STATUS_RESPONSE[status]}` });

/** The error answers an endpoint may give, from its roles, parameters and declared errors. */
export function errorStatuses(endpoint: EndpointDef, api: 'session' | 'key'): number[] {
  const statuses = new Set<number>([400]);
  const isPublic = endpoint.roles.includes('public');
  if (!isPublic || api === 'key') statuses.add(401).add(403);
  if (endpoint.params || /:\w/.test(endpoint.path)) statuses.add(404);
  for (const status of endpoint.errors ?? ([] as ExtraErrorStatus[])) statuses.add(status);
  // Every key request counts against the key's budget.
  if (api === 'key') statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}

/** The schemas @fastify/swagger derives from the table's zod schemas. */
async function swaggerDocument(entries: readonly TableEntry[]): Promise<Json> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The role check is not run here; registerEndpoints only needs it to exist.
  app.decorate('requireUser', () => async () => {});
  app.decorate('optionalUser', async () => {});
  await app.register(swagger, {
    openapi: { openapi: '3.1.0', info: { title: 'draft', version: '1' }, servers: [{ url: '/api' }] },
    transform: jsonSchemaTransform,
  });
  await app.register(
    async (api) => {
      registerEndpoints(
        api,
        entries.map((entry) => route(entry.endpoint, async () => null as never)),
      );
    },
    { prefix: '/api' },
  );
  await app.ready();
  const doc = structuredClone(app.swagger()) as Json;
  await app.close();
  return doc;
}

const errorResponses = (api: 'session' | 'key'): Json => ({
  BadRequest: {
    description: 'The input is invalid; `reason` names the first problem in a sentence.',
    content: errorContent,
  },
  Unauthorized: {
    description:
      api === 'key'
        ? 'No key, or a key that is unknown, revoked or expired.'
        : `No session, or an expired one: "${GENERIC_MESSAGES.unauthorized}"`,
    content: errorContent,
  },
  PaymentRequired: { description: 'The available balance is too low for this payment.', content: errorContent },
  Forbidden: {
    description:
      api === 'key'
        ? "The key does not hold the endpoint's scope, or the account type may not use it."
        : 'The account type may not use this endpoint, or the email address is not confirmed yet.',
    content: errorContent,
  },
  NotFound: {
    description: 'Nothing with this identifier belongs to the account (another account’s object is not found either).',
    content: errorContent,
  },
  Conflict: {
    description: 'The object is not in a state that allows this (already paid, no longer available...).',
    content: errorContent,
  },
  TooManyRequests: {
    description: 'Too many requests; try again after `Retry-After` seconds.',
    headers: { 'Retry-After': { $ref: '#/components/headers/Retry-After' } },
    content: errorContent,
  },
});

const ERROR_ENVELOPE = (() => {
  const { $schema: _, ...schema } = z.toJSONSchema(ErrorEnvelopeSchema) as Json;
  return {
    ...schema,
    description: 'Every failure: `code` is the HTTP status (or an application code), `reason` a sentence.',
  };
})();

function tagsOf(paths: Json): Json[] {
  const names = new Set<string>();
  for (const methods of Object.values(paths))
    for (const op of Object.values(methods as Json)) for (const tag of (op as Json).tags ?? []) names.add(tag);
  return [...names].sort().map((name) => ({ name, description: `${name} endpoints.` }));
}

/** Builds both documents: `full` (session, /api) and `v1` (API keys, /api/v1). */
export async function buildApiDocuments(
  opts: { productName: string; entries?: readonly TableEntry[] } = { productName: 'Cryptads' },
): Promise<{ full: Json; v1: Json }> {
  const entries = opts.entries ?? tableEntries();
  const byKey = new Map(entries.map((entry) => [tableKey(entry.endpoint.method, entry.endpoint.path), entry]));
  const generated = await swaggerDocument(entries);
  // The public document's schemas: the scoped endpoints with money as decimal strings.
  const generatedV1 = await swaggerDocument(entries.filter((entry) => entry.endpoint.scope).map(publicEntry));

  const fullPaths: Json = {};
  const v1Paths: Json = {};
  for (const [path, methods] of Object.entries(generated.paths as Json)) {
    const cleanPath = withoutTrailingSlash(path);
    for (const [method, generatedOp] of Object.entries(methods as Json)) {
      const entry = byKey.get(tableKey(method, path));
      if (!entry) throw new Error(`${method.toUpperCase()} ${path} is not in the endpoint table`);
      const { endpoint, operationId } = entry;
      const isPublic = endpoint.roles.includes('public');
      const { security: _, ...op } = generatedOp as Json;
      const roles = !isPublic
        ? `Roles: ${endpoint.roles.join(', ')}.`
        : endpoint.optionalAuth
          ? 'Public: no session needed; a session, when sent, tells who calls.'
          : 'Public: no session needed.';
      const responses: Json = { ...op.responses };
      for (const status of errorStatuses(endpoint, 'session')) responses[status] = ref(status);
      fullPaths[cleanPath] ??= {};
      fullPaths[cleanPath][method] = {
        ...op,
        operationId,
        summary: endpoint.summary,
        description: [endpoint.description, roles].filter(Boolean).join('\n\n'),
        // `{}` first: an optional session (OpenAPI's way of saying "none, or this one").
        security: isPublic ? (endpoint.optionalAuth ? [{}, { [SESSION_SCHEME]: [] }] : []) : [{ [SESSION_SCHEME]: [] }],
        responses,
      };
      if (!endpoint.scope) continue;
      const { security: __, ...publicOp } = generatedV1.paths[path][method] as Json;
      const keyResponses: Json = { ...publicOp.responses };
      for (const [status, answer] of Object.entries(keyResponses))
        if (status.startsWith('2'))
          keyResponses[status] = {
            ...(answer as Json),
            headers: {
              'RateLimit-Policy': { $ref: '#/components/headers/RateLimit-Policy' },
              RateLimit: { $ref: '#/components/headers/RateLimit' },
            },
          };
      for (const status of errorStatuses(endpoint, 'key')) keyResponses[status] = ref(status);
      v1Paths[cleanPath] ??= {};
      v1Paths[cleanPath][method] = {
        ...publicOp,
        operationId,
        summary: endpoint.summary,
        description: [endpoint.description, `Scope: \`${endpoint.scope}\`.`].filter(Boolean).join('\n\n'),
        security: [{ [BEARER_SCHEME]: [] }],
        'x-scope': endpoint.scope,
        ...(method === 'post'
          ? { parameters: [...(publicOp.parameters ?? []), { $ref: '#/components/parameters/Idempotency-Key' }] }
          : {}),
        responses: keyResponses,
      };
    }
  }

  const schemas = { ...generated.components?.schemas, ErrorEnvelope: ERROR_ENVELOPE };
  const full: Json = {
    openapi: '3.1.0',
    info: {
      title: `${opts.productName} API`,
      version: '1.0.0',
      description:
        'The API of the web app, signed in with the session cookie. Every answer is the envelope ' +
        '`{code, response, reason}`. Integrations use the public API under `/api/v1` with an API key ' +
        '(its document is `/api/v1/openapi.json`, its reference `/docs/api/`).',
    },
    servers: [{ url: '/api' }],
    tags: tagsOf(fullPaths),
    paths: fullPaths,
    components: {
      schemas,
      responses: errorResponses('session'),
      headers: { 'Retry-After': RETRY_AFTER },
      securitySchemes: {
        [SESSION_SCHEME]: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'The session the web app opens at login (HttpOnly cookie).',
        },
      },
    },
  };
  const v1: Json = {
    openapi: '3.1.0',
    info: { title: `${opts.productName} public API`, version: '1.0.0', description: GETTING_STARTED },
    servers: [{ url: '/api/v1' }],
    tags: tagsOf(v1Paths),
    paths: v1Paths,
    components: {
      schemas: { ...generatedV1.components?.schemas, ErrorEnvelope: ERROR_ENVELOPE },
      responses: errorResponses('key'),
      headers: {
        'RateLimit-Policy': {
          description: 'The key’s quota policy (IETF RateLimit header fields): `"key";q=<requests>;w=<seconds>`.',
          schema: { type: 'string', examples: ['"key";q=600;w=60'] },
        },
        RateLimit: {
          description: 'What is left of the quota now: `"key";r=<remaining>;t=<seconds until reset>`.',
          schema: { type: 'string', examples: ['"key";r=599;t=60'] },
        },
        'Retry-After': RETRY_AFTER,
      },
      parameters: {
        'Idempotency-Key': {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'A unique value (a UUID) per operation: a retry with the same key and body gets the first answer ' +
            'again instead of doing the operation twice.',
          schema: { type: 'string', maxLength: 255 },
        },
      },
      securitySchemes: {
        [BEARER_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'cads_live_...',
          description: `An API key from Settings → API keys, sent as \`Authorization: Bearer cads_live_...\`. ${SCOPE_HELP}`,
        },
      },
    },
  };
  // Unused components are left out of the public document.
  prune(v1);
  return { full, v1 };
}

/** The documents of one server, built once on first use (about a second of CPU). */
export function apiDocuments(productName: string) {
  let built: ReturnType<typeof buildApiDocuments> | undefined;
  return () => {
    built ??= buildApiDocuments({ productName });
    return built;
  };
}

const RETRY_AFTER = {
  description: 'Seconds to wait before the next request.',
  schema: { type: 'integer', minimum: 0 },
};

/** Drops the schemas and responses no operation of the document refers to. */
function prune(doc: Json) {
  const text = () => JSON.stringify(doc.paths);
  let used = text();
  for (const name of Object.keys(doc.components.responses))
    if (!used.includes(`#/components/responses/${name}"`)) delete doc.components.responses[name];
  used = JSON.stringify([doc.paths, doc.components.responses]);
  for (const name of Object.keys(doc.components.schemas))
    if (!used.includes(`#/components/schemas/${name}"`)) delete doc.components.schemas[name];
}
