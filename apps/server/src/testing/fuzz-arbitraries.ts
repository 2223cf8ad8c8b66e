import fc from 'fast-check';
import type { z } from 'zod';
import type { EndpointDef, Method } from '@cryptads/contract/endpoint';
import { SESSION_COOKIE } from '@cryptads/contract/session';
import { baseFields, pngDataUrl, testPng } from '../modules/campaigns/test-helpers';

/**
 * The fuzz test's requests (fuzz.test.ts), as fast-check arbitraries: from an endpoint's own
 * zod schemas a plausible request (so that mutations reach the code behind validation), then
 * a mutation layer that breaks one or two things of it: hostile text, numbers, wrong types,
 * deep nesting, prototype keys, missing and extra fields, whole bodies of the wrong shape,
 * raw query strings, path parameters, headers, and the other accounts' ids. Seeded by
 * fast-check, so that a failure replays from the seed it prints.
 */

// ------------------------------------------------------------------ what is fuzzed

/** Ids of the caller's own objects and of the other accounts', by table. */
export type Pool = Map<string, (string | number)[]>;
export type IdPools = { own: Pool; other: Pool };

/** An endpoint of the table, or a public URL outside /api described the same way. */
export type FuzzTarget = {
  /** `GET /campaigns/:id`, as endpointKey writes it. */
  key: string;
  method: Method;
  /** `/api` for the table; '' for the URLs outside it. */
  prefix: string;
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** `raw`: bytes a signature covers (webhooks); `form`: a urlencoded page form. */
  bodyKind: 'json' | 'raw' | 'form' | 'none';
  /** Answers the `{code, response, reason}` envelope (a file on success excepted). */
  envelope: boolean;
  download?: boolean;
};

export const endpointKeyOf = (endpoint: Pick<EndpointDef, 'method' | 'path'>) => `${endpoint.method} ${endpoint.path}`;

export function targetOf(endpoint: EndpointDef): FuzzTarget {
  return {
    key: endpointKeyOf(endpoint),
    method: endpoint.method,
    prefix: '/api',
    path: endpoint.path,
    params: endpoint.params,
    query: endpoint.query,
    body: endpoint.body,
    // A DELETE may carry a body too (a deletion request carries the password).
    bodyKind: endpoint.bodyKind === 'raw' ? 'raw' : endpoint.method === 'GET' ? 'none' : 'json',
    envelope: true,
    download: endpoint.download === true,
  };
}

// ------------------------------------------------------------------ ids

/** The table a field or path parameter names an id of; null for any id. */
export function tableOf(path: string, name: string): string | null {
  if (/^creativeIds?$/.test(name)) return 'creatives';
  if (/^zoneIds?$/.test(name) || name === 'zone') return 'zones';
  if (/^websiteIds?$/.test(name)) return 'websites';
  if (/^campaignIds?$/.test(name)) return 'campaigns';
  if (/^userIds?$/.test(name)) return 'users';
  if (name === 'itemId') return 'marketplace_order_items';
  if (name === 'listings') return 'listings';
  if (name !== 'id' && name !== 'unique') return null;
  // The segment before the parameter names the table: /campaigns/:id, /admin/zones/:id.
  const segment = path.split(`/:${name}`)[0]?.split('/').pop() ?? '';
  const bySegment: Record<string, string> = {
    campaigns: 'campaigns',
    websites: 'websites',
    zones: 'zones',
    accounts: 'users',
    identity: 'users',
    listings: 'listings',
    orders: 'marketplace_orders',
    items: 'marketplace_order_items',
    device: 'sessions',
    notifications: 'notifications',
    documents: 'billing_documents',
    webhooks: 'webhook_endpoints',
    apiKeys: 'api_keys',
    payouts: 'payouts',
    history: 'payments',
  };
  return bySegment[segment] ?? null;
}

/** The ids of a table in a pool; every id of the pool when the table is unknown or empty. */
export const idsFor = (pool: Pool, table: string | null) => {
  const found = table ? pool.get(table) : undefined;
  return found?.length ? found : [...pool.values()].flat();
};

// ------------------------------------------------------------------ zod, read

type CheckDef = {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number | bigint;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
};
type Def = {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  format?: string;
  pattern?: RegExp;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  items?: z.ZodType[];
  options?: z.ZodType[];
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  getter?: () => z.ZodType;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const optionalIn = (schema: z.ZodType) => (schema as unknown as { _zod: { optin?: string } })._zod.optin !== undefined;
const checksOf = (def: Def) => (def.checks ?? []).map((c) => c._zod.def);

/** The length and pattern rules of a string schema. */
function stringRules(def: Def) {
  let min = 0;
  let max = Number.POSITIVE_INFINITY;
  const patterns: RegExp[] = def.pattern ? [def.pattern] : [];
  for (const check of checksOf(def)) {
    if (check.check === 'min_length' && check.minimum !== undefined) min = Math.max(min, check.minimum);
    if (check.check === 'max_length' && check.maximum !== undefined) max = Math.min(max, check.maximum);
    if (check.check === 'length_equals' && check.length !== undefined) min = max = check.length;
    if (check.check === 'string_format' && check.pattern) patterns.push(check.pattern);
  }
  // A global or sticky flag would make test() stateful.
  const tests = patterns.map((p) => new RegExp(p.source, p.flags.replace(/[gy]/g, '')));
  const fits = (s: string) => s.length >= min && s.length <= max && tests.every((p) => p.test(s));
  return { min, max, patterns: tests, fits, format: def.format };
}

/** The bounds of a number schema. */
function numberRules(def: Def) {
  let min: number | undefined;
  let max: number | undefined;
  let minOpen = false;
  let maxOpen = false;
  let int = false;
  let step: number | undefined;
  for (const check of checksOf(def)) {
    const value = check.value === undefined ? undefined : Number(check.value);
    if (check.check === 'greater_than' && value !== undefined && (min === undefined || value >= min)) {
      min = value;
      minOpen = check.inclusive === false;
    }
    if (check.check === 'less_than' && value !== undefined && (max === undefined || value <= max)) {
      max = value;
      maxOpen = check.inclusive === false;
    }
    if (check.check === 'number_format') int = int || /int/.test(check.format ?? '');
    if (check.check === 'multiple_of' && value !== undefined) {
      if (Number.isInteger(value)) int = true;
      else step = value;
    }
  }
  return { min, max, minOpen, maxOpen, int, step };
}

// ------------------------------------------------------------------ plausible values

export const STRONG_TEST_PASSWORD = 'Str0ng!Passw0rd';

/** Values that commonly satisfy a field of this name, tried before generated text. */
function hintsFor(name: string, format: string | undefined): string[] {
  const n = name.toLowerCase();
  const out: string[] = [];
  if (format === 'email' || n.includes('email')) out.push('fuzz@example.com');
  if (format === 'url' || format === 'uri' || /url|link|website|landing|homepage/.test(n))
    out.push('https://example.com/fuzz', 'https://fuzz.example.org');
  if (format === 'date' || /date|day$|^from$|^to$|^since$|^until$/.test(n)) out.push('2026-11-02', '2026-11-20');
  if (format === 'datetime' || /at$/.test(n)) out.push('2026-11-02T10:00:00.000Z');
  if (/domain|host|blacklist|whitelist/.test(n)) out.push('example.com');
  if (n.includes('password')) out.push(STRONG_TEST_PASSWORD);
  if (n.includes('captcha')) out.push('captcha-token');
  if (/countr/.test(n)) out.push('DE', 'FR');
  if (n.includes('currency')) out.push('EUR');
  if (n.includes('iban')) out.push('DE89370400440532013000');
  if (n.includes('bic')) out.push('COBADEFFXXX');
  if (n.includes('vat')) out.push('DE123456789');
  if (n.includes('phone')) out.push('+49301234567');
  if (n === 'code' || n.endsWith('code')) out.push('123456', 'DE');
  if (n.includes('size')) out.push('300x250');
  if (n.includes('name') || n.includes('title')) out.push('Fuzz name');
  return out;
}

export const STRING_CANDIDATES = ['test', 'Test value 1', '1', 'abc123', 'ABC', 'DE', 'display', 'example.com'];

type Ctx = { ids: IdPools; path: string; depth: number };

/** Own ids of a field named like an id, of the type the schema wants; null when it names none. */
function ownIdArbitrary(ctx: Ctx, name: string, type: 'number' | 'string') {
  const table = tableOf(ctx.path, name);
  if (!table && !/ids?$/i.test(name)) return null;
  const pool = idsFor(ctx.ids.own, table).filter((id) => typeof id === type);
  return pool.length ? fc.constantFrom(...pool) : null;
}

function plausibleString(def: Def, name: string, ctx: Ctx): fc.Arbitrary<string> {
  const rules = stringRules(def);
  const own = ownIdArbitrary(ctx, name, 'string');
  const candidates = [...hintsFor(name, rules.format), ...STRING_CANDIDATES].filter(rules.fits);
  const fallback = candidates[0] ?? 'a'.repeat(Math.max(rules.min, 1));
  let generated: fc.Arbitrary<string>;
  const pattern = rules.patterns[0];
  try {
    generated = pattern
      ? fc.stringMatching(pattern)
      : fc.string({ minLength: rules.min, maxLength: Math.min(rules.max, rules.min + 24) });
  } catch {
    generated = fc.constant(fallback);
  }
  // Known ids and hints first: generated text rarely passes a refinement (a URL, a day).
  const options: fc.WeightedArbitrary<string>[] = [
    { weight: 1, arbitrary: generated.map((s) => (rules.fits(s) ? s : fallback)) },
  ];
  if (candidates.length) options.unshift({ weight: 3, arbitrary: fc.constantFrom(...candidates) });
  if (own) options.unshift({ weight: 6, arbitrary: own.map((id) => String(id)) });
  // The longest text the schema takes, when it still fits: valid, so it reaches the database.
  if (Number.isFinite(rules.max) && rules.max <= 100_000) {
    const longest = [`${fallback}${'a'.repeat(rules.max)}`.slice(0, rules.max), 'é'.repeat(rules.max)].filter(
      rules.fits,
    );
    if (longest.length) options.push({ weight: 1, arbitrary: fc.constantFrom(...longest) });
  }
  return fc.oneof(...options);
}

function plausibleNumber(def: Def, name: string, ctx: Ctx): fc.Arbitrary<number> {
  const own = ownIdArbitrary(ctx, name, 'number') as fc.Arbitrary<number> | null;
  if (own) return own;
  const r = numberRules(def);
  const unit = r.int ? 1 : (r.step ?? 0.01);
  const lo = r.min === undefined ? 0 : r.minOpen ? r.min + unit : r.min;
  const cap = r.max === undefined ? lo + 1000 : r.maxOpen ? r.max - unit : r.max;
  const hi = Math.min(cap, lo + 1000);
  if (hi <= lo) return fc.constant(lo);
  const usual = r.int
    ? fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) })
    : // Whole cents: money fields refuse more decimals.
      fc.integer({ min: Math.ceil(lo * 100), max: Math.floor(hi * 100) }).map((cents) => cents / 100);
  // The bounds the schema declares are valid too, and reach what multiplies or stores them.
  const edges = [lo, ...(r.max === undefined ? [] : [cap])].filter((n) => Number.isFinite(n));
  return fc.oneof({ weight: 5, arbitrary: usual }, { weight: 1, arbitrary: fc.constantFrom(...edges) });
}

/**
 * A plausible value for a zod schema: what a form of the web app would send. Refinements
 * (cross-field checks, checksums) are not solved: hints by field name and known-good bodies
 * reach most handlers anyway.
 */
export function plausible(schema: z.ZodType | undefined, name: string, ctx: Ctx): fc.Arbitrary<unknown> {
  if (!schema || ctx.depth > 10) return fc.constant('test');
  const def = defOf(schema);
  const inner = (s: z.ZodType | undefined, n = name) => plausible(s, n, { ...ctx, depth: ctx.depth + 1 });
  switch (def.type) {
    case 'object': {
      const shape = def.shape ?? {};
      const fields: Record<string, fc.Arbitrary<unknown>> = {};
      const required: string[] = [];
      for (const [key, field] of Object.entries(shape)) {
        fields[key] = inner(field, key);
        if (!optionalIn(field)) required.push(key);
      }
      return fc.record(fields, { requiredKeys: required });
    }
    case 'string':
      return plausibleString(def, name, ctx);
    case 'number':
    case 'int':
      return plausibleNumber(def, name, ctx);
    case 'bigint':
      return fc.bigInt({ min: 0n, max: 1000n }).map(String);
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { x: 'x' }));
    case 'literal':
      return fc.constantFrom(...(def.values ?? ['x']));
    case 'null':
      return fc.constant(null);
    case 'date':
      return fc.constantFrom('2026-11-02', '2026-11-20');
    case 'array': {
      let min = 0;
      let max = Number.POSITIVE_INFINITY;
      for (const check of checksOf(def)) {
        if (check.check === 'min_length' && check.minimum !== undefined) min = check.minimum;
        if (check.check === 'max_length' && check.maximum !== undefined) max = check.maximum;
        if (check.check === 'length_equals' && check.length !== undefined) min = max = check.length;
      }
      return fc.array(inner(def.element), { minLength: min, maxLength: Math.max(min, Math.min(max, min + 3)) });
    }
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map((item) => inner(item)));
    case 'union': {
      const options = def.options ?? [];
      const usable = options.filter((o) => defOf(o).type !== 'null');
      return fc.oneof(...(usable.length ? usable : options).map((o) => inner(o)));
    }
    case 'intersection':
      return fc
        .tuple(inner(def.left), inner(def.right))
        .map(([a, b]) => (isPlainObject(a) && isPlainObject(b) ? { ...a, ...b } : b));
    case 'optional':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
    case 'success':
      return inner(def.innerType);
    case 'nullable':
      return fc.option(inner(def.innerType), { nil: null, freq: 6 });
    case 'pipe': {
      // `.transform()` is the output side of a pipe: its input side says what to send.
      // Otherwise the output side is the stricter one (`z.string().trim().pipe(z.email())`).
      const out = def.out ? defOf(def.out).type : 'transform';
      return inner(out === 'transform' || out === 'unknown' || out === 'any' ? def.in : def.out);
    }
    case 'record': {
      const keyDef = def.keyType ? defOf(def.keyType) : undefined;
      if (keyDef?.type === 'enum') {
        // An enum key makes the record exhaustive in zod 4: every key is required.
        const keys = Object.values(keyDef.entries ?? {}).map(String);
        return fc.record(Object.fromEntries(keys.map((k) => [k, inner(def.valueType, k)])));
      }
      const keys = def.keyType ? inner(def.keyType, name).map(String) : fc.constantFrom('key');
      return fc.dictionary(keys, inner(def.valueType), { minKeys: 1, maxKeys: 3 });
    }
    case 'lazy':
      return def.getter ? inner(def.getter()) : fc.constant(null);
    case 'unknown':
    case 'any':
      return fc.jsonValue({ maxDepth: 2 });
    default:
      return fc.constant('test');
  }
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof RawJson);

/**
 * Bodies known to succeed for endpoints whose schema alone cannot say how (uploaded files,
 * the caller's own zones): their mutations reach the service and the database.
 */
export const KNOWN_GOOD: Record<string, (own: Pool) => unknown> = {
  'POST /campaigns': () => ({ kind: 'popunder', ...baseFields, price: 1 }),
  'PUT /campaigns/:id': () => ({ ...baseFields, price: 1, countries: ['DE'] }),
  'POST /uploads': () => ({ purpose: 'banner', name: 'banner.png', data: pngDataUrl(testPng(300, 250)) }),
  'POST /websites': () => ({ website: 'https://fuzz.example.org', categories: [] }),
  'PUT /websites/:id': (own) => ({ aliases: { [String(own.get('zones')?.[0])]: 'Sidebar zone' } }),
  'PUT /campaigns/drafts/:kind': () => ({ data: { name: 'Draft', step: 1, creatives: [{ name: 'a' }] } }),
};

// ------------------------------------------------------------------ hostile values

/** A JSON text written as is where a value goes: numbers JSON.stringify cannot write, deep nesting. */
export class RawJson {
  constructor(readonly text: string) {}
  toString() {
    return this.text.length > 60 ? `raw(${this.text.slice(0, 30)}… ${this.text.length} chars)` : `raw(${this.text})`;
  }
}

/** JSON text of a value, RawJson written as is and keys kept as they are (`__proto__` too). */
export function toJson(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : toJson(v))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .filter((k) => record[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${toJson(record[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const deepJson = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
const deepArray = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;

/** Put inside ordinary text: what the database, HTML, CSV, SQL and URLs choke on. */
export const FRAGMENTS = [
  '\u0000',
  '\uD800',
  '\uDFFF',
  '\uDBFFx',
  '%00',
  '%ff',
  '%E0%A4%A',
  '%',
  '\u202E',
  '\u200B',
  '\uFEFF',
  '\u2028',
  '\r\n',
  '\u0001\u0007\u001b[31m',
  '\u007f\u0085',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '"; select pg_sleep(5); --',
  '" onmouseover="x',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '{{7*7}}',
  // A template placeholder as text, for template engines.
  `\${7*7}`,
  '../../etc/passwd',
  '=HYPERLINK("http://evil.example")',
  '\\',
  '😀',
  'İ',
  'ß',
  'javascript:alert(1)',
  'https://127.0.0.1:22/',
];

/** Strings that look like numbers, or like other JSON. */
export const NUMBER_LIKE = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e999',
  '-1',
  '-0',
  '0x10',
  '1_000',
  '١٢٣',
  '+1',
  ' 1 ',
  '1.0',
  '1,5',
  '9'.repeat(400),
  '2147483648',
  '-2147483649',
  '9007199254740993',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '0.1e-400',
];

const LONG_STRINGS = [
  'x'.repeat(100_000),
  'é'.repeat(50_000),
  '\u202E\u200B'.repeat(2_000),
  '%ff'.repeat(1_000),
  'a'.repeat(256),
  'a'.repeat(1_001),
  'a'.repeat(10_001),
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 12 }), fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 12 }))
      .map(([a, f, b]) => `${a}${f}${b}`),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.constantFrom(...LONG_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom(...NUMBER_LIKE) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', '\t\n', '\u00a0') },
);

export const hostileNumber: fc.Arbitrary<number | RawJson> = fc.oneof(
  fc.constantFrom(
    2_147_483_647,
    2_147_483_648,
    -2_147_483_649,
    -1,
    0,
    -0,
    0.1,
    1.5,
    1e-7,
    Number.MAX_SAFE_INTEGER + 2,
    1e21,
    1e308,
    -1e308,
    5e-324,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(
    new RawJson('1e999'),
    new RawJson('-1e999'),
    new RawJson(`1${'0'.repeat(400)}`),
    new RawJson('-0'),
    new RawJson('1E+2'),
    new RawJson('0.1e-400'),
  ),
);

const PROTOTYPE_VALUES = [
  new RawJson('{"__proto__":{"isAdmin":true,"polluted":1}}'),
  new RawJson('{"constructor":{"prototype":{"polluted":1}}}'),
  new RawJson('{"prototype":{"polluted":1},"__proto__":null}'),
];

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc.constantFrom<unknown>(null, true, false, [], {}, [null], [[[[[]]]]], { '': '' }),
      fc.jsonValue({ maxDepth: 2 }),
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      new RawJson(deepJson(33)),
      new RawJson(deepJson(10_000)),
      new RawJson(deepArray(10_000)),
      ...PROTOTYPE_VALUES,
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>(
      Array.from({ length: 1000 }, (_, i) => i),
      Array.from({ length: 1000 }, () => 'x'.repeat(100)),
    ),
  },
);

export const HOSTILE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'isAdmin',
  'role',
  'type',
  'userId',
  'ownerId',
  'balance',
  'balanceMicros',
  'id',
  'status',
  '',
  ' ',
  'a\u0000b',
  '\uD800',
  'toString',
  'hasOwnProperty',
  '$where',
  'x'.repeat(1000),
  'a.b',
  'a[b]',
];

/** Path parameter values: URL-encoded unless raw (percent signs the router decodes itself). */
export const HOSTILE_PARAMS: { value: string; raw?: true }[] = [
  { value: '2147483648' },
  { value: '99999999999999999999999' },
  { value: '-1' },
  { value: '0' },
  { value: '1.5' },
  { value: '1e3' },
  { value: ' 1' },
  { value: 'abc' },
  { value: '__proto__' },
  { value: 'constructor' },
  { value: 'a\u0000b' },
  { value: '\u0001\u001b' },
  { value: '\u202E1' },
  { value: 'x'.repeat(101) },
  { value: 'a%00b', raw: true },
  { value: '%ff', raw: true },
  { value: '%E0%A4%A', raw: true },
  { value: '%', raw: true },
  { value: '..%2F..%2Fetc', raw: true },
  { value: '1;select 1', raw: true },
];

/** Query strings written as is (appended to the plausible one). */
export const RAW_QUERIES = [
  'x=a%00b',
  'q=%00',
  'bad=%E0%A4%A',
  '%ZZ=1',
  'x=%ff%fe',
  '__proto__=x&constructor=y&prototype=z',
  '__proto__[isAdmin]=1&constructor[prototype][polluted]=1',
  'deep[a][b][c][d][e]=1',
  `${'a=1&'.repeat(200)}a=2`,
  '&&&==&',
  `x=${'y'.repeat(100_000)}`,
  'a=1;b=2',
  'x=%u0000',
];

const HEADERS: fc.Arbitrary<[string, string]> = fc.oneof(
  fc.tuple(
    fc.constant('authorization'),
    hostileString.map((s) => `Bearer ${s}`),
  ),
  fc.tuple(
    fc.constant('authorization'),
    fc.constantFrom('Bearer', 'Basic YTpi', 'Bearer  ', `Bearer ${'a'.repeat(10_000)}`),
  ),
  fc.tuple(
    fc.constant('cookie'),
    hostileString.map((s) => `${SESSION_COOKIE}=${s}`),
  ),
  fc.tuple(
    fc.constant('content-type'),
    fc.constantFrom(
      'application/json; charset=utf-16',
      'application/json;;;',
      'application/json; charset=latin1',
      'multipart/form-data; boundary=x',
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/octet-stream',
      '',
    ),
  ),
  fc.tuple(fc.constantFrom('user-agent', 'x-forwarded-for', 'accept-language', 'origin', 'referer'), hostileString),
);

// ------------------------------------------------------------------ mutations

export type Mutation =
  | { kind: 'plausible' }
  /** One field of the body (at any depth) replaced, or removed. */
  | { kind: 'field'; at: number; value: unknown }
  | { kind: 'missing'; at: number }
  /** A field the schema does not declare, in the body or one of its objects. */
  | { kind: 'extra'; at: number; key: string; value: unknown }
  | { kind: 'whole body'; value: unknown }
  | { kind: 'raw body'; text: string; contentType: string | null }
  | { kind: 'no body' }
  | { kind: 'query'; at: number; key: string | null; value: unknown }
  | { kind: 'raw query'; text: string }
  | { kind: 'path'; at: number; value: string; raw: boolean }
  | { kind: 'header'; name: string; value: string }
  /** The other accounts' ids where an id goes: a path parameter, a body or query field. */
  | { kind: 'their id'; where: 'path' | 'body' | 'query'; at: number; pick: number };

/** A request before it is written: structured, so that a mutation can change one part. */
export type Draft = {
  params: Record<string, { value: string; raw?: boolean }>;
  query: Record<string, unknown>;
  rawQuery: string[];
  body: { value: unknown } | { text: string; contentType: string | null } | null;
  headers: Record<string, string>;
};

/** What is sent; it prints itself shortened, so that a counterexample stays readable. */
export class FuzzRequest {
  constructor(
    readonly label: string,
    readonly method: Method,
    readonly url: string,
    readonly headers: Record<string, string>,
    readonly payload: string | undefined,
  ) {}
  [fc.toStringMethod]() {
    return this.toString();
  }
  toString() {
    const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);
    const headers = Object.keys(this.headers).length ? ` headers ${cut(JSON.stringify(this.headers), 200)}` : '';
    const payload = this.payload === undefined ? '' : ` body ${cut(JSON.stringify(this.payload), 300)}`;
    return `[${this.label}] ${this.method} ${cut(this.url, 300)}${headers}${payload}`;
  }
}

/** The paths of the leaves and branches of a value (RawJson is a leaf). */
export function fieldPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object' || value instanceof RawJson) return prefix.length ? [prefix] : [];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return [...(prefix.length ? [prefix] : []), ...entries.flatMap(([k, v]) => fieldPaths(v, [...prefix, k]))];
}

/** The paths of the objects of a value, the value itself first. */
function objectPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (!isPlainObject(value) && !Array.isArray(value)) return [];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return [...(isPlainObject(value) ? [prefix] : []), ...entries.flatMap(([k, v]) => objectPaths(v, [...prefix, k]))];
}

/** An own property, even `__proto__` (an assignment would set the prototype instead). */
function defineKey(target: Record<string | number, unknown>, key: string | number, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A copy of `value` with `path` replaced (undefined removes it); containers are copied. */
export function withValue(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as Record<string, unknown>) }) as Record<
    string | number,
    unknown
  >;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const next = withValue(copy[head], rest, replacement);
  if (next === undefined && !Array.isArray(copy)) delete copy[head];
  else defineKey(copy, head, next);
  return copy;
}

const valueAt = (value: unknown, path: (string | number)[]) =>
  path.reduce<unknown>((v, k) => (v as Record<string | number, unknown> | null)?.[k], value);

const lastName = (path: (string | number)[]) => String(path.findLast((p) => typeof p === 'string') ?? '');

/** Applies one mutation to a draft (a copy). */
export function mutate(target: FuzzTarget, draft: Draft, m: Mutation, ids: IdPools): Draft {
  const out: Draft = {
    params: { ...draft.params },
    query: { ...draft.query },
    rawQuery: [...draft.rawQuery],
    body: draft.body,
    headers: { ...draft.headers },
  };
  const bodyValue = draft.body && 'value' in draft.body ? draft.body.value : undefined;
  const names = Object.keys(draft.params);
  switch (m.kind) {
    case 'plausible':
      return out;
    case 'field': {
      const paths = fieldPaths(bodyValue);
      const path = paths[m.at % Math.max(paths.length, 1)];
      out.body = { value: path ? withValue(bodyValue, path, m.value) : m.value };
      return out;
    }
    case 'missing': {
      const paths = fieldPaths(bodyValue);
      const path = paths[m.at % Math.max(paths.length, 1)];
      out.body = path ? { value: withValue(bodyValue, path, undefined) } : null;
      return out;
    }
    case 'extra': {
      const objects = objectPaths(bodyValue);
      const at = objects[m.at % Math.max(objects.length, 1)];
      if (!at) {
        const object: Record<string, unknown> = {};
        defineKey(object, m.key, m.value);
        out.body = { value: object };
      } else {
        const copy = { ...(valueAt(bodyValue, at) as Record<string, unknown>) };
        defineKey(copy, m.key, m.value);
        out.body = { value: withValue(bodyValue, at, copy) };
      }
      return out;
    }
    case 'whole body':
      out.body = { value: m.value };
      return out;
    case 'raw body':
      out.body = { text: m.text, contentType: m.contentType };
      return out;
    case 'no body':
      out.body = null;
      return out;
    case 'query': {
      const keys = Object.keys(out.query);
      const key = m.key ?? keys[m.at % Math.max(keys.length, 1)] ?? 'unknown';
      out.query[key] = m.value;
      return out;
    }
    case 'raw query':
      out.rawQuery.push(m.text);
      return out;
    case 'path': {
      const name = names[m.at % Math.max(names.length, 1)];
      if (name) out.params[name] = { value: m.value, raw: m.raw };
      return out;
    }
    case 'header':
      out.headers[m.name] = m.value;
      return out;
    case 'their id': {
      if (m.where === 'path') {
        const name = names[m.at % Math.max(names.length, 1)];
        if (!name) return out;
        const theirs = idsFor(ids.other, tableOf(target.path, name));
        if (theirs.length) out.params[name] = { value: String(theirs[m.pick % theirs.length]) };
        return out;
      }
      if (m.where === 'query') {
        const all = Object.keys(out.query);
        const idKeys = all.filter((key) => tableOf(target.path, key) !== null || /ids?$/i.test(key));
        const keys = idKeys.length ? idKeys : all;
        const key = keys[m.at % Math.max(keys.length, 1)];
        if (!key) return out;
        const theirs = idsFor(ids.other, tableOf(target.path, key));
        if (theirs.length) out.query[key] = theirs[m.pick % theirs.length];
        return out;
      }
      // Prefer fields that name an id; else any leaf.
      const paths = fieldPaths(bodyValue);
      const idPaths = paths.filter((p) => {
        const name = lastName(p);
        return tableOf(target.path, name) !== null || /ids?$/i.test(name);
      });
      const candidates = idPaths.length ? idPaths : paths;
      const path = candidates[m.at % Math.max(candidates.length, 1)];
      if (!path) return out;
      const theirs = idsFor(ids.other, tableOf(target.path, lastName(path)));
      if (!theirs.length) return out;
      const id = theirs[m.pick % theirs.length];
      // An array of ids gets the id as an element.
      out.body = { value: withValue(bodyValue, path, Array.isArray(valueAt(bodyValue, path)) ? [id] : id) };
      return out;
    }
  }
}

/** A URL cannot carry a lone surrogate (percent-encoding writes UTF-8): U+FFFD, as URLSearchParams writes it. */
const wellFormed = (s: string) =>
  s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** The request a draft describes. */
export function render(target: FuzzTarget, draft: Draft, label: string): FuzzRequest {
  const path = target.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const param = draft.params[name];
    if (!param) return 'test';
    return param.raw ? param.value : encodeURIComponent(wellFormed(param.value));
  });
  const search = new URLSearchParams();
  const text = (v: unknown) => (typeof v === 'string' ? v : toJson(v));
  for (const [key, value] of Object.entries(draft.query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, text(item));
    else search.append(key, text(value));
  }
  const query = [search.toString(), ...draft.rawQuery].filter(Boolean).join('&');
  const url = `${target.prefix}${path}${query ? `?${query}` : ''}`;
  const headers = { ...draft.headers };
  let payload: string | undefined;
  if (draft.body && 'text' in draft.body) {
    payload = draft.body.text;
    if (draft.body.contentType !== null) headers['content-type'] ??= draft.body.contentType;
  } else if (draft.body && draft.body.value !== undefined) {
    if (target.bodyKind === 'form' && isPlainObject(draft.body.value)) {
      payload = new URLSearchParams(
        Object.entries(draft.body.value).map(([k, v]) => [k, text(v)] as [string, string]),
      ).toString();
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
    } else {
      payload = toJson(draft.body.value);
      headers['content-type'] ??= 'application/json';
    }
  }
  return new FuzzRequest(label, target.method, url, headers, payload);
}

// ------------------------------------------------------------------ per target

/** The plausible drafts of a target, for a caller with these ids. */
export function draftArbitrary(target: FuzzTarget, ids: IdPools): fc.Arbitrary<Draft> {
  const ctx: Ctx = { ids, path: target.path, depth: 0 };
  const names = (target.path.match(/:(\w+)/g) ?? []).map((p) => p.slice(1));
  const paramShape = target.params ? (defOf(target.params).shape ?? {}) : {};
  const params = fc.record(
    Object.fromEntries(
      names.map((n) => [
        n,
        plausible(paramShape[n], n, ctx).map((v) => ({ value: typeof v === 'string' ? v : toJson(v) })),
      ]),
    ),
  ) as fc.Arbitrary<Draft['params']>;
  const query = target.query
    ? plausible(target.query, 'query', ctx).map((q) => (isPlainObject(q) ? q : {}))
    : fc.constant({});
  const known = KNOWN_GOOD[target.key];
  const schemaBody = target.body ? plausible(target.body, 'body', ctx) : fc.constant(undefined);
  const bodyValue = known ? fc.oneof({ weight: 3, arbitrary: fc.constant(known(ids.own)) }, schemaBody) : schemaBody;
  const body: fc.Arbitrary<Draft['body']> =
    target.bodyKind === 'none'
      ? fc.constant(null)
      : target.bodyKind === 'raw'
        ? bodyValue.map((v) => ({ text: toJson(v ?? {}), contentType: 'application/json' }))
        : bodyValue.map((v) => (v === undefined ? null : { value: v }));
  return fc.record({ params, query, rawQuery: fc.constant([]), body, headers: fc.constant({}) });
}

/** The mutations that apply to a target, weighted toward what reaches the most code. */
export function mutationArbitrary(target: FuzzTarget, ids: IdPools): fc.Arbitrary<Mutation> {
  const at = fc.nat({ max: 1_000 });
  const hasParams = target.path.includes(':');
  const hasOther = [...ids.other.values()].some((list) => list.length > 0);
  const queryKeys = target.query ? Object.keys(defOf(target.query).shape ?? {}) : [];
  const idQuery = queryKeys.some((key) => tableOf(target.path, key) !== null || /ids?$/i.test(key));
  const options: fc.WeightedArbitrary<Mutation>[] = [
    { weight: 2, arbitrary: fc.constant({ kind: 'plausible' as const }) },
    {
      weight: target.query ? 2 : 1,
      arbitrary: fc.constantFrom(...RAW_QUERIES).map((text) => ({ kind: 'raw query' as const, text })),
    },
    {
      weight: target.query ? 4 : 1,
      arbitrary: fc.record({
        kind: fc.constant('query' as const),
        at,
        key: fc.option(fc.constantFrom<string>(...HOSTILE_KEYS, 'unknown', 'page', 'limit', 'sort', 'id'), {
          freq: 3,
          nil: null,
        }),
        value: hostileValue,
      }),
    },
    { weight: 1, arbitrary: HEADERS.map(([name, value]) => ({ kind: 'header' as const, name, value })) },
  ];
  if (hasParams)
    options.push({
      weight: 4,
      arbitrary: fc
        .oneof(
          fc.constantFrom(...HOSTILE_PARAMS).map((p) => ({ value: p.value, raw: p.raw === true })),
          hostileString.map((value) => ({ value, raw: false })),
          fc.oneof(fc.integer(), fc.double({ noNaN: true })).map((n) => ({ value: String(n), raw: false })),
        )
        .chain((p) => at.map((i) => ({ kind: 'path' as const, at: i, ...p }))),
    });
  if (hasOther)
    options.push({
      weight: hasParams || target.bodyKind === 'json' ? 3 : 1,
      arbitrary: fc.record({
        kind: fc.constant('their id' as const),
        where: fc.constantFrom<('path' | 'body' | 'query')[]>(
          ...(hasParams ? (['path'] as const) : []),
          ...(target.bodyKind === 'json' ? (['body'] as const) : []),
          ...(idQuery || (!hasParams && target.bodyKind !== 'json') ? (['query'] as const) : []),
        ),
        at,
        pick: at,
      }),
    });
  if (target.bodyKind === 'json' || target.bodyKind === 'form') {
    options.push(
      { weight: 6, arbitrary: fc.record({ kind: fc.constant('field' as const), at, value: hostileValue }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('missing' as const), at }) },
      {
        weight: 2,
        arbitrary: fc.record({
          kind: fc.constant('extra' as const),
          at,
          key: fc.oneof(fc.constantFrom(...HOSTILE_KEYS), fc.string({ maxLength: 8 })),
          value: hostileValue,
        }),
      },
      {
        weight: 2,
        arbitrary: fc
          .oneof(fc.constantFrom<unknown>(null, [], 'text', 42, true, {}, ...PROTOTYPE_VALUES), hostileValue)
          .map((value) => ({ kind: 'whole body' as const, value })),
      },
      { weight: 1, arbitrary: fc.constant({ kind: 'no body' as const }) },
    );
  }
  if (target.bodyKind !== 'none')
    options.push({
      weight: target.bodyKind === 'raw' ? 6 : 2,
      arbitrary: fc.record({
        kind: fc.constant('raw body' as const),
        text: fc.oneof(
          fc.constantFrom(
            '',
            '{"a":',
            '{"a":1,"a":2}',
            '\uFEFF{}',
            'a=1&b=%00',
            'null',
            '[]',
            '"\\u0000"',
            '{"a":"\\ud800"}',
            deepJson(10_000),
          ),
          hostileString,
          fc.json({ maxDepth: 3 }),
        ),
        contentType: fc.constantFrom(
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/octet-stream',
          null,
        ),
      }),
    });
  return fc.oneof(...options);
}

/**
 * The request arbitrary of a target: a plausible draft with one or two mutations. Each value
 * carries its label (what was broken), printed with the counterexample.
 */
export function requestArbitrary(target: FuzzTarget, ids: IdPools): fc.Arbitrary<FuzzRequest> {
  return fc
    .tuple(draftArbitrary(target, ids), fc.array(mutationArbitrary(target, ids), { minLength: 1, maxLength: 2 }))
    .map(([draft, mutations]) =>
      render(
        target,
        mutations.reduce((d, m) => mutate(target, d, m, ids), draft),
        mutations.map(describeMutation).join(' + '),
      ),
    );
}

function describeMutation(m: Mutation): string {
  switch (m.kind) {
    case 'field':
    case 'whole body':
      return `${m.kind} ${short(m.value)}`;
    case 'extra':
      return `extra ${JSON.stringify(m.key.slice(0, 20))}=${short(m.value)}`;
    case 'query':
      return `query ${m.key === null ? '' : `${JSON.stringify(m.key.slice(0, 20))}=`}${short(m.value)}`;
    case 'raw query':
    case 'raw body':
      return `${m.kind} ${short(m.text)}`;
    case 'path':
      return `path ${short(m.value)}${m.raw ? ' raw' : ''}`;
    case 'header':
      return `header ${m.name}: ${short(m.value)}`;
    case 'their id':
      return `their id in the ${m.where}`;
    default:
      return m.kind;
  }
}

function short(value: unknown): string {
  const text =
    value instanceof RawJson ? value.toString() : typeof value === 'string' ? JSON.stringify(value) : toJson(value);
  return text.length > 40 ? `${text.slice(0, 40)}… (${text.length} chars)` : text;
}

/**
 * Requests every run sends before the random ones (fast-check's examples): the shapes the
 * hand-written fuzzer always sent, so that they are never left to chance. A 10,000-deep body
 * and one deep in a field, prototype keys beside the plausible fields, U+0000 in the query
 * (and in every query field), and for every path parameter the other accounts' id and U+0000.
 */
export function fixedRequests(target: FuzzTarget, ids: IdPools, seed: number): FuzzRequest[] {
  const [draft] = fc.sample(draftArbitrary(target, ids), { seed, numRuns: 1 });
  if (!draft) return [];
  const out: FuzzRequest[] = [render(target, draft, 'plausible')];
  const add = (label: string, ...mutations: Mutation[]) =>
    out.push(
      render(
        target,
        mutations.reduce((d, m) => mutate(target, d, m, ids), draft),
        label,
      ),
    );
  if (target.bodyKind === 'json') {
    add('body 10,000 deep in a field', { kind: 'extra', at: 0, key: 'deep', value: new RawJson(deepJson(10_000)) });
    add(
      'body with prototype keys',
      { kind: 'extra', at: 0, key: '__proto__', value: new RawJson('{"isAdmin":true,"polluted":1}') },
      { kind: 'extra', at: 0, key: 'constructor', value: new RawJson('{"prototype":{"polluted":1}}') },
    );
  }
  // U+0000 in every field of the query (the postback's token, a filter), else in an unknown one.
  const keys = Object.keys(draft.query);
  const schemaKeys = target.query ? Object.keys(defOf(target.query).shape ?? {}) : [];
  const allKeys = [...new Set([...keys, ...schemaKeys])];
  add(
    'U+0000 in the query',
    ...(allKeys.length ? allKeys : ['x']).map((key) => ({ kind: 'query' as const, at: 0, key, value: 'a\u0000b' })),
  );
  Object.keys(draft.params).forEach((_, i) => {
    add('their id in the path', { kind: 'their id', where: 'path', at: i, pick: 0 });
    add('U+0000 in the path', { kind: 'path', at: i, value: 'a%00b', raw: true });
  });
  return out;
}
