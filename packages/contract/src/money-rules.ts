/**
 * The product's money rules that combine money.ts's roundings into an amount someone is
 * charged or billed: a deposit's fee and VAT breakdown, and an invoice's totals. Pure and
 * zod-free, so the deposit screens show the same breakdown the server charges without loading a
 * schema; the messages modules and the invoice renderer only format what these answer.
 */
import type { VatTreatment } from './billing-messages';
import { depositFeeOf, invoiceLineAmount, invoiceVatOf, MICROS_PER_CENT, vatOnNet } from './money';

// ---------------------------------------------------------------- deposits

/** Fee percentages (docs/product/limits.md#our-choices: configuration; crypto 1 %, card 0 %). */
export type DepositFees = { cryptoProcessingFeePercent: number; cardFeePercent: number };
export const DEFAULT_DEPOSIT_FEES: DepositFees = { cryptoProcessingFeePercent: 1, cardFeePercent: 0 };

export type DepositBreakdown = {
  /** What the balance is credited with. */
  amountMicros: bigint;
  feePercent: number;
  feeMicros: bigint;
  vatPercent: number;
  vatMicros: bigint;
  /** What the payment provider charges: amount + fee + VAT. */
  totalMicros: bigint;
};

/**
 * The cost breakdown of a deposit (docs/product/billing.md#deposits): crypto adds the processing fee and VAT on
 * the amount and on the fee; card adds its fee (0 % by default) and VAT; a reverse-charge
 * customer pays no VAT. Each part is rounded up to the cent on its own, so that the parts
 * an invoice lists add up to the total charged. The amount must be whole cents.
 */
export function depositBreakdown(input: {
  amountMicros: bigint;
  method: 'crypto' | 'card';
  vatRatePercent: number;
  reverseCharge: boolean;
  fees?: DepositFees;
}): DepositBreakdown {
  const { amountMicros, method } = input;
  if (amountMicros < 0n || amountMicros % MICROS_PER_CENT !== 0n)
    throw new RangeError('A deposit amount must be a non-negative number of whole cents');
  const fees = input.fees ?? DEFAULT_DEPOSIT_FEES;
  const feePercent = method === 'crypto' ? fees.cryptoProcessingFeePercent : fees.cardFeePercent;
  const vatPercent = input.reverseCharge ? 0 : input.vatRatePercent;
  const feeMicros = depositFeeOf(amountMicros, feePercent);
  const vatMicros = vatOnNet(amountMicros + feeMicros, vatPercent);
  return {
    amountMicros,
    feePercent,
    feeMicros,
    vatPercent,
    vatMicros,
    totalMicros: amountMicros + feeMicros + vatMicros,
  };
}

// ---------------------------------------------------------------- invoices

/** What an invoice's totals are computed from: its lines and its VAT (docs/decisions/016, 035). */
export type InvoiceAmounts = {
  lines: readonly { quantity: number; unitMicros: bigint }[];
  vat: {
    treatment: VatTreatment;
    /** The rate charged under 'standard'; 0 % otherwise. */
    ratePercent: number;
    /** The VAT actually charged (a deposit breakdown's, rounded up); computed from the net when absent. */
    amountMicros?: bigint | null;
  };
};

/**
 * An invoice's totals: the net is the sum of its lines (each quantity × unit price, rounded
 * half up to the cent); the VAT is what was charged when the invoice says so, else the rate of
 * the net rounded half up to the cent, and none unless the treatment is 'standard'.
 */
export function invoiceTotals(data: InvoiceAmounts) {
  const netMicros = data.lines.reduce((sum, line) => sum + invoiceLineAmount(line.unitMicros, line.quantity), 0n);
  const standard = data.vat.treatment === 'standard';
  const ratePercent = standard ? data.vat.ratePercent : 0;
  const vatMicros = standard ? (data.vat.amountMicros ?? invoiceVatOf(netMicros, ratePercent)) : 0n;
  return { netMicros, ratePercent, vatMicros, totalMicros: netMicros + vatMicros };
}
