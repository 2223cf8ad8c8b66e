import { decimalToMicros, StatementError, type StatementLine } from './statement-line';

/**
 * The CSV statement (docs/product/billing.md#bank-statements): a header row naming the columns
 * `date,amount,currency,reference,bank_id` (any order, any case, comma or semicolon), one row
 * per booked entry. `date` is YYYY-MM-DD, `amount` a decimal with a point, negative for a
 * debit; `bank_id` is the bank's unique id of the entry. Fields may be double-quoted.
 */

const COLUMNS = ['date', 'amount', 'currency', 'reference', 'bank_id'] as const;

function splitRow(row: string, separator: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < row.length; i++) {
    const c = row[i];
    if (quoted) {
      if (c === '"' && row[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      fields.push(field);
      field = '';
    } else field += c;
  }
  fields.push(field);
  return fields.map((f) => f.trim());
}

export function parseStatementCsv(content: string): StatementLine[] {
  const rows = content
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((row) => row.trim() !== '');
  const [header, ...body] = rows;
  if (!header) throw new StatementError('The CSV statement is empty.');
  const separator = header.includes(';') && !header.includes(',') ? ';' : ',';
  const names = splitRow(header, separator).map((name) => name.toLowerCase().replace(/[\s-]+/g, '_'));
  const at = Object.fromEntries(COLUMNS.map((column) => [column, names.indexOf(column)])) as Record<
    (typeof COLUMNS)[number],
    number
  >;
  const missing = COLUMNS.filter((column) => at[column] < 0);
  if (missing.length > 0)
    throw new StatementError(
      `The CSV statement needs the columns ${COLUMNS.join(', ')} in its first row; missing: ${missing.join(', ')}.`,
    );
  return body.map((row, i) => {
    const fields = splitRow(row, separator);
    const where = `Row ${i + 2}`;
    const field = (column: (typeof COLUMNS)[number]) => fields[at[column]] ?? '';
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
