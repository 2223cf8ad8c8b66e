/**
 * How a campaign is reached and when it may be changed: through its owner for advertisers,
 * by id for the operator; edits refused on archived and locked campaigns.
 */

import { and, eq } from 'drizzle-orm';
import { CAMPAIGN_MESSAGES as M, CampaignStatus } from '@cryptads/contract/campaigns';
import type { DbOrTx } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { badRequest, notFound } from '../../lib/errors';

export type CampaignRow = typeof campaigns.$inferSelect;

/** A campaign of this advertiser, or 404 (another advertiser's id answers the same). */
export async function loadOwned(db: DbOrTx, ownerId: number, id: number, opts: { forUpdate?: boolean } = {}) {
  const q = db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.ownerId, ownerId)))
    .limit(1);
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

/** For the operator: a campaign by id whoever owns it. */
export async function loadAny(db: DbOrTx, id: number) {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id)).limit(1);
  return row ?? null;
}

/** Every change except a status change: refused on archived and on locked campaigns. */
export function assertEditable(c: CampaignRow) {
  if (c.status === CampaignStatus.Archived) throw badRequest(M.archivedNoChanges);
  if (c.isLocked) throw badRequest(M.locked);
}

/** An edit goes back to review: Pending, approval cleared. */
export const backToReview = { status: CampaignStatus.Pending, approvedAt: null };
