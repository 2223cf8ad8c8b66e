import { describe, expect, it } from 'vitest';
import { eurosToMicros, microsToEuros } from './money';
import { depositBreakdown, invoiceTotals } from './money-rules';

const euros = (breakdown: ReturnType<typeof depositBreakdown>) => ({
  amount: microsToEuros(breakdown.amountMicros),
  fee: microsToEuros(breakdown.feeMicros),
  vat: microsToEuros(breakdown.vatMicros),
  total: microsToEuros(breakdown.totalMicros),
});

describe('deposit cost breakdown', () => {
  it('adds the 1 % processing fee and VAT on amount and fee to a crypto deposit', () => {
    const b = depositBreakdown({
      amountMicros: eurosToMicros(100),
      method: 'crypto',
      vatRatePercent: 19,
      reverseCharge: false,
    });
    expect(euros(b)).toEqual({ amount: 100, fee: 1, vat: 19.19, total: 120.19 });
    expect(b.feePercent).toBe(1);
    expect(b.vatPercent).toBe(19);
  });

  it('rounds the fee and the VAT up to the next cent', () => {
    // fee 1.2345 -> 1.24; VAT 19 % of 124.69 = 23.6911 -> 23.70
    const b = depositBreakdown({
      amountMicros: eurosToMicros(123.45),
      method: 'crypto',
      vatRatePercent: 19,
      reverseCharge: false,
    });
    expect(euros(b)).toEqual({ amount: 123.45, fee: 1.24, vat: 23.7, total: 148.39 });
    // 8.1 % of 333.33 = 26.99973 -> 27.00
    const card = depositBreakdown({
      amountMicros: eurosToMicros(333.33),
      method: 'card',
      vatRatePercent: 8.1,
      reverseCharge: false,
    });
    expect(euros(card)).toEqual({ amount: 333.33, fee: 0, vat: 27, total: 360.33 });
  });

  it('adds only VAT to a card deposit, at fractional rates too', () => {
    const b = depositBreakdown({
      amountMicros: eurosToMicros(150),
      method: 'card',
      vatRatePercent: 25.5,
      reverseCharge: false,
    });
    expect(euros(b)).toEqual({ amount: 150, fee: 0, vat: 38.25, total: 188.25 });
  });

  it('charges no VAT to a reverse-charge customer, but still the crypto fee', () => {
    const b = depositBreakdown({
      amountMicros: eurosToMicros(100),
      method: 'crypto',
      vatRatePercent: 21,
      reverseCharge: true,
    });
    expect(euros(b)).toEqual({ amount: 100, fee: 1, vat: 0, total: 101 });
    expect(b.vatPercent).toBe(0);
  });

  it('takes the fee percentages from configuration', () => {
    const fees = { cryptoProcessingFeePercent: 0.5, cardFeePercent: 2.9 };
    const crypto = depositBreakdown({
      amountMicros: eurosToMicros(1000),
      method: 'crypto',
      vatRatePercent: 0,
      reverseCharge: false,
      fees,
    });
    const card = depositBreakdown({
      amountMicros: eurosToMicros(1000),
      method: 'card',
      vatRatePercent: 0,
      reverseCharge: false,
      fees,
    });
    expect(euros(crypto).fee).toBe(5);
    expect(euros(card).fee).toBe(29);
  });

  it('keeps every part exact at the largest crypto deposit', () => {
    const b = depositBreakdown({
      amountMicros: eurosToMicros(200_000),
      method: 'crypto',
      vatRatePercent: 23,
      reverseCharge: false,
    });
    expect(b.totalMicros).toBe(b.amountMicros + b.feeMicros + b.vatMicros);
    expect(euros(b)).toEqual({ amount: 200_000, fee: 2000, vat: 46_460, total: 248_460 });
  });

  it('refuses an amount that is not whole cents', () => {
    expect(() =>
      depositBreakdown({ amountMicros: 100_000_001n, method: 'card', vatRatePercent: 0, reverseCharge: false }),
    ).toThrow(RangeError);
  });
});

describe('invoice totals', () => {
  it('rounds each line half up to the cent and computes the VAT when not given', () => {
    const totals = invoiceTotals({
      lines: [
        { quantity: 3, unitMicros: 333_335n },
        { quantity: 1, unitMicros: eurosToMicros(10) },
      ],
      vat: { treatment: 'standard', ratePercent: 19 },
    });
    // 3 x 0.333335 = 1.000005 -> 1.00; net 11.00; VAT 2.09.
    expect(totals).toEqual({
      netMicros: eurosToMicros(11),
      ratePercent: 19,
      vatMicros: eurosToMicros(2.09),
      totalMicros: eurosToMicros(13.09),
    });
  });

  it('bills the VAT that was charged when it is given, not one computed again from the net', () => {
    // A deposit of 100.01 at 19 %: its breakdown charged 19.01 (rounded up); half up would be 19.00.
    const charged = depositBreakdown({
      amountMicros: eurosToMicros(100.01),
      method: 'card',
      vatRatePercent: 19,
      reverseCharge: false,
    });
    const totals = invoiceTotals({
      lines: [{ quantity: 1, unitMicros: charged.amountMicros }],
      vat: { treatment: 'standard', ratePercent: 19, amountMicros: charged.vatMicros },
    });
    expect(totals).toEqual({
      netMicros: eurosToMicros(100.01),
      ratePercent: 19,
      vatMicros: eurosToMicros(19.01),
      totalMicros: charged.totalMicros,
    });
  });

  it('charges no VAT under reverse charge or outside the EU, whatever the rate', () => {
    const lines = [{ quantity: 1, unitMicros: eurosToMicros(100) }];
    for (const treatment of ['reverse_charge', 'outside_scope'] as const)
      expect(invoiceTotals({ lines, vat: { treatment, ratePercent: 21, amountMicros: 5n } })).toMatchObject({
        ratePercent: 0,
        vatMicros: 0n,
        totalMicros: eurosToMicros(100),
      });
  });
});
