import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { OkSchema } from '@cryptads/contract/api';
import { API_SCOPES } from '@cryptads/contract/endpoint';
import { MONEY_MARKER } from '@cryptads/contract/money-schema';
import { WEBHOOK_VERIFY_EXAMPLE } from '@cryptads/contract/webhook-verify-example';
import { registerEndpoints, route } from '../../lib/endpoint-routes';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { buildApiDocuments, operationIdOf, tableEntries } from './openapi';
import { operationAnchor } from './reference-html';
import { BUNDLE_URL, INIT_URL, REFERENCE_PATH } from './reference.page';

// biome-ignore lint/suspicious/noExplicitAny: the documents are walked as plain JSON.
type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
const operations = (doc: Json) =>
  Object.entries(doc.paths as Json).flatMap(([path, item]) =>
    Object.entries(item as Json)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ path, method, op: op as Json })),
  );

let full: Json;
let v1: Json;
let app: TestApp;
beforeAll(async () => {
  ({ full, v1 } = await buildApiDocuments({ productName: 'Cryptads Test' }));
  app = await createTestApp({ PRODUCT_NAME: 'Cryptads Test' });
  // A shared CI machine under load can take a minute to build the app.
}, 240_000);
afterAll(async () => {
  await app.closeAll();
});

describe('operationIds', () => {
  it('derives each from the table key: domain + key', () => {
    expect(operationIdOf('campaigns', 'list')).toBe('campaignsList');
    expect(operationIdOf('billingHistory', 'invoicePdf')).toBe('billingHistoryInvoicePdf');
  });

  it('gives every endpoint of the table one operation with a unique operationId', () => {
    const ids = operations(full).map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(
      tableEntries()
        .map((entry) => entry.operationId)
        .sort(),
    );
  });

  it('keeps the published operationIds (a rename breaks generated clients)', async () => {
    const ids = operations(full)
      .map(({ path, method, op }) => `${op.operationId} ${method.toUpperCase()} ${path}`)
      .sort();
    await expect(`${ids.join('\n')}\n`).toMatchFileSnapshot('./operation-ids.snapshot.txt');
  });

  it('names known operations on their paths', () => {
    const find = (id: string) => operations(full).find(({ op }) => op.operationId === id);
    expect(find('campaignsList')).toMatchObject({ path: '/campaigns', method: 'get' });
    expect(find('authLogin')).toMatchObject({ path: '/login', method: 'post' });
    // The product's path ends with a slash; the router ignores it and the document drops it.
    expect(find('marketplaceSimilar')).toMatchObject({ path: '/marketplace/listings/{unique}', method: 'post' });
  });
});

describe('the session document /api/openapi.json', () => {
  it('is OpenAPI 3.1 under /api with the session cookie and the error envelope', () => {
    expect(full.openapi).toBe('3.1.0');
    expect(full.servers).toEqual([{ url: '/api' }]);
    expect(full.components.securitySchemes.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie' });
    expect(full.components.schemas.ErrorEnvelope).toMatchObject({
      type: 'object',
      required: ['code', 'response', 'reason'],
    });
  });

  it('gives every operation a summary, its security and at least one 4xx answer', () => {
    const wrong: string[] = [];
    for (const { path, method, op } of operations(full)) {
      const where = `${method} ${path}`;
      if (!op.summary) wrong.push(`${where}: no summary`);
      if (!Array.isArray(op.security)) wrong.push(`${where}: no security`);
      if (!Object.keys(op.responses).some((status) => /^4\d\d$/.test(status))) wrong.push(`${where}: no 4xx`);
      if (path.length > 1 && path.endsWith('/')) wrong.push(`${where}: trailing slash`);
    }
    expect(wrong).toEqual([]);
  });

  it('derives security and errors from roles, parameters and declared errors', () => {
    const byId = new Map(operations(full).map(({ op }) => [op.operationId, op]));
    const health = byId.get('systemHealth') as Json;
    expect(health.security).toEqual([]);
    expect(Object.keys(health.responses)).toEqual(['200', '400']);
    const detail = byId.get('campaignsDetail') as Json;
    expect(detail.security).toEqual([{ sessionCookie: [] }]);
    // optionalAuth: anonymous or the session.
    expect((byId.get('campaignsPreview') as Json).security).toEqual([{}, { sessionCookie: [] }]);
    expect(Object.keys(detail.responses).sort()).toEqual(['200', '400', '401', '403', '404']);
    expect(detail.responses['404']).toEqual({ $ref: '#/components/responses/NotFound' });
    const pay = byId.get('marketplaceOrdersPayWallet') as Json;
    expect(Object.keys(pay.responses)).toEqual(expect.arrayContaining(['402', '409']));
    const login = byId.get('authLogin') as Json;
    expect(login.responses['429']).toEqual({ $ref: '#/components/responses/TooManyRequests' });
    expect(full.components.responses.TooManyRequests.headers['Retry-After']).toBeDefined();
  });
});

describe('the public document /api/v1/openapi.json', () => {
  const scoped = () => tableEntries().filter((entry) => entry.endpoint.scope);

  it('lists only the endpoints with a scope, under /api/v1', () => {
    expect(v1.openapi).toBe('3.1.0');
    expect(v1.servers).toEqual([{ url: '/api/v1' }]);
    const ops = operations(v1);
    expect(ops.length).toBeGreaterThan(0);
    expect(ops.map(({ op }) => op.operationId).sort()).toEqual(
      scoped()
        .map((entry) => entry.operationId)
        .sort(),
    );
    for (const { op } of ops) {
      const entry = scoped().find((e) => e.operationId === op.operationId);
      expect(op['x-scope']).toBe(entry?.endpoint.scope);
      expect(op.description).toContain(`Scope: \`${entry?.endpoint.scope}\``);
      expect(op.security).toEqual([{ bearerAuth: [] }]);
    }
    // Session-only endpoints stay out: settings and keys (under /user/), billing details, deposits,
    // the back office. The account itself (GET /user, billing:read) is public.
    const paths = Object.keys(v1.paths ?? {});
    expect(paths.filter((p) => /^\/(user\/|billing\/details|billing\/deposit|admin)/.test(p))).toEqual([]);
    expect(JSON.stringify(v1.paths)).not.toContain('sessionCookie');
  });

  it('documents the key, its scopes, the rate-limit headers and Idempotency-Key on POSTs', () => {
    const scheme = v1.components.securitySchemes.bearerAuth;
    expect(scheme).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'cads_live_...' });
    for (const scope of API_SCOPES) expect(scheme.description).toContain(`\`${scope}\``);
    expect(Object.keys(v1.components.securitySchemes)).toEqual(['bearerAuth']);
    for (const { method, op } of operations(v1)) {
      expect(op.responses['200'].headers).toEqual({
        'RateLimit-Policy': { $ref: '#/components/headers/RateLimit-Policy' },
        RateLimit: { $ref: '#/components/headers/RateLimit' },
      });
      expect(op.responses['429']).toEqual({ $ref: '#/components/responses/TooManyRequests' });
      expect(op.responses['401']).toBeDefined();
      const idempotency = (op.parameters ?? []).some((p: Json) => p.$ref === '#/components/parameters/Idempotency-Key');
      expect(idempotency).toBe(method === 'post');
    }
    expect(v1.components.responses.TooManyRequests.headers).toEqual({
      'Retry-After': { $ref: '#/components/headers/Retry-After' },
    });
    expect(v1.components.parameters['Idempotency-Key']).toMatchObject({ in: 'header', name: 'Idempotency-Key' });
  });

  it('starts with a getting-started guide: keys, bearer, scopes, rate limits, idempotency, webhooks', () => {
    const text = v1.info.description as string;
    for (const part of [
      'Settings → API keys',
      'Authorization: Bearer',
      'RateLimit-Policy',
      'Retry-After',
      'Idempotency-Key',
      'Cryptads-Signature: t=<unix seconds>,v1=<hex>',
      'Cryptads-Event-Id',
      'HMAC-SHA256',
    ])
      expect(text).toContain(part);
    // The receiver's check is the one the docs and the settings page show, which its test runs
    // (outgoing-webhooks/verify-example.test.ts).
    expect(text).toContain(`\`\`\`js\n${WEBHOOK_VERIFY_EXAMPLE}\n\`\`\``);
  });
});

/**
 * Money in the public document (docs/decisions/057-exact-money-on-the-wire.md): every amount is
 * an exact decimal string. A field is money when its schema carries the marker `money()` puts
 * there (x-currency) or when its name says so; a fractional number by such a name fails, so a
 * new amount written as a plain z.number() is caught even when nobody marked it.
 */
const MONEY_NAME =
  /balance|amount|price|budget|spen[dt]|cost|revenue|earning|vat|total|fee|cpm|cpc|money|value|bid|payout|commission|refund|charge/i;
/** Fractional numbers whose name sounds like money but that are not (none today). */
const NOT_MONEY = new Set<string>();

type Field = { where: string; name: string; schema: Json };
/** Every named field of a schema (properties, items, map values, union branches), $refs followed. */
function fieldsOf(
  doc: Json,
  schema: Json | undefined,
  where: string,
  name: string,
  out: Field[],
  seen = new Set<Json>(),
) {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return out;
  seen.add(schema);
  if (typeof schema.$ref === 'string') {
    const target = schema.$ref
      .replace('#/', '')
      .split('/')
      .reduce((node: Json, key: string) => node?.[key], doc);
    return fieldsOf(doc, target, where, name, out, seen);
  }
  out.push({ where, name, schema });
  for (const [key, child] of Object.entries((schema.properties ?? {}) as Json))
    fieldsOf(doc, child, `${where}.${key}`, key, out, seen);
  if (schema.items) fieldsOf(doc, schema.items, `${where}[]`, name, out, seen);
  for (const child of schema.prefixItems ?? []) fieldsOf(doc, child, `${where}[]`, name, out, seen);
  if (typeof schema.additionalProperties === 'object')
    fieldsOf(doc, schema.additionalProperties, `${where}{}`, name, out, seen);
  for (const key of ['anyOf', 'oneOf', 'allOf'])
    for (const child of schema[key] ?? []) fieldsOf(doc, child, where, name, out, seen);
  return out;
}

const isFractional = (schema: Json) =>
  schema.type === 'number' || (Array.isArray(schema.type) && schema.type.includes('number'));

/** The money fields of every operation (answers, bodies, parameters) and of the documented webhooks. */
function moneyTable(doc: Json) {
  const rows: { where: string; marked: boolean; byName: boolean; schema: Json }[] = [];
  const schemas: { where: string; schema: Json }[] = [];
  for (const { path, method, op } of operations(doc)) {
    const at = `${method.toUpperCase()} ${path}`;
    for (const [status, answer] of Object.entries((op.responses ?? {}) as Json))
      for (const media of Object.values(((answer as Json).content ?? {}) as Json))
        schemas.push({ where: `${at} ${status}`, schema: (media as Json).schema });
    for (const media of Object.values((op.requestBody?.content ?? {}) as Json))
      schemas.push({ where: `${at} body`, schema: (media as Json).schema });
    for (const param of op.parameters ?? [])
      if (param.schema) schemas.push({ where: `${at} ${param.in} ${param.name}`, schema: param.schema });
  }
  for (const [event, item] of Object.entries((doc.webhooks ?? {}) as Json))
    for (const op of Object.values(item as Json))
      for (const media of Object.values(((op as Json).requestBody?.content ?? {}) as Json))
        schemas.push({ where: `webhook ${event}`, schema: (media as Json).schema });
  for (const { where, schema } of schemas) {
    const fields = fieldsOf(doc, schema, where, '', []);
    for (const field of fields) {
      const marked = field.schema[MONEY_MARKER] !== undefined;
      const byName = MONEY_NAME.test(field.name) && !NOT_MONEY.has(field.name);
      if (marked || (byName && (isFractional(field.schema) || field.schema.type === 'string')))
        rows.push({ where: field.where, marked, byName, schema: field.schema });
    }
    // A map of amounts (minimumBids: {NATIVE: …}): its values are named by the map.
    for (const field of fields) {
      const values = Object.entries((field.schema.properties ?? {}) as Json);
      if (MONEY_NAME.test(field.name) && values.length > 0 && values.every(([, v]) => isFractional(v as Json)))
        for (const [key, v] of values)
          rows.push({ where: `${field.where}.${key}`, marked: false, byName: true, schema: v as Json });
    }
  }
  return rows;
}

/** What is wrong with a money field of the public document; null when it is an exact decimal string. */
function moneyProblem(schema: Json): string | null {
  if (isFractional(schema)) return `a ${JSON.stringify(schema.type)} (a float parser rounds)`;
  if (schema.type !== 'string') return `type ${JSON.stringify(schema.type)}`;
  if (schema.format !== 'decimal') return 'no format: decimal';
  if (typeof schema.pattern !== 'string' || new RegExp(schema.pattern).test('1e3')) return 'no decimal pattern';
  if (schema[MONEY_MARKER] !== 'EUR') return 'no currency';
  return null;
}

describe('money in the public document', () => {
  it('writes every amount of every operation as an exact decimal string in euros', () => {
    const table = moneyTable(v1);
    const wrong = table.flatMap((row) => {
      const problem = moneyProblem(row.schema);
      return problem ? [`${row.where}: ${problem}`] : [];
    });
    expect(wrong).toEqual([]);
    // The walk reaches the amounts it must (answers, nested rows, maps, bodies).
    const where = table.map((row) => row.where);
    for (const expected of [
      'GET /user 200.response.balance',
      'GET /campaigns 200.response[].price',
      'GET /campaigns/options 200.response.minimumBids.NATIVE',
      'GET /reports/{campaignIds}/{websiteId} 200.response.totals.eCpm',
      'POST /marketplace/listings 200.response.listings{}.finalPrice',
      'POST /campaigns body.dailyBudget',
      'POST /marketplace/listings body.minPrice',
      'GET /billing/history 200.response[].amount',
    ])
      expect(where).toContain(expected);
    // Examples in the document are decimal strings too.
    const balance = table.find((row) => row.where === 'GET /user 200.response.balance');
    expect(balance?.schema.examples).toEqual(['2499.95725']);
  });

  it('catches an amount nobody marked: a fractional number named like money', async () => {
    const endpoint = {
      method: 'GET',
      path: '/fees',
      roles: ['advertiser'],
      scope: 'billing:read',
      tag: 'billing',
      summary: 'Fees',
      response: z.object({ fee: z.number(), rate: z.number(), fees: z.object({ card: z.number() }) }),
    } as const;
    const { v1: doc } = await buildApiDocuments({
      productName: 'Test',
      entries: [{ operationId: 'feesList', domain: 'fees', key: 'list', endpoint }],
    });
    const wrong = moneyTable(doc).filter((row) => moneyProblem(row.schema) !== null);
    expect(wrong.map((row) => row.where).sort()).toEqual([
      'GET /fees 200.response.fee',
      'GET /fees 200.response.fees.card',
    ]);
  });

  it('leaves the session document in numbers of euros (the web app reads those), marked EUR', () => {
    const user = full.paths['/user'].get.responses['200'].content['application/json'].schema;
    expect(user.properties.response.properties.balance).toEqual({ type: 'number', [MONEY_MARKER]: 'EUR' });
  });
});

describe('served documents', () => {
  it('serves both documents as built from the table', async () => {
    const served = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(served.statusCode).toBe(200);
    expect(served.json()).toEqual(full);
    const publicDoc = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(publicDoc.statusCode).toBe(200);
    expect(publicDoc.json()).toEqual(v1);
  });

  it('answers 400 to input that cannot be stored on any endpoint, as every operation documents', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health?x=%00' });
    expect(res.statusCode).toBe(400);
  });
});

describe('the reference page /docs/api/', () => {
  it('is HTML with every operation of the public document in it: nothing to run to read it', async () => {
    const res = await app.inject({ method: 'GET', url: REFERENCE_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<title>Cryptads Test API reference</title>');
    expect(res.body).toContain('<h1>Cryptads Test public API</h1>');
    expect(res.body).toContain('<h2 id="getting-started">Getting started</h2>');
    const ops = operations(v1);
    expect(ops.length).toBeGreaterThan(10);
    for (const { op } of ops) {
      // Each operation has its anchor, its summary and an example request.
      const article = res.body
        .split(`<article class="op" id="${operationAnchor(op.operationId)}">`)[1]
        ?.split('</article>')[0];
      expect(article, op.operationId).toBeDefined();
      expect(article).toContain(escapeHtml(op.summary));
      expect(article).toContain('curl');
    }
    expect(res.body).toContain(`href="#${operationAnchor('campaignsList')}"`);
  });

  it('loads only our own deferred script, nothing inline and nothing from another origin', async () => {
    const res = await app.inject({ method: 'GET', url: REFERENCE_PATH });
    expect(res.body.match(/<script\b[^>]*>/g)).toEqual([`<script src="${INIT_URL}" defer>`]);
    // Nothing loaded from elsewhere (a link the reader may follow is no load).
    expect(res.body).not.toMatch(/\bsrc="https?:/);
    for (const link of res.body.match(/<link\b[^>]*>/g) ?? []) expect(link).not.toMatch(/href="https?:/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("font-src 'self' data:");
  });

  it('is compressed when asked and revalidated with its ETag', async () => {
    const br = await app.inject({ method: 'GET', url: REFERENCE_PATH, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    const plain = await app.inject({ method: 'GET', url: REFERENCE_PATH });
    expect(plain.rawPayload.length).toBeGreaterThan(br.rawPayload.length * 5);
    const again = await app.inject({
      method: 'GET',
      url: REFERENCE_PATH,
      headers: { 'if-none-match': String(plain.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it("serves Scalar's bundle and the script that loads it on demand from this server, gzipped when asked", async () => {
    const bundle = await app.inject({ method: 'GET', url: BUNDLE_URL, headers: { 'accept-encoding': 'gzip, br' } });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toContain('text/javascript');
    expect(bundle.headers['content-encoding']).toBe('gzip');
    expect(bundle.headers['cache-control']).toContain('immutable');
    const plain = await app.inject({ method: 'GET', url: BUNDLE_URL });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(bundle.rawPayload.length);
    expect(plain.body).toContain('createApiReference');
    const init = await app.inject({ method: 'GET', url: INIT_URL });
    expect(init.statusCode).toBe(200);
    expect(init.body).toContain(JSON.stringify(BUNDLE_URL));
    expect(init.body).toContain('"url":"/api/v1/openapi.json"');
    // Scalar's fonts and telemetry would call its servers: both off.
    expect(init.body).toContain('"withDefaultFonts":false');
    expect(init.body).toContain('"telemetry":false');
  });
});

describe('declared errors', () => {
  it('refuses to start an endpoint with a rate limit that does not declare 429', async () => {
    const bare = Fastify();
    const endpoint = {
      method: 'GET',
      path: '/limited',
      roles: ['public'],
      tag: 't',
      summary: 's',
      response: OkSchema,
    } as const;
    const limit = { config: { rateLimit: { max: 1, timeWindow: 1000 } } };
    const handler = async () => ({ ok: true as const });
    expect(() => registerEndpoints(bare, [route(endpoint, handler, limit)])).toThrow(
      /does not declare errors: \[429\]/,
    );
    const declared = { ...endpoint, errors: [429] } as const;
    expect(() => registerEndpoints(bare, [route(declared, handler, limit)])).not.toThrow();
    await bare.close();
  });
});
