import { and, eq, isNull, sql } from 'drizzle-orm';
import { AccountType } from '@cryptads/contract/account';
import { CampaignStatus } from '@cryptads/contract/campaign-messages';
import { HOUR_MS } from '@cryptads/contract/dates';
import { BALANCE_RUNOUT_ALERT_HOURS, FORECAST_MESSAGES } from '@cryptads/contract/forecasts';
import { paths } from '@cryptads/contract/paths';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { campaigns } from '../db/schema/campaigns';
import { balanceRunoutAlerts } from '../db/schema/forecasts';
import { users } from '../db/schema/users';
import { emitEvent } from '../modules/events/events';
import { paceInputs, paceOf } from '../modules/forecasts/forecasts.service';
import { resolvePinned } from '../modules/notifications/notifications.service';
import { NotificationType, notify } from '../modules/notifications/notify';
import type { Job } from './runner';

export type RunOutCheck = 'notified' | 'rearmed' | 'unchanged';

const runOutText = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * One advertiser (docs/product/forecasts.md#balance-run-out): when the balance runs out within
 * 72 hours at the current pace of all their campaigns, a pinned notice with a link to Add Funds
 * and the `balance.low` domain event, once. The notice stands until the balance is topped up
 * (above what it was when the notice fired) and lasts longer than 72 hours again.
 */
export async function checkAdvertiser(db: Db, userId: number, now: Date): Promise<RunOutCheck> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`balance-runout:${userId}`}, 0))`);
    const inputs = await paceInputs(tx, userId, now);
    const { runOutAt } = paceOf(inputs, now);
    const [alert] = await tx.select().from(balanceRunoutAlerts).where(eq(balanceRunoutAlerts.userId, userId)).limit(1);
    const soon = runOutAt !== null && runOutAt.getTime() - now.getTime() <= BALANCE_RUNOUT_ALERT_HOURS * HOUR_MS;
    if (soon && runOutAt) {
      if (alert) return 'unchanged';
      await tx.insert(balanceRunoutAlerts).values({
        userId,
        balanceMicros: inputs.balanceMicros,
        runOutAt,
        notifiedAt: now,
      });
      await notify(tx, userId, {
        type: NotificationType.Pinned,
        title: FORECAST_MESSAGES.balanceLowTitle,
        message: `At the current pace of your campaigns your balance runs out around ${runOutText(runOutAt)}. Add funds to keep them running.`,
        link: paths.billing.deposit,
      });
      await emitEvent(tx, {
        type: 'balance.runout',
        userId,
        balanceMicros: inputs.balanceMicros.toString(),
        runOutAt: runOutAt.toISOString(),
      });
      return 'notified';
    }
    if (!alert || inputs.balanceMicros <= alert.balanceMicros) return 'unchanged';
    await tx.delete(balanceRunoutAlerts).where(eq(balanceRunoutAlerts.userId, userId));
    await resolvePinned(tx, userId, FORECAST_MESSAGES.balanceLowTitle);
    return 'rearmed';
  });
}

/** Every advertiser with a Delivering campaign or a standing notice. */
export async function checkBalanceRunOut(db: Db, now = new Date()) {
  const running = await db
    .selectDistinct({ id: campaigns.ownerId })
    .from(campaigns)
    .innerJoin(users, eq(users.id, campaigns.ownerId))
    .where(
      and(
        eq(campaigns.status, CampaignStatus.Delivering),
        eq(users.type, AccountType.Advertiser),
        isNull(users.disabledAt),
      ),
    );
  const standing = await db.select({ id: balanceRunoutAlerts.userId }).from(balanceRunoutAlerts);
  const ids = [...new Set([...running, ...standing].map((r) => r.id))];
  const results: Record<RunOutCheck, number> = { notified: 0, rearmed: 0, unchanged: 0 };
  for (const id of ids) results[await checkAdvertiser(db, id, now)]++;
  return results;
}

/** Every 15 minutes, one server process at a time. */
export const balanceRunOutJob: Job = {
  name: 'balance-runout',
  everyMs: 15 * 60_000,
  async run(ctx: AppContext) {
    await checkBalanceRunOut(ctx.db);
  },
};
