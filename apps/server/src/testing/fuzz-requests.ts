import { z } from 'zod';
import { buildPath, buildQuery, type EndpointDef } from '@cryptads/contract/endpoint';
import { endpointKey } from '../lib/endpoint-routes';
import { baseFields, pngDataUrl, testPng } from '../modules/campaigns/test-helpers';

/**
 * The fuzz test's request generator (fuzz.test.ts): from an endpoint's own schemas, a
 * plausible request and its hostile variants, seeded so that a failure replays exactly.
 */

export const SEED = 0x13_2026;
/** Mutated requests per endpoint and role, on top of the fixed hostile shapes. */
export const MUTATIONS = 6;

/** mulberry32: a tiny seeded PRNG, so that a failure replays exactly. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  return { next, int, pick };
}
export type Rng = ReturnType<typeof prng>;

export const deepJson = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

/** Values that break a field: wrong types, sizes, characters and ranges. */
export const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  2_147_483_648,
  -2_147_483_649,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  '',
  ' ',
  'x'.repeat(100_000),
  '\u0001\u0007\u001b[31m\r\n\t\u007f\u0085\u2028',
  'a\u0000b',
  '\uD800',
  'tail\uDFFF',
  '2147483648',
  '-1',
  'NaN',
  '1e999',
  '<script>alert(1)</script>',
  "'; DROP TABLE users; --",
  '=HYPERLINK("http://evil.example")',
  '../../etc/passwd',
  'https://127.0.0.1:22/',
  'javascript:alert(1)',
  [],
  [[[[[]]]]],
  {},
  { __proto__: null, constructor: { prototype: { polluted: true } } },
  Array.from({ length: 1000 }, (_, i) => i),
];

/** Path parameter values: hostile text, other ids and ranges (URL-encoded unless raw). */
export const HOSTILE_PARAMS: { value: string; raw?: true }[] = [
  { value: '2147483648' },
  { value: '99999999999999999999999' },
  { value: '-1' },
  { value: '0' },
  { value: '1.5' },
  { value: '1e3' },
  { value: 'abc' },
  { value: '__proto__' },
  { value: 'constructor' },
  { value: 'a\u0000b' },
  { value: '\u0001\u001b' },
  { value: 'x'.repeat(101) },
  { value: '%E0%A4%A', raw: true },
  { value: '%', raw: true },
  { value: '..%2F..%2Fetc', raw: true },
];

export type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
};

export const jsonSchemaOf = (schema: z.ZodType | undefined): JsonSchema | null => {
  if (!schema) return null;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {};
  }
};

/** Ids of the attacker's own objects and of the other accounts', by table. */
export type Pool = Map<string, (string | number)[]>;
export type IdPools = { own: Pool; other: Pool };

/** The table a field or path parameter names an id of; null for any id. */
export function tableOf(path: string, name: string): string | null {
  if (/^creativeIds?$/.test(name)) return 'creatives';
  if (/^zoneIds?$/.test(name)) return 'zones';
  if (/^websiteIds?$/.test(name) || (name === 'id' && path.startsWith('/websites/'))) return 'websites';
  if (/^campaignIds?$/.test(name) || (name === 'id' && path.startsWith('/campaigns/'))) return 'campaigns';
  if (name === 'itemId') return 'marketplace_order_items';
  if (name === 'unique' && path.startsWith('/marketplace/orders/')) return 'marketplace_orders';
  if (name === 'listings' || (name === 'unique' && path.startsWith('/marketplace/listings/'))) return 'listings';
  if (name !== 'id') return null;
  if (path.startsWith('/user/sessions/')) return 'sessions';
  if (path.startsWith('/user/notifications/')) return 'notifications';
  if (path.startsWith('/billing/documents/')) return 'billing_documents';
  return null;
}

export const idsFor = (pool: Pool, table: string | null) =>
  (table ? pool.get(table) : undefined) ?? [...pool.values()].flat();

export const STRING_CANDIDATES = ['test', 'Test value 1', '1', 'abc123', 'ABC', 'DE', 'display', 'example.com'];

/** A plausible value for a JSON schema, so that mutations reach the code behind validation. */
export function sample(
  schema: JsonSchema | undefined,
  root: JsonSchema,
  rng: Rng,
  name: string,
  ids: IdPools & { path: string },
  depth = 0,
): unknown {
  if (!schema || depth > 8) return 'test';
  if (schema.$ref) {
    const key = schema.$ref.replace('#/$defs/', '');
    return sample(root.$defs?.[key], root, rng, name, ids, depth + 1);
  }
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return rng.pick(schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) {
    const usable = alternatives.filter((s) => s.type !== 'null');
    return sample(rng.pick(usable.length ? usable : alternatives), root, rng, name, ids, depth + 1);
  }
  if (schema.allOf?.length) return sample(schema.allOf[0], root, rng, name, ids, depth + 1);
  const types = Array.isArray(schema.type) ? schema.type.filter((t) => t !== 'null') : [schema.type];
  const type = types[0];
  const table = tableOf(ids.path, name);
  if ((table || /ids?$/i.test(name)) && (type === 'integer' || type === 'number' || type === 'string')) {
    const pool = idsFor(ids.own, table).filter((id) => typeof id === (type === 'string' ? 'string' : 'number'));
    if (pool.length) return rng.pick(pool);
  }
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(schema.properties ?? {}))
        if (schema.required?.includes(key) || rng.next() < 0.7) out[key] = sample(prop, root, rng, key, ids, depth + 1);
      return out;
    }
    case 'array': {
      const count = Math.max(schema.minItems ?? 0, 1);
      const items = schema.prefixItems ?? Array.from({ length: count }, () => schema.items);
      return items.map((item) => sample(item, root, rng, name, ids, depth + 1));
    }
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
      const value = Math.max(min, 1);
      return schema.maximum !== undefined ? Math.min(value, schema.maximum) : value;
    }
    case 'boolean':
      return rng.next() < 0.5;
    case 'null':
      return null;
    case 'string': {
      if (schema.format === 'email') return `fuzz.${rng.int(1e6)}@example.com`;
      if (schema.format === 'uri' || schema.format === 'url' || /url|website|link/i.test(name))
        return 'https://example.com/fuzz';
      if (/email/i.test(name)) return `fuzz.${rng.int(1e6)}@example.com`;
      const fits = (s: string) =>
        (!schema.pattern || new RegExp(schema.pattern, 'u').test(s)) &&
        s.length >= (schema.minLength ?? 0) &&
        s.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY);
      const candidate = STRING_CANDIDATES.find(fits);
      if (candidate) return candidate;
      return 'a'.repeat(Math.max(schema.minLength ?? 1, 1));
    }
    default:
      return 'test';
  }
}

/** The paths of the leaves and branches of a value, to mutate one of them. */
export function fieldPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return prefix.length ? [prefix] : [];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return [...(prefix.length ? [prefix] : []), ...entries.flatMap(([k, v]) => fieldPaths(v, [...prefix, k]))];
}

export function withValue(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as Record<string, unknown>) }) as Record<
    string | number,
    unknown
  >;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  copy[head] = withValue(copy[head], rest, replacement);
  return copy;
}

/**
 * Bodies known to succeed for endpoints whose schema alone cannot say how (uploaded files,
 * the attacker's own zones): their mutations reach the service and the database.
 */
export const KNOWN_GOOD: Record<string, (own: Pool) => unknown> = {
  'POST /campaigns': () => ({ kind: 'popunder', ...baseFields, price: 1 }),
  'PUT /campaigns/:id': () => ({ ...baseFields, price: 1, countries: ['DE'] }),
  'POST /uploads': () => ({ purpose: 'banner', name: 'banner.png', data: pngDataUrl(testPng(300, 250)) }),
  'POST /websites': () => ({ website: 'https://fuzz.example.org', categories: [] }),
  'PUT /websites/:id': (own) => ({ aliases: { [String(own.get('zones')?.[0])]: 'Sidebar zone' } }),
  'PUT /campaigns/drafts/:kind': () => ({ data: { name: 'Draft', step: 1, creatives: [{ name: 'a' }] } }),
};

export type Attempt = {
  label: string;
  method: EndpointDef['method'];
  url: string;
  /** A JSON value, or a raw string sent as application/json. */
  payload?: unknown;
  rawJson?: string;
  /** Another content type for `rawJson` (a form, plain text). */
  contentType?: string;
};

/** The requests for one endpoint, as one role with these ids. */
export function attemptsFor(endpoint: EndpointDef, rng: Rng, pools: IdPools): Attempt[] {
  const ids = { ...pools, path: endpoint.path };
  const paramsSchema = jsonSchemaOf(endpoint.params);
  const querySchema = jsonSchemaOf(endpoint.query);
  const bodySchema = jsonSchemaOf(endpoint.body);
  const names = (endpoint.path.match(/:(\w+)/g) ?? []).map((p) => p.slice(1));
  const baseParams = () =>
    Object.fromEntries(
      names.map((n) => [n, sample(paramsSchema?.properties?.[n], paramsSchema ?? {}, rng, n, ids) ?? 'test']),
    ) as Record<string, unknown>;
  const url = (params: Record<string, unknown>, query?: unknown, rawParams: Record<string, string> = {}) => {
    let path = `/api${buildPath(endpoint.path, params)}`;
    for (const [name, value] of Object.entries(rawParams)) path = path.replace(`__raw_${name}__`, value);
    return `${path}${buildQuery(query as Record<string, unknown> | undefined)}`;
  };
  const baseQuery = () =>
    querySchema ? (sample(querySchema, querySchema, rng, 'query', ids) as Record<string, unknown>) : undefined;
  const known = KNOWN_GOOD[endpointKey(endpoint)];
  const baseBody = () =>
    known ? known(ids.own) : bodySchema ? sample(bodySchema, bodySchema, rng, 'body', ids) : undefined;
  const isJsonBody = (endpoint.bodyKind ?? 'json') === 'json' && endpoint.method !== 'GET';
  const out: Attempt[] = [];
  const add = (label: string, attempt: Omit<Attempt, 'label' | 'method'>) =>
    out.push({ label, method: endpoint.method, ...attempt });

  add('plausible', { url: url(baseParams(), baseQuery()), payload: isJsonBody ? baseBody() : undefined });

  // Every path parameter: the other account's ids, and hostile values.
  for (const name of names) {
    const theirs = idsFor(ids.other, tableOf(endpoint.path, name));
    const candidates: { value: string; raw?: true }[] = [
      ...Array.from({ length: Math.min(theirs.length, 3) }, () => ({ value: String(rng.pick(theirs)) })),
      ...Array.from({ length: 6 }, () => rng.pick(HOSTILE_PARAMS)),
    ];
    for (const candidate of candidates) {
      const params = baseParams();
      params[name] = candidate.raw ? `__raw_${name}__` : candidate.value;
      add(`path ${name}=${JSON.stringify(candidate.value.slice(0, 20))}`, {
        url: url(params, baseQuery(), candidate.raw ? { [name]: candidate.value } : {}),
        payload: isJsonBody ? baseBody() : undefined,
      });
    }
  }

  // The query: one field replaced, an unknown field, repeated fields.
  if (querySchema) {
    for (let i = 0; i < 3; i++) {
      const query = baseQuery() ?? {};
      const keys = [...Object.keys(querySchema.properties ?? {}), 'unknown'];
      const key = rng.pick(keys);
      const value = rng.pick([
        ...HOSTILE_VALUES.filter((v) => typeof v !== 'object' || v === null),
        ...idsFor(ids.other, tableOf(endpoint.path, key)),
      ]);
      add(`query ${key}`, { url: url(baseParams(), { ...query, [key]: value }) });
    }
    add('query repeated', {
      url: `${url(baseParams())}?${'a=1&'.repeat(200)}__proto__=x&constructor=y&bad=%E0%A4%A&%ZZ=1&deep[a][b][c]=1`,
    });
  }

  if (isJsonBody) {
    // The whole body of a wrong shape.
    for (const payload of [null, [], 'text', 42, true, {}])
      add(`body ${JSON.stringify(payload)}`, { url: url(baseParams()), payload });
    add('body 10,000 deep', { url: url(baseParams()), rawJson: deepJson(10_000) });
    add('body deep in a field', {
      url: url(baseParams()),
      rawJson: JSON.stringify(baseBody() ?? {}).replace(/^\{/, `{"deep":${deepJson(10_000)},`),
    });
    add('body __proto__', { url: url(baseParams()), rawJson: '{"__proto__":{"isAdmin":true},"a":1}' });
    add('body constructor.prototype', {
      url: url(baseParams()),
      rawJson: '{"constructor":{"prototype":{"isAdmin":true}}}',
    });
    add('body malformed', { url: url(baseParams()), rawJson: '{"a":' });
    add('body as a form', {
      url: url(baseParams()),
      rawJson: 'a=1&b=%00',
      contentType: 'application/x-www-form-urlencoded',
    });
    add('body as text', {
      url: url(baseParams()),
      rawJson: JSON.stringify(baseBody() ?? {}),
      contentType: 'text/plain',
    });
    // One field of a plausible body replaced, or removed.
    for (let i = 0; i < MUTATIONS; i++) {
      const payload = baseBody();
      const paths = fieldPaths(payload);
      if (!paths.length) break;
      const path = rng.pick(paths);
      const remove = rng.next() < 0.15;
      const field = String(path.findLast((p) => typeof p === 'string') ?? '');
      const theirs = idsFor(ids.other, tableOf(endpoint.path, field));
      const replacement = rng.next() < 0.25 && theirs.length ? rng.pick(theirs) : rng.pick(HOSTILE_VALUES);
      add(`body ${path.join('.')} ${remove ? 'removed' : 'replaced'}`, {
        url: url(baseParams(), baseQuery()),
        payload: remove ? withValue(payload, path, undefined) : withValue(payload, path, replacement),
      });
    }
  }
  return out;
}
