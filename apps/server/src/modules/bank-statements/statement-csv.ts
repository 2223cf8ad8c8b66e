import { CsvError, parse } from 'csv-parse/sync';
import { decimalToMicros, StatementError, type StatementLine } from './statement-line';

/**
 * The CSV statement (docs/product/billing.md#bank-statements): a header row naming the columns
 * `date,amount,currency,reference,bank_id` (any order, any case, comma or semicolon), one row
 * per booked entry. `date` is YYYY-MM-DD, `amount` a decimal with a point, negative for a
 * debit; `bank_id` is the bank's unique id of the entry. Fields may be double-quoted, and a
 * quoted field may hold the separator, doubled quotes and line breaks (a payer's remittance
 * text can), so rows are read by a CSV parser rather than split at line ends.
 */

const COLUMNS = ['date', 'amount', 'currency', 'reference', 'bank_id'] as const;

/** Why csv-parse gave up, as the operator reads it; rows counted as in the other messages. */
function csvProblem(error: CsvError): StatementError {
  const row = `Row ${Number(error.records) + 1}`;
  if (error.code === 'CSV_QUOTE_NOT_CLOSED')
    return new StatementError(`${row} opens a quote (") that is never closed; nothing was imported.`);
  if (error.code === 'CSV_INVALID_CLOSING_QUOTE' || error.code === 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE')
    return new StatementError(`${row} has text after a closing quote ("); nothing was imported.`);
  return new StatementError(`${row} cannot be read as CSV; nothing was imported.`);
}

function readRows(content: string, delimiter: string): string[][] {
  try {
    return parse(content, {
      delimiter,
      // Blank lines are not rows (nor counted in row numbers); short rows read as missing fields.
      skip_empty_lines: true,
      relax_column_count: true,
      // A quote inside an unquoted field (`12" display`) is text, not an error.
      relax_quotes: true,
      trim: true,
    }) as string[][];
  } catch (error) {
    if (error instanceof CsvError) throw csvProblem(error);
    throw error;
  }
}

export function parseStatementCsv(content: string): StatementLine[] {
  const text = content.replace(/^\uFEFF/, '');
  // The separator is the header's: a semicolon file is one whose first row has no comma.
  const from = text.search(/\S/);
  const headerLine = from < 0 ? '' : (/[^\r\n]*/.exec(text.slice(from))?.[0] ?? '');
  const separator = headerLine.includes(';') && !headerLine.includes(',') ? ';' : ',';
  const [header, ...body] = readRows(text, separator);
  if (!header) throw new StatementError('The CSV statement is empty.');
  const names = header.map((name) =>
    name
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_'),
  );
  const at = Object.fromEntries(COLUMNS.map((column) => [column, names.indexOf(column)])) as Record<
    (typeof COLUMNS)[number],
    number
  >;
  const missing = COLUMNS.filter((column) => at[column] < 0);
  if (missing.length > 0)
    throw new StatementError(
      `The CSV statement needs the columns ${COLUMNS.join(', ')} in its first row; missing: ${missing.join(', ')}.`,
    );
  return body.map((fields, i) => {
    const where = `Row ${i + 2}`;
    const field = (column: (typeof COLUMNS)[number]) => fields[at[column]]?.trim() ?? '';
    const date = field('date');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new StatementError(`${where}: the date must be YYYY-MM-DD.`);
    const amountText = field('amount');
    const negative = amountText.startsWith('-');
    const amountMicros = decimalToMicros(amountText.replace(/^[-+]/, ''));
    if (amountMicros === null)
      throw new StatementError(`${where}: the amount must be a number with a decimal point, like 123.00.`);
    const bankEntryId = field('bank_id');
    if (!bankEntryId) throw new StatementError(`${where} has no bank_id; nothing was imported.`);
    const currency = field('currency').toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency)) throw new StatementError(`${where}: the currency must be a code like EUR.`);
    return {
      bankEntryId,
      bookedOn: date,
      direction: negative ? 'debit' : 'credit',
      amountMicros,
      currency,
      remittance: field('reference') || null,
    };
  });
}
