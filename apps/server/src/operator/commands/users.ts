import { eq } from 'drizzle-orm';
import { eurosToMicros, formatEuros, microsToEuros } from '@cryptads/contract/money';
import { users } from '../../db/schema/users';
import { emitEvent } from '../../modules/events/events';
import { available, balanceAfter, operatorCredit, platform, transfer } from '../../modules/ledger/ledger.service';
import { revokeUserSessions } from '../../modules/sessions/sessions.service';
import type { OperatorCommand } from '../types';

async function findByEmail(ctx: Parameters<OperatorCommand['run']>[0], email: string | undefined) {
  if (!email) throw new Error('Give the account email.');
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  if (!user) throw new Error(`No account with email ${email}.`);
  return user;
}

/** Disabling an account ends its sessions; its next login answers 401 with code 99. */
export const userCommands: Record<string, OperatorCommand> = {
  disable: {
    args: '<email> [reason...]',
    help: 'disable an account and end its sessions (the reason is kept in the audit trail)',
    async run(ctx, [email]) {
      const user = await findByEmail(ctx, email);
      await ctx.db.transaction(async (tx) => {
        await tx.update(users).set({ disabledAt: new Date(), updatedAt: new Date() }).where(eq(users.id, user.id));
        await revokeUserSessions(tx, user.id);
        // Its commit makes the servers' session caches forget the account (docs/decisions/026).
        await emitEvent(tx, { type: 'account.changed', userId: user.id });
      });
      return `Account ${user.email} (#${user.id}) disabled.`;
    },
  },
  enable: {
    args: '<email>',
    help: 'enable a disabled account',
    async run(ctx, [email]) {
      const user = await findByEmail(ctx, email);
      await ctx.db.transaction(async (tx) => {
        await tx.update(users).set({ disabledAt: null, updatedAt: new Date() }).where(eq(users.id, user.id));
        await emitEvent(tx, { type: 'account.changed', userId: user.id });
      });
      return `Account ${user.email} (#${user.id}) enabled.`;
    },
  },
  credit: {
    args: '<email> <euros> <reference> [reason...]',
    help: 'credit an account from the operator credits account (a wire received by hand); the reference is applied once; the reason is kept in the audit trail',
    amount(_ctx, [, euros]) {
      const n = Number(euros);
      return Number.isFinite(n) && n > 0 && n <= 1_000_000 ? eurosToMicros(n) : null;
    },
    moneyTarget: ([email]) => `user:${(email ?? '').trim().toLowerCase()}`,
    async run(ctx, [email, euros, reference]) {
      const user = await findByEmail(ctx, email);
      const amount = Number(euros);
      if (!Number.isFinite(amount) || amount <= 0 || amount > 1_000_000)
        throw new Error('Give an amount in euros between 0 and 1,000,000.');
      if (!reference) throw new Error('Give a reference (for example the bank transfer id); it is applied once.');
      const posted = await ctx.db.transaction((tx) =>
        operatorCredit(tx, {
          userId: user.id,
          amountMicros: eurosToMicros(amount),
          description: 'Deposit credited by an account manager',
          reference,
          idempotencyKey: `operator-credit:${reference}`,
        }),
      );
      const { applied } = posted;
      const balance = formatEuros(microsToEuros(balanceAfter(posted, available(user.id)) ?? 0n));
      return applied
        ? `Credited ${formatEuros(amount)} to ${user.email}; balance ${balance}.`
        : `Reference ${reference} was already credited; nothing changed.`;
    },
  },
  adjust: {
    args: '<email> <euros> <reason...>',
    help: "a signed correction of an account's available balance (negative takes money back; never below zero)",
    amount(_ctx, [, euros]) {
      const n = Number(euros);
      return Number.isFinite(n) && n !== 0 && Math.abs(n) <= 1_000_000 ? eurosToMicros(Math.abs(n)) : null;
    },
    moneyTarget: ([email]) => `user:${(email ?? '').trim().toLowerCase()}`,
    async run(ctx, [email, euros, ...reasonWords]) {
      const user = await findByEmail(ctx, email);
      const amount = Number(euros);
      if (!Number.isFinite(amount) || amount === 0 || Math.abs(amount) > 1_000_000)
        throw new Error('Give a non-zero amount in euros between -1,000,000 and 1,000,000.');
      const reason = reasonWords.join(' ').trim();
      if (!reason) throw new Error('Give the reason of the adjustment.');
      const micros = eurosToMicros(Math.abs(amount));
      const description = 'Adjustment by an account manager';
      const posted = await ctx.db.transaction((tx) =>
        amount > 0
          ? operatorCredit(tx, { userId: user.id, amountMicros: micros, description })
          : transfer(tx, {
              from: available(user.id),
              to: platform('operator_credits'),
              amountMicros: micros,
              kind: 'adjustment',
              description,
            }),
      );
      const balance = formatEuros(microsToEuros(balanceAfter(posted, available(user.id)) ?? 0n));
      return `Adjusted ${user.email} by ${amount > 0 ? '+' : '-'}${formatEuros(Math.abs(amount))}; balance ${balance}.`;
    },
  },
  'end-sessions': {
    args: '<email>',
    help: 'log an account out everywhere (ends every session)',
    async run(ctx, [email]) {
      const user = await findByEmail(ctx, email);
      await ctx.db.transaction(async (tx) => {
        await revokeUserSessions(tx, user.id);
        await emitEvent(tx, { type: 'user.changed', userId: user.id });
      });
      return `Ended the sessions of ${user.email} (#${user.id}).`;
    },
  },
};
