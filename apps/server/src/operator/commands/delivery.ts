import type { DbOrTx } from '../../db/client';
import { listDeadLetters, retryAllDeadLetters, retryDeadLetter } from '../../modules/delivery/dead-letter';
import { EventKind } from '../../modules/delivery/types';
import type { OperatorCommand } from '../types';

/** The most dead letters the back office's queue reads (the command line lists 100 by default). */
const DEAD_LETTERS_READ = 10_000;

const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);

/** The dead letters `delivery dead-letters` lists, as data (the back office's dead-letter queue), oldest first. */
export async function deadLetterRows(db: DbOrTx) {
  const rows = await listDeadLetters(db, DEAD_LETTERS_READ);
  return rows.map((r) => {
    const e = (r.event && typeof r.event === 'object' ? r.event : {}) as Record<string, unknown>;
    return {
      id: r.id,
      eventKind: e.kind === EventKind.Impression ? 'impression' : e.kind === EventKind.Click ? 'click' : null,
      campaignId: int(e.campaignId),
      zoneId: int(e.zoneId),
      error: r.error,
      attempts: r.attempts,
      firstFailedAt: r.firstFailedAt.toISOString(),
      lastFailedAt: r.lastFailedAt.toISOString(),
    };
  });
}

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
