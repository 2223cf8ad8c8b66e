import { describe, expect, it } from 'vitest';
import { formatMicros } from '../../../lib/format';
import { basketItem } from '../testing/fixtures';
import { basketTotalMicros } from './basket';

/** The basket's total: prices added as micro-euros, never as floating-point euros. */
const priced = (...finalPrices: number[]) =>
  finalPrices.map((finalPrice, i) => basketItem(`l${i}`, { price: finalPrice, finalPrice }));

describe('basketTotalMicros', () => {
  it.each([
    { prices: [0.1, 0.2], micros: 300_000n, shown: '€0.30' },
    { prices: [0.1, 0.2, 0.3], micros: 600_000n, shown: '€0.60' },
    { prices: Array(10).fill(0.1), micros: 1_000_000n, shown: '€1.00' },
    { prices: [33.33, 33.33, 33.33], micros: 99_990_000n, shown: '€99.99' },
    { prices: [1.005, 2.675], micros: 3_680_000n, shown: '€3.68' },
    { prices: [9_999_999.99, 0.01], micros: 10_000_000_000_000n, shown: '€10,000,000.00' },
    // Amounts below the cent stay exact: three impressions' worth at a 0.20 CPM.
    { prices: [0.0002, 0.0002, 0.0002], micros: 600n, shown: '€0.00' },
  ])('adds $prices to exactly $micros micro-euros ($shown)', ({ prices, micros, shown }) => {
    const total = basketTotalMicros(priced(...prices));
    expect(total).toBe(micros);
    expect(formatMicros(total)).toBe(shown);
  });

  it('leaves out the items that can no longer be ordered, and is zero for an empty basket', () => {
    const items = [
      basketItem('a', { finalPrice: 0.1 }),
      basketItem('b', { finalPrice: 0.2, available: false }),
      basketItem('c', { finalPrice: 0.2 }),
    ];
    expect(basketTotalMicros(items)).toBe(300_000n);
    expect(basketTotalMicros([])).toBe(0n);
    expect(formatMicros(0n)).toBe('€0.00');
  });
});
