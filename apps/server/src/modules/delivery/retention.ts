import { lt } from 'drizzle-orm';
import type { Job } from '../../jobs/runner';
import type { AppContext } from '../../context';
import { adEvents, impressionViews } from '../../db/schema/stats';
import { VIEW_REPORT_TTL_HOURS } from '@cryptads/contract/viewability';
import { BID_NOTICE_TTL_SECONDS } from '@cryptads/contract/openrtb-messages';
import { bidNotices, deliveryReceipts } from '../../db/schema/delivery-stream';
import { pruneAdClicks } from '../conversions/conversions.service';

/**
 * Receipts of events recorded from Redis (docs/decisions/028) are kept this long: far beyond
 * the 60 s after which a dead worker's unacknowledged entries are claimed by another.
 */
export const RECEIPT_DAYS = 7;

/** Deletes idempotency receipts older than RECEIPT_DAYS. Answers how many. */
export async function pruneReceipts(ctx: Pick<AppContext, 'db'>, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - RECEIPT_DAYS * 86_400_000);
  const rows = await ctx.db
    .delete(deliveryReceipts)
    .where(lt(deliveryReceipts.recordedAt, cutoff))
    .returning({ key: deliveryReceipts.key });
  return rows.length;
}

/**
 * Deletes recorded bid notices a day past their lifetime (docs/product/programmatic.md): a
 * notice that old is refused by its signature's time before the writer would look. Answers how many.
 */
export async function pruneBidNotices(ctx: Pick<AppContext, 'db'>, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - BID_NOTICE_TTL_SECONDS * 1000 - 86_400_000);
  const rows = await ctx.db
    .delete(bidNotices)
    .where(lt(bidNotices.recordedAt, cutoff))
    .returning({ id: bidNotices.impressionId });
  return rows.length;
}

/**
 * Deletes recorded view reports an hour past VIEW_REPORT_TTL_HOURS (docs/decisions/061): a
 * report that old is refused by its token's time before the writer would look. Answers how many.
 */
export async function pruneImpressionViews(ctx: Pick<AppContext, 'db'>, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - (VIEW_REPORT_TTL_HOURS + 1) * 3_600_000);
  const rows = await ctx.db
    .delete(impressionViews)
    .where(lt(impressionViews.recordedAt, cutoff))
    .returning({ id: impressionViews.impressionId });
  return rows.length;
}

/** Deletes raw events older than EVENT_RETENTION_DAYS (the rollups stay). Answers how many. */
export async function pruneAdEvents(ctx: Pick<AppContext, 'db' | 'config'>, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - ctx.config.delivery.eventRetentionDays * 86_400_000);
  const rows = await ctx.db.delete(adEvents).where(lt(adEvents.at, cutoff)).returning({ id: adEvents.id });
  return rows.length;
}

export const adEventRetentionJob: Job = {
  name: 'ad-event-retention',
  everyMs: 60 * 60_000,
  async run(ctx) {
    await pruneAdEvents(ctx);
    await pruneReceipts(ctx);
    await pruneImpressionViews(ctx);
    await pruneBidNotices(ctx);
    // Click ids past the longest attribution window (docs/product/conversions.md#retention).
    await pruneAdClicks(ctx);
  },
};
