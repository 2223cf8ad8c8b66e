import { formatEuros, microsToEuros } from '@cryptads/contract/money';

/** A micro-euro amount as the API sends it (a string of an integer) to '€1,234.50'. */
export function formatMicros(micros: string | null | undefined): string {
  if (micros === null || micros === undefined || !/^-?\d+$/.test(micros)) return '—';
  return formatEuros(microsToEuros(BigInt(micros)));
}
