import { describe, expect, it } from 'vitest';
import {
  chargedAmountOf,
  commissionOf,
  depositFeeOf,
  invoiceLineAmount,
  invoiceVatOf,
  paidShareOf,
  payoutAmountOf,
  splitGrossOfVat,
  vatOnNet,
} from './money';

describe('rounding rules', () => {
  it('vatOnNet and depositFeeOf round up to the cent, never below the rate', () => {
    expect(vatOnNet(100_000_000n, 23)).toBe(23_000_000n);
    // 23 % of 0.01 € is 0.0023 €: one cent.
    expect(vatOnNet(10_000n, 23)).toBe(10_000n);
    // 23 % of 101.00 € is 23.23 € exactly; one micro-euro more rounds up a cent.
    expect(vatOnNet(101_000_000n, 23)).toBe(23_230_000n);
    expect(vatOnNet(101_000_001n, 23)).toBe(23_240_000n);
    expect(vatOnNet(0n, 23)).toBe(0n);
    expect(depositFeeOf(100_500_000n, 1)).toBe(1_010_000n);
    expect(depositFeeOf(100_000_000n, 0)).toBe(0n);
    expect(() => vatOnNet(-1n, 23)).toThrow(RangeError);
    expect(() => depositFeeOf(1n, 101)).toThrow(RangeError);
  });

  it('invoiceVatOf and invoiceLineAmount round half up to the cent', () => {
    // 21 % of 0.10 € = 0.021 €: down; of 0.50 € = 0.105 €: up.
    expect(invoiceVatOf(100_000n, 21)).toBe(20_000n);
    expect(invoiceVatOf(500_000n, 21)).toBe(110_000n);
    expect(invoiceVatOf(-500_000n, 21)).toBe(-110_000n);
    expect(invoiceLineAmount(1_005_000n, 1)).toBe(1_010_000n);
    expect(invoiceLineAmount(1_004_999n, 1)).toBe(1_000_000n);
    expect(invoiceLineAmount(10_000n, 1.5)).toBe(20_000n);
    expect(invoiceLineAmount(-1_005_000n, 1)).toBe(-1_010_000n);
  });

  it('commissionOf rounds half up to the micro-euro', () => {
    expect(commissionOf(100_000_000n, 20)).toBe(20_000_000n);
    expect(commissionOf(5n, 10)).toBe(1n);
    expect(commissionOf(4n, 10)).toBe(0n);
    expect(commissionOf(33_330_000n, 12.5)).toBe(4_166_250n);
    expect(commissionOf(7n, 100)).toBe(7n);
    expect(() => commissionOf(-1n, 10)).toThrow(RangeError);
    expect(() => commissionOf(1n, 100.01)).toThrow(RangeError);
  });

  it('payoutAmountOf moves whole cents, rounding down, and nothing from an empty balance', () => {
    expect(payoutAmountOf(50_000_000n)).toBe(50_000_000n);
    expect(payoutAmountOf(50_009_999n)).toBe(50_000_000n);
    expect(payoutAmountOf(50_010_000n)).toBe(50_010_000n);
    expect(payoutAmountOf(9_999n)).toBe(0n);
    expect(payoutAmountOf(-10_000n)).toBe(0n);
  });

  it('paidShareOf rounds down to the cent and never exceeds the amount', () => {
    expect(paidShareOf(100_000_000n, 111_800_000n, 124_230_000n)).toBe(89_990_000n);
    expect(paidShareOf(100_000_000n, 124_230_000n, 124_230_000n)).toBe(100_000_000n);
    expect(paidShareOf(100_000_000n, 1n, 124_230_000n)).toBe(0n);
    expect(paidShareOf(100_000_000n, 0n, 124_230_000n)).toBe(0n);
    expect(paidShareOf(100_000_000n, 5n, 0n)).toBe(0n);
  });

  it('chargedAmountOf rounds up to the cent', () => {
    expect(chargedAmountOf(33_333_333n)).toBe(33_340_000n);
    expect(chargedAmountOf(33_330_000n)).toBe(33_330_000n);
    expect(chargedAmountOf(1n)).toBe(10_000n);
  });

  it('splitGrossOfVat keeps net + VAT (rounded up) within what arrived, to the micro-euro', () => {
    expect(splitGrossOfVat(123_000_000n, 23)).toEqual({ amountMicros: 100_000_000n, vatMicros: 23_000_000n });
    const odd = splitGrossOfVat(123_010_000n, 23);
    expect(odd.amountMicros + odd.vatMicros).toBe(123_010_000n);
    expect(odd.amountMicros % 10_000n).toBe(0n);
    expect(odd.amountMicros + vatOnNet(odd.amountMicros, 23)).toBeLessThanOrEqual(123_010_000n);
    expect(splitGrossOfVat(50_000_000n, 0)).toEqual({ amountMicros: 50_000_000n, vatMicros: 0n });
  });
});
