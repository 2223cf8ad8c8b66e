import { formatEuros, microsToEuros } from '@cryptads/contract/money';

/** A micro-euro string of the API (bigint-safe) as euros for people; '—' when absent. */
export function formatMicros(micros: string | null | undefined): string {
  if (micros == null || !/^-?\d+$/.test(micros)) return '—';
  return formatEuros(microsToEuros(BigInt(micros)));
}
