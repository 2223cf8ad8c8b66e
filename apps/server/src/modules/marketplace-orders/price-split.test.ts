import { describe, expect, it } from 'vitest';
import { eurosToMicros as e } from '@cryptads/contract/money';
import { splitPrice } from './price-split';

const sum = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);

describe('splitting a package price over its listings', () => {
  it('keeps the proportions of the listing prices and adds up exactly', () => {
    expect(splitPrice(e(500), [e(300), e(200), e(500)])).toEqual([e(150), e(100), e(250)]);
  });

  it('gives the cents left over to the largest remainders, in whole cents', () => {
    // 100 / 3 = 33.333...: one cent to the first listing (all remainders tie).
    const parts = splitPrice(e(100), [e(1), e(1), e(1)]);
    expect(parts).toEqual([e(33.34), e(33.33), e(33.33)]);
    expect(sum(parts)).toBe(e(100));
    // 1,000 cents over 1 : 2 : 4 = 142 6/7, 285 5/7, 571 3/7: 998 cents rounded down; the
    // two cents left go to the largest remainders, the first and the second listing.
    const uneven = splitPrice(e(10), [e(1), e(2), e(4)]);
    expect(uneven).toEqual([e(1.43), e(2.86), e(5.71)]);
    expect(sum(uneven)).toBe(e(10));
  });

  it('adds up for awkward prices and many listings', () => {
    const weights = [e(19.99), e(250), e(0.5), e(1234.56), e(77.77), e(3), e(999.99)];
    for (const total of [e(1), e(99.99), e(1500), e(12345.67)]) {
      const parts = splitPrice(total, weights);
      expect(sum(parts)).toBe(total);
      for (const p of parts) {
        expect(p % 10_000n).toBe(0n);
        expect(p > 0n).toBe(true);
      }
    }
  });

  it('gives every listing at least a cent', () => {
    const parts = splitPrice(e(0.05), [e(1000), e(0.01), e(0.01)]);
    expect(parts).toEqual([e(0.03), e(0.01), e(0.01)]);
  });

  it('splits a price that is not whole cents in micro-euros', () => {
    const parts = splitPrice(1_000_001n, [1n, 1n]);
    expect(parts).toEqual([500_001n, 500_000n]);
  });

  it('refuses what cannot be split', () => {
    expect(splitPrice(e(10), [])).toEqual([]);
    expect(() => splitPrice(e(0.01), [e(1), e(1)])).toThrow(RangeError);
    expect(() => splitPrice(e(10), [e(1), 0n])).toThrow(RangeError);
  });
});
