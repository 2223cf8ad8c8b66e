import { and, asc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import { toCsv } from '@cryptads/contract/csv';
import { microsToEuros } from '@cryptads/contract/money';
import { OSS_MESSAGES } from '@cryptads/contract/tax-messages';
import { countryName, quarterBounds } from '@cryptads/contract/vat';
import type { DbOrTx } from '../../db/client';
import { ledgerTransfers } from '../../db/schema/ledger';
import { payments } from '../../db/schema/payments';

/** One line of the One-Stop Shop return: a member state of consumption and a rate. */
export type OssReturnLine = {
  country: string;
  ratePercent: number;
  /** Payments received in the quarter under this country and rate. */
  payments: number;
  /** Taxable amount (what arrived without its VAT) and the VAT posted to the ledger, micro-euros. */
  netMicros: bigint;
  vatMicros: bigint;
};

/**
 * The OSS return of a quarter ('2026-Q4'): the supplies taxed in another member state
 * (rule 'oss'), per member state and rate. A prepayment is taxed when it is received, so a
 * payment counts in the quarter it was paid; the VAT is what its deposit posting moved to
 * that country's VAT payable account (an underpaid crypto payment billed less), and the
 * taxable amount is what arrived without that VAT.
 */
export async function ossReturn(db: DbOrTx, quarter: string): Promise<OssReturnLine[]> {
  const { from, to } = quarterBounds(quarter);
  const rows = await db
    .select({
      country: payments.vatCountry,
      ratePercent: payments.vatPercent,
      payments: sql<number>`count(*)::int`,
      paid: sql<string>`coalesce(sum(${payments.paidMicros}), 0)::text`,
      vat: sql<string>`coalesce(sum(${ledgerTransfers.amountMicros}), 0)::text`,
    })
    .from(payments)
    .leftJoin(
      ledgerTransfers,
      and(
        eq(ledgerTransfers.reference, sql`'payment:' || ${payments.id}`),
        eq(ledgerTransfers.kind, 'deposit_vat'),
        isNull(ledgerTransfers.reversalOf),
      ),
    )
    .where(
      and(
        eq(payments.vatRule, 'oss'),
        eq(payments.status, 'paid'),
        gt(payments.creditedMicros, 0n),
        gte(payments.paidAt, from),
        lt(payments.paidAt, to),
      ),
    )
    .groupBy(payments.vatCountry, payments.vatPercent)
    .orderBy(asc(payments.vatCountry), asc(payments.vatPercent));
  return rows.map((r) => ({
    country: r.country ?? '',
    ratePercent: Number(r.ratePercent),
    payments: r.payments,
    netMicros: BigInt(r.paid) - BigInt(r.vat),
    vatMicros: BigInt(r.vat),
  }));
}

export const OSS_RETURN_HEADER = [
  'member_state',
  'country',
  'vat_rate_percent',
  'payments',
  'taxable_amount_eur',
  'vat_eur',
] as const;

/**
 * The return as CSV: one line per member state and rate, amounts in euros with 2 decimals; a
 * quarter without OSS sales says so in its one line ('No EU consumer sales in 2026-Q3.').
 */
export function ossReturnCsv(lines: readonly OssReturnLine[], quarter: string): string {
  const euros = (micros: bigint) => microsToEuros(micros).toFixed(2);
  if (lines.length === 0) return toCsv(OSS_RETURN_HEADER, [[OSS_MESSAGES.noSales(quarter), '', '', '', '', '']]);
  return toCsv(
    OSS_RETURN_HEADER,
    lines.map((l) => [
      l.country === 'GR' ? 'EL' : l.country,
      countryName(l.country),
      l.ratePercent,
      l.payments,
      euros(l.netMicros),
      euros(l.vatMicros),
    ]),
  );
}
