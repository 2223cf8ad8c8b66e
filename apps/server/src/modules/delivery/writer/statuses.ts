import { and, eq, sql } from 'drizzle-orm';
import { CampaignStatus } from '@cryptads/contract/campaign-messages';
import type { Tx } from '../../../db/client';
import { campaigns } from '../../../db/schema/campaigns';
import { campaignSpendDaily } from '../../../db/schema/stats';
import type { DomainEvent } from '../../events/events';
import { anyOf, chunks, pgArray } from './sql';

/**
 * Campaign statuses after a batch: Out of Funds for the Delivering campaigns of an advertiser
 * with no money left (`broke`), Limit Reached for a Delivering campaign whose total budget is
 * used up or no longer fits its next event (`budgetUsed`, or checked among `touched`). Returns
 * the changed ids and a campaign.changed event for each.
 */
export async function updateStatuses(
  tx: Tx,
  { broke, budgetUsed, touched }: { broke: ReadonlySet<number>; budgetUsed: ReadonlySet<number>; touched: number[] },
) {
  const announced: DomainEvent[] = [];
  let outOfFunds: number[] = [];
  const limitReached: number[] = [];
  if (broke.size) {
    const rows = await tx
      .update(campaigns)
      .set({ status: CampaignStatus.OutOfFunds, updatedAt: new Date() })
      .where(and(anyOf(campaigns.ownerId, [...broke], 'integer'), eq(campaigns.status, CampaignStatus.Delivering)))
      .returning({ id: campaigns.id, ownerId: campaigns.ownerId });
    outOfFunds = rows.map((r) => r.id);
    for (const r of rows) announced.push({ type: 'campaign.changed', campaignId: r.id, ownerId: r.ownerId });
  }
  for (const part of chunks(touched)) {
    const rows = await tx
      .update(campaigns)
      .set({ status: CampaignStatus.LimitReached, updatedAt: new Date() })
      .where(
        and(
          anyOf(campaigns.id, part, 'integer'),
          eq(campaigns.status, CampaignStatus.Delivering),
          eq(campaigns.budgetFlag, true),
          // Used up, or the next event no longer fits in what is left of it.
          sql`(${campaigns.id} = any(${pgArray([...budgetUsed])}::integer[]) or ${campaigns.budgetMicros} <= (select coalesce(sum(d.cost_micros), 0) from ${campaignSpendDaily} d where d.campaign_id = ${campaigns.id}))`,
        ),
      )
      .returning({ id: campaigns.id, ownerId: campaigns.ownerId });
    limitReached.push(...rows.map((r) => r.id));
    for (const r of rows) announced.push({ type: 'campaign.changed', campaignId: r.id, ownerId: r.ownerId });
  }
  return { outOfFunds, limitReached, announced };
}
