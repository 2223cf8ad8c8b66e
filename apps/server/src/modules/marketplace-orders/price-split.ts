/**
 * Splits a package's price over its listings so that the items add up to exactly that price
 * (docs/decisions/018): each listing gets the share its own price has of the listings' sum,
 * counted in whole cents (each item is paid and refunded on its own, so each stays a whole
 * number of cents), and the cents that rounding down leaves over go, one each, to the largest
 * remainders (Hamilton's largest-remainder method; ties to the earlier listing). A price that
 * is not whole cents is split in micro-euros the same way. Every item gets at least one unit:
 * one whose share rounds to nothing takes a unit from the largest item.
 */
export function splitPrice(totalMicros: bigint, weights: readonly bigint[]): bigint[] {
  const n = weights.length;
  if (n === 0) return [];
  if (weights.some((w) => w <= 0n)) throw new RangeError('each listing weighs more than zero');
  const unit = totalMicros % 10_000n === 0n ? 10_000n : 1n;
  const units = totalMicros / unit;
  if (units < BigInt(n)) throw new RangeError('the price is too small to give every listing a part');
  const sum = weights.reduce((a, b) => a + b, 0n);
  const parts = weights.map((w) => (units * w) / sum);
  const remainders = weights.map((w, i) => ({ i, r: (units * w) % sum }));
  let left = units - parts.reduce((a, b) => a + b, 0n);
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0n) break;
    parts[i] = (parts[i] ?? 0n) + 1n;
    left--;
  }
  for (let i = 0; i < n; i++) {
    if (parts[i] !== 0n) continue;
    let largest = 0;
    for (let j = 1; j < n; j++) if ((parts[j] ?? 0n) > (parts[largest] ?? 0n)) largest = j;
    parts[largest] = (parts[largest] ?? 0n) - 1n;
    parts[i] = 1n;
  }
  return parts.map((p) => p * unit);
}
