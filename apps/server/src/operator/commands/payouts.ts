import { desc, eq } from 'drizzle-orm';
import { formatEuros, microsToEuros } from '@cryptads/contract/money';
import { payouts } from '../../db/schema/ledger';
import { users } from '../../db/schema/users';
import {
  completePayout,
  failPayout,
  maskedDestination,
  markPayoutSent,
  payoutRunAmount,
  runPayouts,
} from '../../modules/payouts/payouts.service';
import type { OperatorCommand } from '../types';

const STATUSES = ['requested', 'sent', 'completed', 'failed'];

function payoutId(value: string | undefined) {
  const id = Number(value);
  if (!Number.isInteger(id) || id <= 0) throw new Error('Give the payout id (see `payout list`).');
  return id;
}

const amountOf = (micros: bigint) => formatEuros(microsToEuros(micros));

/** Payouts: the job makes them; the operator says when each was sent, arrived or failed. */
export const payoutCommands: Record<string, OperatorCommand> = {
  list: {
    args: '[requested|sent|completed|failed]',
    help: 'list payouts, newest first (open ones to pay: requested)',
    async run(ctx, [status]) {
      if (status && !STATUSES.includes(status)) throw new Error(`Give one of ${STATUSES.join(', ')}.`);
      const rows = await ctx.db
        .select({ payout: payouts, email: users.email })
        .from(payouts)
        .innerJoin(users, eq(users.id, payouts.userId))
        .where(status ? eq(payouts.status, status) : undefined)
        .orderBy(desc(payouts.id))
        .limit(200);
      if (rows.length === 0) return 'No payouts.';
      return rows
        .map(
          ({ payout: p, email }) =>
            `#${p.id}  ${p.period}  ${p.status.padEnd(9)}  ${amountOf(p.amountMicros).padStart(12)}  ${p.method}  ${maskedDestination(p.method, p.destination)}  ${email}${p.reference ? `  ref ${p.reference}` : ''}${p.failureReason ? `  (${p.failureReason})` : ''}`,
        )
        .join('\n');
    },
  },
  run: {
    args: '[YYYY-MM-DD]',
    help: 'run the payout job now, as on that day (default today; only the 1st and Mondays pay)',
    // Two-operator rule (docs/decisions/032): what the run would reserve.
    async amount(ctx, [day]) {
      const now = day ? new Date(`${day}T12:00:00Z`) : new Date();
      if (Number.isNaN(now.getTime())) return null;
      const total = await payoutRunAmount(ctx.db, now);
      return total > 0n ? total : null;
    },
    moneyTarget: () => 'payout run',
    async run(ctx, [day]) {
      const now = day ? new Date(`${day}T12:00:00Z`) : new Date();
      if (Number.isNaN(now.getTime())) throw new Error('Give the day as YYYY-MM-DD.');
      const { period, created } = await runPayouts(ctx, now);
      if (!period) return `${now.toISOString().slice(0, 10)} is not a payout day (the 1st of the month or a Monday).`;
      const total = created.reduce((sum, p) => sum + p.amountMicros, 0n);
      return `Payout run ${period}: ${created.length} payout(s), ${amountOf(total)}.`;
    },
  },
  sent: {
    args: '<id> <reference>',
    help: 'mark a payout sent with the bank reference or transaction hash (the money leaves the balance)',
    // Two-operator rule (docs/decisions/032): the payout's amount, while it still moves money.
    async amount(ctx, [id]) {
      const n = Number(id);
      if (!Number.isInteger(n) || n <= 0 || n > 2_147_483_647) return null;
      const [row] = await ctx.db
        .select({ amountMicros: payouts.amountMicros, status: payouts.status })
        .from(payouts)
        .where(eq(payouts.id, n));
      return row?.status === 'requested' ? row.amountMicros : null;
    },
    async run(ctx, [id, reference]) {
      if (!reference) throw new Error('Give the bank reference or the transaction hash.');
      const { payout, from } = await markPayoutSent(ctx.db, payoutId(id), reference);
      return from
        ? `Payout #${payout.id} (${amountOf(payout.amountMicros)}) sent, reference ${reference}.`
        : `Payout #${payout.id} was already sent (reference ${payout.reference}); nothing changed.`;
    },
  },
  complete: {
    args: '<id>',
    help: 'mark a sent payout completed (the publisher received it)',
    async run(ctx, [id]) {
      const { payout, from } = await completePayout(ctx.db, payoutId(id));
      return from
        ? `Payout #${payout.id} (${amountOf(payout.amountMicros)}) completed.`
        : `Payout #${payout.id} was already completed; nothing changed.`;
    },
  },
  fail: {
    args: '<id> <reason>',
    help: 'mark a requested or sent payout failed; the amount goes back to the publisher’s balance',
    async run(ctx, [id, ...words]) {
      const reason = words.join(' ').trim();
      if (!reason) throw new Error('Give the reason (the publisher reads it).');
      const { payout, from } = await failPayout(ctx.db, payoutId(id), reason);
      return from
        ? `Payout #${payout.id} (${amountOf(payout.amountMicros)}) failed: ${reason}. The amount is back in the balance.`
        : `Payout #${payout.id} had already failed; nothing changed.`;
    },
  },
};
