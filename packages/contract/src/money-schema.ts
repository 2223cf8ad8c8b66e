import { z } from 'zod';
import { INPUT_MESSAGES } from './input-messages';
import {
  CURRENCY,
  DECIMAL_AMOUNT_PATTERN,
  DECIMAL_INPUT_PATTERN,
  decimalToMicros,
  EXACT_EUROS_LIMIT_MICROS,
  eurosToMicros,
  microsToDecimal,
  microsToEuros,
  microsToExactEuros,
} from './money';

/**
 * Money fields of the API's schemas (docs/decisions/057-exact-money-on-the-wire.md). Every
 * conversion is a function of money.ts; this module only says where money is in a schema and
 * how each wire writes it.
 *
 * - An answer's amount is `money()`: the handler hands over micro-euros (`bigint`); the
 *   dashboard's `/api` writes them as a number of euros rounded for display (2 decimals, or
 *   `decimals`), and the public API's `/api/v1` as an exact decimal string ('2499.95725').
 *   The server serializes an answer by parsing the handler's value with the schema, so
 *   `z.input` of a response schema is what a handler returns (`Served`) and `z.output` what
 *   the web app reads (`ResponseOf`).
 * - An input's amount is `moneyInput(schema)`: a number of euros for the dashboard's forms,
 *   unchanged; under `/api/v1` a decimal string that `publicMoneyInputs` turns into that
 *   number before the endpoint's own validation (a JSON number is refused there).
 *
 * `publicSchema` rewrites a schema for `/api/v1` and its OpenAPI document.
 */

type MoneyMark = { kind: 'answer'; decimals: number } | { kind: 'input' };
const MONEY = z.registry<MoneyMark>();

/** What a handler returns for a response schema: money as micro-euros (`bigint`). */
export type Served<S extends z.ZodType> = z.input<S>;

/** The OpenAPI marker of an amount of money: which currency it is in. */
export const MONEY_MARKER = 'x-currency';

const DASHBOARD_EUROS = z.number().meta({ [MONEY_MARKER]: CURRENCY });

/**
 * An amount in an answer: micro-euros from the handler, euros rounded half away from zero to
 * `decimals` on the dashboard (its numbers as they always were), exact under /api/v1.
 */
export function money(decimals = 2) {
  const schema = z.codec(z.bigint(), DASHBOARD_EUROS, {
    decode: (micros) => microsToEuros(micros, decimals),
    encode: (euros) => eurosToMicros(euros),
  });
  MONEY.add(schema, { kind: 'answer', decimals });
  return schema;
}

/** An amount in a request body or query (euros, as the dashboard's forms send it): marks the schema, unchanged. */
export function moneyInput<S extends z.ZodType>(schema: S): S {
  MONEY.add(schema, { kind: 'input' });
  return schema;
}

/**
 * An answer as the dashboard's wire carries it (money as numbers of euros), checked against its
 * response schema and returned as the web app reads it: what tests use to read an /api answer
 * (a plain `parse` takes what a handler returns, micro-euros).
 */
export function readAnswer<S extends z.ZodType>(schema: S, answer: unknown): z.output<S> {
  return schema.parse(schema.encode(answer as z.output<S>));
}

// ---------------------------------------------------------------- the public API's wire

const PUBLIC_AMOUNT = z
  .string()
  .regex(new RegExp(DECIMAL_AMOUNT_PATTERN))
  .meta({
    format: 'decimal',
    [MONEY_MARKER]: CURRENCY,
    description: 'Euros, exact: a decimal string with 2 to 6 decimals.',
    examples: ['2499.95725'],
  });

/** An answer's amount under /api/v1: micro-euros in, the exact decimal string out. */
const PUBLIC_ANSWER = z.codec(z.bigint(), PUBLIC_AMOUNT, {
  decode: (micros) => microsToDecimal(micros),
  encode: (text) => {
    const micros = decimalToMicros(text);
    if (typeof micros !== 'bigint') throw new RangeError(`not an amount: ${text}`);
    return micros;
  },
});

/** How /api/v1 documents an input amount (the conversion itself is `publicMoneyInputs`). */
const PUBLIC_INPUT = z
  .string()
  .regex(new RegExp(DECIMAL_INPUT_PATTERN))
  .meta({
    format: 'decimal',
    [MONEY_MARKER]: CURRENCY,
    description: 'Euros as a decimal string with at most 6 decimals ("25.00", "0.0002"); a JSON number is refused.',
    examples: ['25.00'],
  });

// biome-ignore lint/suspicious/noExplicitAny: zod's definitions are walked generically.
type Def = Record<string, any>;
type Schema = z.core.$ZodType;
const defOf = (schema: Schema) => schema._zod.def as unknown as Def;

/** The keys of a definition that hold one schema, and those that hold a list of them. */
const SINGLE = ['innerType', 'element', 'left', 'right', 'keyType', 'valueType', 'in', 'out', 'rest', 'catchall'];
const LISTS = ['options', 'items'];

/**
 * A copy of `schema` with each marked node replaced by `replace(mark)`; the same instance when
 * nothing inside is money. Objects, arrays, unions, records, tuples, wrappers and pipes are
 * walked; a money field inside `z.lazy` is refused (nothing in the API has one).
 */
function mapMoney(
  schema: Schema,
  replace: (mark: MoneyMark, node: Schema) => Schema,
  memo: Map<Schema, Schema>,
): Schema {
  const mark = MONEY.get(schema);
  if (mark) return replace(mark, schema);
  const known = memo.get(schema);
  if (known) return known;
  memo.set(schema, schema);
  const def = defOf(schema);
  if (def.type === 'lazy') {
    const inner = def.getter() as Schema;
    if (mapMoney(inner, replace, memo) !== inner) throw new Error('a money field inside z.lazy is not supported');
    return schema;
  }
  const changes: Def = {};
  if (def.type === 'object') {
    const shape: Record<string, Schema> = {};
    let changed = false;
    for (const [key, child] of Object.entries(def.shape as Record<string, Schema>)) {
      shape[key] = mapMoney(child, replace, memo);
      if (shape[key] !== child) changed = true;
    }
    if (changed) changes.shape = shape;
  }
  for (const key of SINGLE) {
    const child = def[key] as Schema | undefined;
    if (!child || typeof child !== 'object' || !('_zod' in child)) continue;
    const mapped = mapMoney(child, replace, memo);
    if (mapped !== child) changes[key] = mapped;
  }
  for (const key of LISTS) {
    const list = def[key] as Schema[] | undefined;
    if (!Array.isArray(list)) continue;
    const mapped = list.map((child) => mapMoney(child, replace, memo));
    if (mapped.some((child, i) => child !== list[i])) changes[key] = mapped;
  }
  if (Object.keys(changes).length === 0) return schema;
  const copy = (schema as z.ZodType).clone({ ...def, ...changes } as never);
  const meta = z.globalRegistry.get(schema);
  if (meta) {
    const { id: _, ...rest } = meta;
    z.globalRegistry.add(copy, rest);
  }
  memo.set(schema, copy);
  return copy;
}

const publicCopies = new WeakMap<Schema, Schema>();
/**
 * The schema as /api/v1 speaks it: answers' amounts become exact decimal strings (at run time
 * and in the document), inputs' amounts are documented as decimal strings.
 */
export function publicSchema<S extends Schema>(schema: S): S {
  let copy = publicCopies.get(schema);
  if (!copy) {
    copy = mapMoney(schema, (mark) => (mark.kind === 'answer' ? PUBLIC_ANSWER : PUBLIC_INPUT), new Map());
    publicCopies.set(schema, copy);
  }
  return copy as S;
}

/** True when `schema` holds an amount of money anywhere. */
export const holdsMoney = (schema: Schema) => publicSchema(schema) !== schema;

// ---------------------------------------------------------------- public inputs

type Path = readonly (string | '*')[];

/** Where a schema's input amounts are: key paths, `*` for every item of an array or record. */
function inputPaths(schema: Schema, at: Path, out: Path[], seen: Set<Schema>) {
  if (MONEY.get(schema)?.kind === 'input') {
    out.push(at);
    return;
  }
  if (seen.has(schema)) return;
  seen.add(schema);
  const def = defOf(schema);
  if (def.type === 'object')
    for (const [key, child] of Object.entries(def.shape as Record<string, Schema>))
      inputPaths(child, [...at, key], out, seen);
  if (def.type === 'array' || def.type === 'record') {
    const item = (def.element ?? def.valueType) as Schema;
    inputPaths(item, [...at, '*'], out, seen);
    return;
  }
  for (const key of ['innerType', 'left', 'right', 'in'])
    if (def[key] && typeof def[key] === 'object' && '_zod' in def[key]) inputPaths(def[key], at, out, seen);
  if (Array.isArray(def.options)) for (const option of def.options) inputPaths(option, at, out, new Set(seen));
}

export type PublicInputResult = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * The converter of a body under /api/v1: each input amount, a decimal string, becomes the
 * number of euros the endpoint's own schema expects (exact: see `microsToExactEuros`); a JSON
 * number, an exponent, more than 6 decimals or an amount of a billion euros or more is refused
 * with a sentence naming the field. Null when the schema has no input amount.
 */
export function publicMoneyInputs(schema: Schema | undefined): ((value: unknown) => PublicInputResult) | null {
  if (!schema) return null;
  const paths: Path[] = [];
  inputPaths(schema, [], paths, new Set());
  if (paths.length === 0) return null;
  return (value) => {
    if (value === null || typeof value !== 'object') return { ok: true, value };
    const copy = structuredClone(value) as Record<string, unknown>;
    for (const path of paths) {
      const problem = convertAt(copy, path, []);
      if (problem) return { ok: false, message: problem };
    }
    return { ok: true, value: copy };
  };
}

/** Converts the amounts at `path` inside `node`, in place; the message of the first problem. */
function convertAt(node: unknown, path: Path, at: string[]): string | null {
  if (node === null || typeof node !== 'object') return null;
  const [key, ...rest] = path;
  if (key === undefined) return null;
  const container = node as Record<string, unknown>;
  const keys = key === '*' ? Object.keys(container) : Object.hasOwn(container, key) ? [key] : [];
  for (const k of keys) {
    const name = [...at, k];
    if (rest.length > 0) {
      const problem = convertAt(container[k], rest, name);
      if (problem) return problem;
      continue;
    }
    const value = container[k];
    // An absent amount (null where the schema allows it) is the schema's to judge.
    if (value === null || value === undefined) continue;
    const field = name.join('.');
    const micros = decimalToMicros(value);
    if (micros === 'precision') return INPUT_MESSAGES.amountTooPrecise(field);
    if (micros === 'format') return INPUT_MESSAGES.amountNotDecimal(field);
    if (micros >= EXACT_EUROS_LIMIT_MICROS || micros <= -EXACT_EUROS_LIMIT_MICROS)
      return INPUT_MESSAGES.amountTooLarge(field);
    container[k] = microsToExactEuros(micros);
  }
  return null;
}
