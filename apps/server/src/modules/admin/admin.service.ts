import { and, eq, inArray, sql } from 'drizzle-orm';
import { AccountType } from '@cryptads/contract/account';
import type { AdminBulkResult, AdminOverview } from '@cryptads/contract/endpoints/admin';
import type { AppContext } from '../../context';
import { ledgerAccounts, ledgerHolds } from '../../db/schema/ledger';
import { users } from '../../db/schema/users';
import { AppError, notFound } from '../../lib/errors';
import { type CommandResult, runOperatorCommand } from '../../operator/run';
import type { Actor } from '../audit/audit.service';
import { accountBalance, platform } from '../ledger/ledger.service';
import { networkToday } from '../reports/reports.service';
import { queueSizes } from './admin-queues';

export { QUEUES } from './admin-queues';

/** Money held for customers, from the ledger: what the network owes or keeps in trust. */
async function moneyHeld(ctx: AppContext) {
  const byType = async (type: number) => {
    const [row] = await ctx.db
      .select({ sum: sql<string>`coalesce(sum(${ledgerAccounts.balanceMicros}), 0)::text` })
      .from(ledgerAccounts)
      .innerJoin(users, eq(users.id, ledgerAccounts.userId))
      .where(and(eq(ledgerAccounts.kind, 'available'), eq(users.type, type)));
    return BigInt(row?.sum ?? 0);
  };
  // Reserved and not posted yet: a hold's money sits in the user's held account.
  const pendingHolds = async (kinds: string[]) => {
    const [row] = await ctx.db
      .select({ sum: sql<string>`coalesce(sum(${ledgerHolds.amountMicros}), 0)::text` })
      .from(ledgerHolds)
      .where(and(eq(ledgerHolds.status, 'pending'), inArray(ledgerHolds.kind, kinds)));
    return BigInt(row?.sum ?? 0);
  };
  const escrow =
    (await accountBalance(ctx.db, platform('marketplace_escrow'))) + (await pendingHolds(['marketplace_order']));
  const transit = (await accountBalance(ctx.db, platform('payouts_in_transit'))) + (await pendingHolds(['payout']));
  return {
    advertisersMicros: (await byType(AccountType.Advertiser)).toString(),
    publishersMicros: (await byType(AccountType.Publisher)).toString(),
    escrowMicros: escrow.toString(),
    payoutsInTransitMicros: transit.toString(),
  };
}

/** GET /admin/overview. */
export async function adminOverview(ctx: AppContext, now: Date = new Date()): Promise<AdminOverview> {
  const t = await networkToday(ctx.db, now);
  const billed = t.impressions + t.clicks;
  const filtered = t.filteredImpressions + t.filteredClicks;
  return {
    day: t.day,
    today: {
      impressions: t.impressions,
      clicks: t.clicks,
      filteredImpressions: t.filteredImpressions,
      filteredClicks: t.filteredClicks,
      filteredShare: billed + filtered === 0 ? 0 : filtered / (billed + filtered),
      spendMicros: t.spendMicros.toString(),
      earningsMicros: t.earningsMicros.toString(),
      revenueMicros: (t.spendMicros - t.earningsMicros).toString(),
    },
    held: await moneyHeld(ctx),
    queues: await queueSizes(ctx),
  };
}

/** Runs one operator command for the back office (audited, with the screen as the way in). */
export function runAdminCommand(ctx: AppContext, actor: Actor, domain: string, action: string, args: string[]) {
  return runOperatorCommand(ctx, actor, domain, action, args);
}

/** Bulk approve: one command (and one audit entry) per id; one refusal does not stop the others. */
export async function runBulk(
  ctx: AppContext,
  actor: Actor,
  domain: string,
  action: string,
  ids: number[],
): Promise<AdminBulkResult> {
  const results: AdminBulkResult['results'] = [];
  for (const id of ids) {
    try {
      const result: CommandResult = await runOperatorCommand(ctx, actor, domain, action, [String(id)]);
      results.push({ id, ok: true, output: 'output' in result ? result.output : null, error: null });
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      results.push({ id, ok: false, output: null, error: error.reason });
    }
  }
  return { results };
}

/** The email the kyc commands take, from an account id. */
export async function emailOfAccount(ctx: AppContext, userId: number, reason: string) {
  const [row] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw notFound(reason);
  return row.email;
}
