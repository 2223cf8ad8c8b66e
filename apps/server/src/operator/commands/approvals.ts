import { formatEuros, microsToEuros } from '@cryptads/contract/money';
import { type ApprovalStatus, listApprovals } from '../../modules/audit/audit.service';
import type { OperatorCommand } from '../types';

const STATUSES: readonly ApprovalStatus[] = ['pending', 'approved', 'rejected'];

/**
 * Money actions waiting for a second operator (docs/decisions/032). The command line may list
 * them; only an operator in the back office may approve or reject one.
 */
export const approvalCommands: Record<string, OperatorCommand> = {
  list: {
    args: '[pending|approved|rejected]',
    help: 'list approval requests (pending ones by default); they are decided in the back office',
    async run(ctx, [status = 'pending']) {
      if (!STATUSES.includes(status as ApprovalStatus)) throw new Error('Give pending, approved or rejected.');
      const { items, total } = await listApprovals(ctx.db, {
        status: status as ApprovalStatus,
        page: 1,
        pageSize: 100,
      });
      if (items.length === 0) return `No ${status} approvals.`;
      const lines = items.map(
        (a) =>
          `#${a.id} ${a.domain} ${a.action} ${a.args.join(' ')} (${formatEuros(microsToEuros(a.amountMicros))}) requested by ${a.requestedByEmail ?? 'the command line'} at ${a.requestedAt.toISOString()}${a.status === 'pending' ? '' : ` ${a.status} by ${a.decidedByEmail ?? '?'}`}`,
      );
      return total > items.length ? `${lines.join('\n')}\n… ${total - items.length} more.` : lines.join('\n');
    },
  },
};
