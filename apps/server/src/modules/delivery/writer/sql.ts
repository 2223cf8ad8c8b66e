import { type Column, type SQL, sql } from 'drizzle-orm';

/** Rows per statement of the writer's batched reads and updates. */
export const CHUNK = 1000;

export const chunks = <T>(list: readonly T[], size = CHUNK) => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

/**
 * A PostgreSQL array literal passed as ONE text parameter ('{"a","b"}'), for unnest inserts.
 * Every element is quoted; quotes and backslashes are escaped.
 */
export function pgArray(values: readonly (string | number | bigint)[]): string {
  return `{${values.map((v) => `"${String(v).replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

/**
 * `column = any($1::type[])` with the list as ONE parameter: drizzle's inArray typed a
 * parameter per element (most of the writer's id lists' CPU on the embedded database).
 */
export const anyOf = (
  column: Column,
  values: readonly (string | number | bigint)[],
  type: 'integer' | 'bigint' | 'text',
): SQL => sql`${column} = any(${pgArray(values)}::${sql.raw(type)}[])`;
