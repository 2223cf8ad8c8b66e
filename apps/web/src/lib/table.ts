/**
 * The shared table behaviour of docs/product/tables.md#data-table as pure functions, so that the rules are
 * tested once: search, numeric-aware sort, paging, and CSV export.
 */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** A searchable list shows its search box from this many items. */
export const SEARCH_BOX_FROM = 10;
export const EMPTY_TABLE_TEXT = 'No data available.';
export const CSV_NOTE = 'Data is available for only 1 year.';

export type Cell = string | number | null | undefined;
export type SortDirection = 'asc' | 'desc';

const asText = (v: Cell) => (v == null ? '' : String(v));
export const isNumeric = (v: Cell) =>
  typeof v === 'number' || (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)));

/** Ascending order of two cells: by number when the column is numeric, text (en-GB) otherwise. */
export const compareCells = (a: Cell, b: Cell, numeric: boolean) =>
  numeric ? Number(a) - Number(b) : asText(a).localeCompare(asText(b), 'en-GB', { numeric: true });

/** Whether `query` (trimmed, any case) is found in the cell. */
export const cellMatches = (v: Cell, query: string) => asText(v).toLowerCase().includes(query.trim().toLowerCase());

export function searchRows<T>(rows: T[], query: string, values: (row: T) => Cell[]): T[] {
  const q = query.trim().toLowerCase();
  if (!q) return rows;
  return rows.filter((row) => values(row).some((v) => asText(v).toLowerCase().includes(q)));
}

/** Numeric sort when every value of the column is numeric, text sort (en-GB) otherwise. */
export function sortRows<T>(rows: T[], value: (row: T) => Cell, direction: SortDirection): T[] {
  const numeric = rows.every((r) => isNumeric(value(r)));
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    return compareCells(va, vb, numeric) * sign;
  });
}

export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

export const pageOf = <T>(rows: T[], page: number, pageSize: number) =>
  rows.slice((page - 1) * pageSize, page * pageSize);

/**
 * CSV export: the contract's one writer (docs/product/tables.md#csv-export stripping, OWASP formula
 * neutralisation, RFC 4180 quoting; docs/decisions/023), shared by every export.
 */
export { csvCell, toCsv } from '@cryptads/contract/csv';
