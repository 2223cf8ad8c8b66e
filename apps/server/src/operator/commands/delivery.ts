import { listDeadLetters, retryAllDeadLetters, retryDeadLetter } from '../../modules/delivery/dead-letter';
import type { OperatorCommand } from '../types';

/** Dead letters of the delivery stream (docs/decisions/028-durable-delivery-events.md). */
export const deliveryCommands: Record<string, OperatorCommand> = {
  'dead-letters': {
    args: '[limit]',
    help: 'events the recorder refused on their own after every retry: id, attempts, last failure, error, event',
    async run(ctx, args) {
      const limit = args[0] === undefined ? 100 : Number(args[0]);
      if (!Number.isInteger(limit) || limit < 1 || limit > 10_000)
        throw new Error('limit must be a whole number from 1 to 10000');
      const rows = await listDeadLetters(ctx.db, limit);
      if (!rows.length) return 'no dead letters';
      return rows
        .map(
          (r) =>
            `#${r.id}  attempts ${r.attempts}  first ${r.firstFailedAt.toISOString()}  last ${r.lastFailedAt.toISOString()}\n` +
            `  error: ${r.error}\n  event: ${JSON.stringify(r.event)}`,
        )
        .join('\n');
    },
  },
  retry: {
    args: '<id|all>',
    help: 'records a dead letter (or every one, oldest first) and deletes it; one refused again stays, with its new error',
    async run(ctx, args) {
      const which = args[0];
      if (which === 'all') {
        const outcomes = await retryAllDeadLetters(ctx);
        const failed = outcomes.filter((o) => !o.ok);
        const lines = [`${outcomes.length - failed.length} of ${outcomes.length} dead letters recorded`];
        for (const f of failed) lines.push(`#${f.id} still refused: ${f.error}`);
        return lines.join('\n');
      }
      const id = Number(which);
      if (!Number.isInteger(id) || id < 1) throw new Error('usage: delivery retry <id|all>');
      const outcome = await retryDeadLetter(ctx, id);
      if (!outcome.ok) throw new Error(`dead letter #${id}: ${outcome.error}`);
      return `dead letter #${id} recorded`;
    },
  },
};
