import { checkLedger, formatLedgerCheck } from '../../modules/ledger/check';
import type { OperatorCommand } from '../types';

export const ledgerCommands: Record<string, OperatorCommand> = {
  check: {
    args: '',
    help: 'verify the ledger: accounts sum to zero, cached balances, no negative user account, both legs, holds; exits 1 on a violation',
    async run(ctx) {
      const result = await checkLedger(ctx.db);
      const report = formatLedgerCheck(result);
      // A thrown message is printed and the command exits with code 1.
      if (!result.ok) throw new Error(report);
      return report;
    },
  },
};
