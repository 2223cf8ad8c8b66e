import { describe, expect, it } from 'vitest';
import { commissionPercentFor, splitSale } from './commission';

describe('sharing a completed item’s price', () => {
  it('takes the commission rounded half up to the micro-euro and gives the seller the exact rest', () => {
    expect(splitSale(100_000_000n, 20)).toEqual({ sellerMicros: 80_000_000n, commissionMicros: 20_000_000n });
    // 33.33 € at 20 %: 6.666 € exactly; at 12.5 %: 4.16625 €.
    expect(splitSale(33_330_000n, 20)).toEqual({ sellerMicros: 26_664_000n, commissionMicros: 6_666_000n });
    expect(splitSale(33_330_000n, 12.5)).toEqual({ sellerMicros: 29_163_750n, commissionMicros: 4_166_250n });
    // 0.000005 € at 10 % = 0.5 µ€: half up to 1 µ€.
    expect(splitSale(5n, 10)).toEqual({ sellerMicros: 4n, commissionMicros: 1n });
    expect(splitSale(4n, 10)).toEqual({ sellerMicros: 4n, commissionMicros: 0n });
  });

  it('always adds up to the price', () => {
    for (const price of [1n, 7n, 999_999n, 12_345_678n, 99_990_000n])
      for (const percent of [0, 0.01, 12.5, 20, 33.33, 99.99, 100]) {
        const { sellerMicros, commissionMicros } = splitSale(price, percent);
        expect(sellerMicros + commissionMicros).toBe(price);
        expect(sellerMicros >= 0n && commissionMicros >= 0n).toBe(true);
      }
  });

  it('keeps the percent fixed at payment, else today’s rule (100 % for the network’s own listings)', () => {
    expect(commissionPercentFor({ sellerId: 5, commissionPercent: 15 }, 20)).toBe(15);
    expect(commissionPercentFor({ sellerId: 5, commissionPercent: null }, 20)).toBe(20);
    expect(commissionPercentFor({ sellerId: null, commissionPercent: null }, 20)).toBe(100);
  });
});
