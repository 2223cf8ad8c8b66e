import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { invoiceCounters } from '../../db/schema/invoices';
import type { InvoiceKind } from './invoice-pdf';

/**
 * Gapless invoice numbers (VAT Directive art. 226(2); research: `max(number)+1` gave
 * duplicates under concurrency, PrestaShop 28757). Each kind has its own series per calendar
 * year (UTC): INV-2026-000001, CN-2026-000001, SB-2026-000001. The next number comes from the
 * series' counter row, incremented by an upsert that keeps the row locked until the calling
 * transaction ends: a second finalisation waits, and a transaction that rolls back gives its
 * number back with it, so the numbers that exist are 1, 2, 3 … without holes or repeats.
 */
export const SERIES_PREFIX: Record<InvoiceKind, string> = {
  invoice: 'INV',
  credit_note: 'CN',
  self_billing: 'SB',
};

export const seriesOf = (kind: InvoiceKind, at: Date) => `${SERIES_PREFIX[kind]}-${at.getUTCFullYear()}`;
export const formatInvoiceNumber = (series: string, seq: number) => `${series}-${String(seq).padStart(6, '0')}`;

export type TakenNumber = { series: string; seq: number; number: string; issuedAt: Date };

/**
 * Takes the next number of the kind's series in `tx`, which must then make the invoice final.
 * The issue date is read once the counter is held, so numbers follow dates within a series; a
 * finalisation that waited across New Year is dated the last instant of its series' year.
 */
export async function takeInvoiceNumber(
  tx: Tx,
  kind: InvoiceKind,
  now: () => Date = () => new Date(),
): Promise<TakenNumber> {
  const series = seriesOf(kind, now());
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ series, lastNumber: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.series, set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` } })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  if (!row) throw new Error(`invoice series ${series}: the counter returned nothing`);
  const year = Number(series.slice(-4));
  const at = now();
  const issuedAt = at.getUTCFullYear() > year ? new Date(Date.UTC(year + 1, 0, 1) - 1) : at;
  return { series, seq: row.lastNumber, number: formatInvoiceNumber(series, row.lastNumber), issuedAt };
}
