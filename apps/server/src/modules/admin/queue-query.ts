import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import {
  QUEUE_DEFS,
  type QueueDef,
  type QueueName,
  type QueueSearchable,
  type QueueSort,
} from '@cryptads/contract/admin-queues';
import type { QueueQuery } from '@cryptads/contract/endpoints/admin-queues';
import type { DbOrTx } from '../../db/client';

/**
 * The one query every back-office queue runs: what waits (the source's `where`), searched in
 * the columns the queue's definition marks searchable, sorted by the column asked for (the
 * definition's default otherwise) then by the id for a stable page, and paged. A queue only
 * says where its rows come from and how a database row reads as an API row.
 */

export type Page<T> = { items: T[]; total: number };

type Expr = AnyPgColumn | SQL;

/** A column's place in the database: one expression, or several the search looks in (sorting by the first). */
type ColumnSql = Expr | readonly [Expr, ...Expr[]];

/** The database columns of a queue's sortable and searchable columns. */
export type QueueColumnsSql<N extends QueueName> = Record<QueueSort<N> | QueueSearchable<N>, ColumnSql>;

export type SqlQueueSource<N extends QueueName, F extends SelectedFields, R> = {
  /** The fields each database row has. */
  select: F;
  from: PgTable;
  joins?: readonly { table: PgTable; on: SQL; left?: boolean }[];
  /** What waits in the queue (before the search). */
  where: SQL | undefined;
  columns: QueueColumnsSql<N>;
  /** Exact matches the search also takes: an id, a code. */
  match?: (q: string) => (SQL | undefined)[];
  /** The database text a column's search looks for (the typed text, escaped, by default). */
  needle?: Partial<Record<QueueSearchable<N>, (q: string) => string>>;
  /** The tie-break of the order: the row's id. */
  id: Expr;
  /** The API's rows, from the page's database rows (with what they need fetched for the page only). */
  toItems: (rows: SelectResultFields<F>[], db: DbOrTx) => Promise<R[]> | R[];
};

/** An `ilike` pattern that finds `q` as a part, with its wildcards escaped. */
export const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** The search as a row id, when it is one. */
export const asId = (q: string) => (/^\d{1,9}$/.test(q) ? Number(q) : null);
/** `column = id` when the search is an id. */
export const idMatch = (column: AnyPgColumn, q: string) => {
  const id = asId(q);
  return id === null ? undefined : eq(column, id);
};

const offsetOf = (q: QueueQuery) => (q.page - 1) * q.pageSize;
const listOf = (c: ColumnSql): readonly Expr[] => (Array.isArray(c) ? c : [c as Expr]);

/** The sort key and direction of a query: the definition's default when the query has none. */
function orderOf(name: QueueName, q: QueueQuery) {
  const def: QueueDef = QUEUE_DEFS[name];
  return { key: q.sort ?? def.defaultSort, dir: q.dir ?? def.defaultDir ?? 'asc' };
}

const searchableKeys = (name: QueueName) =>
  (QUEUE_DEFS[name] as QueueDef).columns.filter((c) => c.searchable).map((c) => c.key);

export async function sqlQueue<N extends QueueName, F extends SelectedFields, R>(
  db: DbOrTx,
  name: N,
  q: QueueQuery,
  source: SqlQueueSource<N, F, R>,
): Promise<Page<R>> {
  const columns = source.columns as Record<string, ColumnSql>;
  const needles = (source.needle ?? {}) as Record<string, (q: string) => string>;
  const search = q.q
    ? or(
        ...searchableKeys(name).flatMap((key) =>
          listOf(columns[key] as ColumnSql).map((e) =>
            ilike(e, like(needles[key]?.(q.q as string) ?? (q.q as string))),
          ),
        ),
        ...(source.match?.(q.q) ?? []),
      )
    : undefined;
  const where = and(source.where, search);
  // The joins vary by queue, so the builder is the dynamic (untyped) one; the rows get their type back below.
  const base = (fields: SelectedFields): PgSelect => {
    let query = db.select(fields).from(source.from).$dynamic() as unknown as PgSelect;
    for (const j of source.joins ?? [])
      query = (j.left ? query.leftJoin(j.table, j.on) : query.innerJoin(j.table, j.on)) as unknown as PgSelect;
    return query.where(where);
  };
  const { key, dir } = orderOf(name, q);
  const by = dir === 'desc' ? desc : asc;
  const sortBy = listOf(columns[key] as ColumnSql)[0] as Expr;
  const rows = (await base(source.select)
    .orderBy(by(sortBy), by(source.id))
    .limit(q.pageSize)
    .offset(offsetOf(q))) as SelectResultFields<F>[];
  const [counted] = (await base({ n: count() })) as { n: number }[];
  return { total: Number(counted?.n ?? 0), items: await source.toItems(rows, db) };
}

/** A queue computed in memory (from a report or the dead-letter table): its rows' values by column. */
export type ListQueueSource<N extends QueueName, R> = {
  columns: Record<QueueSort<N> | QueueSearchable<N>, (row: R) => string | number>;
  /** Exact matches the search also takes; `needle` is the search in lower case. */
  match?: (row: R, q: string, needle: string) => boolean;
  id: (row: R) => number;
};

/** The same search, order and paging over rows already in memory. */
export function listQueue<N extends QueueName, R>(
  name: N,
  q: QueueQuery,
  all: R[],
  source: ListQueueSource<N, R>,
): Page<R> {
  const columns = source.columns as Record<string, (row: R) => string | number>;
  const needle = q.q?.toLowerCase();
  const keys = searchableKeys(name);
  const found = all.filter(
    (row) =>
      !needle ||
      keys.some((k) => String(columns[k]?.(row)).toLowerCase().includes(needle)) ||
      (source.match?.(row, q.q as string, needle) ?? false),
  );
  const { key, dir } = orderOf(name, q);
  const value = columns[key] as (row: R) => string | number;
  const sign = dir === 'desc' ? -1 : 1;
  found.sort((a, b) => {
    const x = value(a);
    const y = value(b);
    const d = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return sign * (d || source.id(a) - source.id(b));
  });
  return { total: found.length, items: found.slice(offsetOf(q), offsetOf(q) + q.pageSize) };
}
