/**
 * One line of a bank statement as the importer reads it, whatever the file's format
 * (camt.053 XML or our CSV): credits to match, debits to count and ignore.
 */
export type StatementLine = {
  /** The bank's id of the entry: what makes a second import of the same line change nothing. */
  bankEntryId: string;
  /** YYYY-MM-DD. */
  bookedOn: string;
  direction: 'credit' | 'debit';
  /** Always positive; `direction` says which way. */
  amountMicros: bigint;
  currency: string;
  /** What the payer wrote: unstructured remittance, or the structured creditor reference. */
  remittance: string | null;
};

/** A statement the importer refuses as a whole, with the sentence the operator reads. */
export class StatementError extends Error {}

/** '1234.5' -> 1234500000n micro-euros, exactly (no floating point); null when it is not a plain decimal. */
export function decimalToMicros(text: string): bigint | null {
  const match = /^(\d{1,12})(?:[.,](\d{1,6}))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0'));
}

/** 'DEP7K3M9Q2X' in what the payer wrote ('Invoice dep-7k3m 9q2x, thanks'), or null. */
export function depositReferenceIn(remittance: string | null): string | null {
  if (!remittance) return null;
  const squeezed = remittance.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return /DEP[0-9A-HJKMNP-TV-Z]{8}/.exec(squeezed)?.[0] ?? null;
}
