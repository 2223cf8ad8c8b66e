import { expireBankDeposits } from '../modules/payments/bank-deposits';
import type { Job } from './runner';

/**
 * Announced bank deposits that no statement line matched expire after BANK_DEPOSIT_EXPIRY_DAYS
 * (docs/decisions/041). Hourly, one server process at a time; a deposit expires within an hour
 * of its deadline.
 */
export const bankDepositExpiryJob: Job = {
  name: 'bank-deposit-expiry',
  everyMs: 60 * 60_000,
  async run(ctx) {
    await expireBankDeposits(ctx.db, ctx.config.payments.bankDepositExpiryDays);
  },
};
