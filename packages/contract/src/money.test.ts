import { describe, expect, it } from 'vitest';
import {
  DECIMAL_AMOUNT_PATTERN,
  decimalToMicros,
  EXACT_EUROS_LIMIT_MICROS,
  eurosToMicros,
  formatEuros,
  MICROS_PER_EURO,
  microsToDecimal,
  microsToEuros,
  microsToExactEuros,
  sumMicros,
} from './money';

describe('eurosToMicros', () => {
  it('converts whole and decimal euros to micro-euros', () => {
    expect(eurosToMicros(0)).toBe(0n);
    expect(eurosToMicros(1)).toBe(MICROS_PER_EURO);
    expect(eurosToMicros(12.34)).toBe(12_340_000n);
    expect(eurosToMicros(200_000)).toBe(200_000_000_000n);
  });

  it('keeps one impression at a 0.20 CPM exact (0.0002 €)', () => {
    expect(eurosToMicros(0.0002)).toBe(200n);
    expect(eurosToMicros(0.2 / 1000)).toBe(200n);
    expect(eurosToMicros(0.000001)).toBe(1n);
  });

  it('is not fooled by binary floating-point noise', () => {
    expect(eurosToMicros(0.1 + 0.2)).toBe(300_000n);
    expect(eurosToMicros(1.005)).toBe(1_005_000n);
  });

  it('converts negative amounts symmetrically', () => {
    expect(eurosToMicros(-12.34)).toBe(-12_340_000n);
    expect(eurosToMicros(-0.0002)).toBe(-200n);
  });

  it('refuses amounts that are not finite numbers', () => {
    expect(() => eurosToMicros(Number.NaN)).toThrow(RangeError);
    expect(() => eurosToMicros(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('microsToEuros', () => {
  it('rounds to 2 decimals for display by default', () => {
    expect(microsToEuros(12_344_999n)).toBe(12.34);
    expect(microsToEuros(0n)).toBe(0);
  });

  it('rounds half away from zero', () => {
    expect(microsToEuros(12_345_000n)).toBe(12.35);
    expect(microsToEuros(5_000n)).toBe(0.01);
    expect(microsToEuros(4_999n)).toBe(0);
    expect(microsToEuros(-12_345_000n)).toBe(-12.35);
    expect(microsToEuros(-5_000n)).toBe(-0.01);
  });

  it('keeps 3 decimals for prices and more when asked', () => {
    expect(microsToEuros(1_234_500n, 3)).toBe(1.235);
    expect(microsToEuros(200n, 4)).toBe(0.0002);
    expect(microsToEuros(200n, 6)).toBe(0.0002);
  });

  it('round-trips every amount of at most 2 decimals', () => {
    for (const euros of [0.01, 0.1, 0.29, 1.15, 99.99, 4999.95, 123456.78]) {
      expect(microsToEuros(eurosToMicros(euros))).toBe(euros);
      expect(microsToEuros(eurosToMicros(-euros))).toBe(-euros);
    }
  });

  it('never answers a negative zero for a tiny negative amount', () => {
    expect(Object.is(microsToEuros(-1n), 0)).toBe(true);
    expect(formatEuros(microsToEuros(-4_999n))).toBe('€0.00');
  });
});

describe('formatEuros', () => {
  it('formats euros in en-GB with 2 decimals and thousands separators', () => {
    expect(formatEuros(1234.5)).toBe('€1,234.50');
    expect(formatEuros(0)).toBe('€0.00');
    expect(formatEuros(1_000_000)).toBe('€1,000,000.00');
  });

  it('puts the minus sign before the euro sign', () => {
    expect(formatEuros(-3.2)).toBe('-€3.20');
  });

  it('shows the asked number of decimals', () => {
    expect(formatEuros(0.2, 3)).toBe('€0.200');
    expect(formatEuros(12, 0)).toBe('€12');
  });

  it('rounds to the shown decimals', () => {
    expect(formatEuros(2.345)).toBe('€2.35');
  });
});

describe('microsToDecimal (the public API and the webhooks)', () => {
  it.each([
    [0n, '0.00'],
    [1n, '0.000001'],
    [200n, '0.0002'],
    [10_000n, '0.01'],
    [25_000_000n, '25.00'],
    [25_500_000n, '25.50'],
    [2_499_957_250n, '2499.95725'],
    [-743_486_000n, '-743.486'],
    [-200n, '-0.0002'],
    [123_456_789_012_345_678n, '123456789012.345678'],
  ])('writes %s µ€ as %s', (micros, text) => {
    expect(microsToDecimal(micros)).toBe(text);
    expect(text).toMatch(new RegExp(DECIMAL_AMOUNT_PATTERN));
    // And reads it back exactly.
    expect(decimalToMicros(text)).toBe(micros);
  });
});

describe('decimalToMicros', () => {
  it('reads whole euros and 1 to 6 decimals exactly', () => {
    expect(decimalToMicros('25')).toBe(25_000_000n);
    expect(decimalToMicros('25.5')).toBe(25_500_000n);
    expect(decimalToMicros('0.000001')).toBe(1n);
    expect(decimalToMicros('-0.1')).toBe(-100_000n);
    expect(decimalToMicros('9007199254.740993')).toBe(9_007_199_254_740_993n);
  });

  it('names the problem of anything else', () => {
    expect(decimalToMicros('0.1234567')).toBe('precision');
    for (const wrong of [0.1, 25, '1e3', '1,50', ' 1.50', '1.', '.5', '+1', '€1', '', null, undefined, '0x10'])
      expect(decimalToMicros(wrong)).toBe('format');
  });

  it('agrees with eurosToMicros for every 6-decimal amount a form may send (under a billion euros)', () => {
    for (const micros of [1n, 200n, 300_000n, 1_005_000n, 2_499_957_250n, EXACT_EUROS_LIMIT_MICROS - 1n]) {
      const euros = microsToExactEuros(micros);
      expect(eurosToMicros(euros)).toBe(micros);
      expect(decimalToMicros(String(euros))).toBe(micros);
    }
  });
});

describe('sumMicros', () => {
  it('adds amounts as integers', () => {
    expect(sumMicros([100_000n, 200_000n])).toBe(300_000n);
    expect(sumMicros([])).toBe(0n);
  });
});
