import { describe, expect, it } from 'vitest';
import { finalPriceMicros } from './marketplace-messages';
import { eurosToMicros as e } from './money';

describe('the price a buyer pays for a listing', () => {
  it('is the price less the discount, rounded half up to the cent', () => {
    expect(finalPriceMicros(e(100), 0)).toBe(e(100));
    expect(finalPriceMicros(e(99.99), 15)).toBe(e(84.99)); // 84.9915
    expect(finalPriceMicros(e(0.05), 10)).toBe(e(0.05)); // 0.045 -> 0.05
    expect(finalPriceMicros(e(0.05), 50)).toBe(e(0.03)); // 0.025 -> 0.03
    expect(finalPriceMicros(e(1234.57), 90)).toBe(e(123.46)); // 123.457
  });

  it('is always whole cents, even from a price in micro-euros', () => {
    expect(finalPriceMicros(1_234_567n, 0)).toBe(e(1.23));
    expect(finalPriceMicros(1_235_000n, 0)).toBe(e(1.24));
  });
});
