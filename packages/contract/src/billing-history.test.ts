import { describe, expect, it } from 'vitest';
import { BillingHistoryUniqueParamsSchema, historyUnique, parseHistoryUnique } from './billing-history';

describe('history uniques', () => {
  it('name a deposit, a payout or a credit note and read back', () => {
    for (const [source, id] of [
      ['deposit', 'pay_AbC123xyz'],
      ['payout', 12],
      ['credit', 4],
    ] as const) {
      const unique = historyUnique(source, id);
      expect(parseHistoryUnique(unique)).toEqual({ source, id: String(id) });
      expect(BillingHistoryUniqueParamsSchema.safeParse({ unique }).success).toBe(true);
    }
  });

  it.each(['invoice-1', 'deposit-', 'deposit-a/b', 'payout-1;drop', `deposit-${'x'.repeat(65)}`, 'DEPOSIT-1'])(
    'refuse %s',
    (unique) => {
      expect(parseHistoryUnique(unique)).toBeNull();
      expect(BillingHistoryUniqueParamsSchema.safeParse({ unique }).success).toBe(false);
    },
  );
});
