import { eurosToMicros } from '@cryptads/contract/money';
import { describe, expect, it } from 'vitest';
import {
  canMovePayment,
  creditForPayment,
  FINAL_PAYMENT_STATUSES,
  PAYMENT_STATUSES,
  type PaymentStatus,
  paymentStatusCode,
  transitionPayment,
} from './payment-state';

/** Applies provider statuses in arrival order, as the service does under the payment's lock. */
function replay(statuses: PaymentStatus[]) {
  let status: PaymentStatus = 'created';
  let credits = 0;
  const conflicts: string[] = [];
  for (const incoming of statuses) {
    const t = transitionPayment(status, incoming);
    if (t.kind === 'moved') {
      status = t.to;
      if (t.to === 'paid') credits++;
    }
    if (t.kind === 'conflict') conflicts.push(`${t.status}<-${t.incoming}${t.needsReview ? ' (review)' : ''}`);
  }
  return { status, credits, conflicts };
}

describe('payment state machine', () => {
  it('moves created -> pending -> paid and credits once', () => {
    expect(replay(['pending', 'paid'])).toEqual({ status: 'paid', credits: 1, conflicts: [] });
  });

  it('goes straight to paid when the provider skips pending', () => {
    expect(transitionPayment('created', 'paid')).toEqual({ kind: 'moved', from: 'created', to: 'paid' });
  });

  it('credits a repeated paid event only once', () => {
    expect(replay(['paid', 'paid', 'paid'])).toEqual({ status: 'paid', credits: 1, conflicts: [] });
  });

  it('never moves back: a late pending or created changes nothing', () => {
    expect(transitionPayment('pending', 'created')).toEqual({
      kind: 'ignored',
      status: 'pending',
      incoming: 'created',
    });
    expect(replay(['paid', 'pending'])).toEqual({ status: 'paid', credits: 1, conflicts: [] });
  });

  it('keeps paid when a late expired arrives', () => {
    expect(transitionPayment('paid', 'expired')).toEqual({
      kind: 'conflict',
      status: 'paid',
      incoming: 'expired',
      needsReview: false,
    });
    expect(replay(['paid', 'expired', 'canceled'])).toEqual({
      status: 'paid',
      credits: 1,
      conflicts: ['paid<-expired', 'paid<-canceled'],
    });
  });

  it('does not credit money reported after the payment expired, and asks for a review', () => {
    expect(replay(['pending', 'expired', 'paid'])).toEqual({
      status: 'expired',
      credits: 0,
      conflicts: ['expired<-paid (review)'],
    });
  });

  it('leaves no final state, whatever arrives', () => {
    for (const from of FINAL_PAYMENT_STATUSES)
      for (const to of PAYMENT_STATUSES) {
        expect(canMovePayment(from, to)).toBe(false);
        expect(transitionPayment(from, to).kind).not.toBe('moved');
      }
  });

  it('reaches every final state from created and from pending', () => {
    for (const to of FINAL_PAYMENT_STATUSES) {
      expect(canMovePayment('created', to)).toBe(true);
      expect(canMovePayment('pending', to)).toBe(true);
    }
    expect(canMovePayment('created', 'created')).toBe(false);
    expect(canMovePayment('pending', 'pending')).toBe(false);
  });

  it.each([
    ['created', 0],
    ['pending', 2],
    ['paid', 1],
    ['expired', 3],
    ['canceled', 3],
    ['failed', 4],
  ] as const)('shows %s as payment status code %i', (status, code) => {
    expect(paymentStatusCode(status)).toBe(code);
  });
});

describe('credit for a paid deposit', () => {
  const amountMicros = eurosToMicros(150);
  const totalMicros = eurosToMicros(181.5);

  it('credits the whole amount when the total arrived', () => {
    expect(creditForPayment({ amountMicros, totalMicros, paidMicros: totalMicros })).toBe(amountMicros);
  });

  it('credits the same share of what arrived when more arrived, rounded down to the cent', () => {
    // 200.00 of 181.50: 150 x 200 / 181.5 = 165.289... -> 165.28
    expect(creditForPayment({ amountMicros, totalMicros, paidMicros: eurosToMicros(200) })).toBe(eurosToMicros(165.28));
  });

  it('credits the share of the amount that arrived, rounded down to the cent', () => {
    // 90 % of 181.50 arrived: 163.35 of 181.50, so 135.00 of the 150.00 amount.
    expect(creditForPayment({ amountMicros, totalMicros, paidMicros: eurosToMicros(163.35) })).toBe(eurosToMicros(135));
    // 100.01 of 181.50 -> 82.652... -> 82.65
    expect(creditForPayment({ amountMicros, totalMicros, paidMicros: eurosToMicros(100.01) })).toBe(
      eurosToMicros(82.65),
    );
  });

  it('credits nothing when nothing arrived', () => {
    expect(creditForPayment({ amountMicros, totalMicros, paidMicros: 0n })).toBe(0n);
  });
});
