import {
  markStatementLineHandled,
  matchStatementLine,
  statementLineAmount,
} from '../../modules/bank-statements/statement-resolution';
import type { OperatorCommand } from '../types';

/** Waiting bank statement lines (docs/product/billing.md#bank-statements): what an operator decides. */
export const bankStatementCommands: Record<string, OperatorCommand> = {
  match: {
    args: '<line id> <deposit id>',
    help: 'credit a waiting statement line to the pending bank deposit whose total it is exactly',
    // Two-operator rule (docs/decisions/032): the amount the line credits.
    amount: (ctx, [lineId]) => statementLineAmount(ctx, lineId),
    run: (ctx, [lineId, paymentId]) => matchStatementLine(ctx, lineId, paymentId),
  },
  handled: {
    args: '<line id> <note...>',
    help: 'mark a waiting statement line as handled outside (returned, credited by hand), with a note',
    run: (ctx, [lineId, ...note]) => markStatementLineHandled(ctx, lineId, note.join(' ')),
  },
};
