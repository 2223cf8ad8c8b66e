import { currentQuarter } from '@cryptads/contract/tax-messages';
import { VatQuarterSchema } from '@cryptads/contract/vat';
import { ossReturn, ossReturnCsv } from '../../modules/tax/tax.service';
import type { OperatorCommand } from '../types';

export const vatCommands: Record<string, OperatorCommand> = {
  'oss-return': {
    args: '[YYYY-Qn]',
    help: 'print the One-Stop Shop return of a quarter (default: the current one) as CSV: VAT per member state and rate',
    async run(ctx, [quarter]) {
      const parsed = VatQuarterSchema.safeParse(quarter ?? currentQuarter());
      if (!parsed.success) throw new Error('Give a quarter as YYYY-Qn, e.g. 2026-Q4.');
      return ossReturnCsv(await ossReturn(ctx.db, parsed.data), parsed.data);
    },
  },
};
