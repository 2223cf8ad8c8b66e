import { toCsv } from '@cryptads/contract/csv';
import {
  centEuros,
  exactEuros,
  STATEMENT_CSV_HEADER,
  STATEMENT_TYPE_LABELS,
  type Statement,
  type StatementLine,
} from '@cryptads/contract/statement';
import type { DbOrTx } from '../../db/client';
import { type Line, statementLines } from './statement-lines';

/** A statement's period and search (docs/product/billing.md#statement). */
export type StatementFilter = { from?: string; to?: string; search?: string };

type Period = {
  lines: Line[];
  opening: bigint;
  closing: bigint;
  inMicros: bigint;
  outMicros: bigint;
};

/** The period's lines (by UTC day) and its opening and closing balance, before any search. */
async function periodOf(db: DbOrTx, userId: number, filter: StatementFilter): Promise<Period> {
  const all = await statementLines(db, userId, filter.to ?? null);
  const first = filter.from ? all.findIndex((l) => l.day >= (filter.from as string)) : 0;
  const start = first === -1 ? all.length : first;
  const lines = all.slice(start);
  const opening = start > 0 ? (all[start - 1] as Line).balanceMicros : 0n;
  const closing = lines.length > 0 ? (lines[lines.length - 1] as Line).balanceMicros : opening;
  let inMicros = 0n;
  let outMicros = 0n;
  for (const l of lines) {
    if (l.amountMicros > 0n) inMicros += l.amountMicros;
    else outMicros -= l.amountMicros;
  }
  return { lines, opening, closing, inMicros, outMicros };
}

/** Lines whose description or type contains the search, in any case. */
function searched(lines: Line[], search: string | undefined): Line[] {
  const needle = search?.trim().toLowerCase();
  if (!needle) return lines;
  return lines.filter(
    (l) => l.description.toLowerCase().includes(needle) || STATEMENT_TYPE_LABELS[l.type].toLowerCase().includes(needle),
  );
}

const present = (l: Line): StatementLine => ({
  id: l.id,
  at: l.at.toISOString(),
  day: l.day,
  type: l.type,
  description: l.description,
  amountMicros: l.amountMicros.toString(),
  balanceMicros: l.balanceMicros.toString(),
});

/** One page of the caller's statement of account, with the period's opening and closing balance. */
export async function statementOf(
  db: DbOrTx,
  userId: number,
  query: StatementFilter & { page: number; pageSize: number },
): Promise<Statement> {
  const period = await periodOf(db, userId, query);
  const matching = searched(period.lines, query.search);
  const offset = (query.page - 1) * query.pageSize;
  return {
    from: query.from ?? null,
    to: query.to ?? null,
    openingBalanceMicros: period.opening.toString(),
    closingBalanceMicros: period.closing.toString(),
    inMicros: period.inMicros.toString(),
    outMicros: period.outMicros.toString(),
    total: matching.length,
    page: query.page,
    pageSize: query.pageSize,
    lines: matching.slice(offset, offset + query.pageSize).map(present),
  };
}

/**
 * The statement as CSV: the opening balance, every matching line, the closing balance; each
 * amount and balance to the cent (as the screen shows it) and exact to the micro-euro.
 */
export async function statementCsv(db: DbOrTx, userId: number, filter: StatementFilter): Promise<string> {
  const period = await periodOf(db, userId, filter);
  const rows = searched(period.lines, filter.search).map((l) => [
    l.day,
    STATEMENT_TYPE_LABELS[l.type],
    l.description,
    centEuros(l.amountMicros),
    centEuros(l.balanceMicros),
    exactEuros(l.amountMicros),
    exactEuros(l.balanceMicros),
  ]);
  const balance = (day: string, label: string, micros: bigint) => [
    day,
    label,
    '',
    '',
    centEuros(micros),
    '',
    exactEuros(micros),
  ];
  return toCsv(STATEMENT_CSV_HEADER, [
    balance(filter.from ?? '', 'Opening balance', period.opening),
    ...rows,
    balance(filter.to ?? '', 'Closing balance', period.closing),
  ]);
}

/** The CSV's file name: the period it covers. */
export const statementFileName = (filter: StatementFilter) =>
  `statement${filter.from ? `-from-${filter.from}` : ''}${filter.to ? `-to-${filter.to}` : ''}.csv`;
