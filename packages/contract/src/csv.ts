/**
 * The one CSV writer of every export (docs/decisions/023). Today the exports are built in
 * the browser from the report and history answers (apps/web/src/ui/data-table.tsx); a
 * server-side export would call the same function.
 *
 * - docs/product/tables.md#csv-export: the export strips commas, percent and euro signs ('€1,234.50' → 1234.50).
 * - OWASP CSV injection: a cell that starts with = + - @ tab or CR would be run by a
 *   spreadsheet as a formula (a publisher's zone alias reaches an advertiser's export):
 *   it gets a leading single quote and stays text. A plain number (-1.5, +3) is not a
 *   formula and stays a number, so numeric columns keep working.
 * - RFC 4180: a cell holding a double quote is quoted, its quotes doubled (a cell that
 *   starts with a quote can no longer smuggle a formula inside a quoted field); lines end
 *   with CRLF.
 */
export type CsvValue = string | number | bigint | null | undefined;

/** What a spreadsheet reads as the start of a formula (OWASP: = + - @ tab CR). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A decimal number, optionally signed: safe to leave as it is. */
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d+)?|\.\d+)$/;

/** The text a cell shows, before quoting: stripped per docs/product/tables.md#csv-export and neutralised. */
export function csvText(value: CsvValue): string {
  const text = (value == null ? '' : String(value))
    .replace(/[,%€]/g, '')
    .replace(/[\r\n]+/g, ' ')
    .trim();
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** One field of a CSV line (RFC 4180). */
export function csvCell(value: CsvValue): string {
  const text = csvText(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole CSV document: the header line, then one line per row. */
export function toCsv(header: readonly CsvValue[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n');
}
