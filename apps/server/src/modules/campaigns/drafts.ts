/**
 * The wizards' drafts, one per advertiser and kind. A draft is not a campaign: nothing is
 * served from it, so saving one emits no event.
 */

import { and, eq } from 'drizzle-orm';
import type { CampaignKind, Draft } from '@cryptads/contract/campaigns';
import type { AppContext } from '../../context';
import { campaignDrafts } from '../../db/schema/campaigns';
import type { UserRow } from '../sessions/sessions.service';
import { iso } from './campaign-presenter';

export async function getDraft(ctx: AppContext, user: UserRow, kind: CampaignKind): Promise<Draft> {
  const [row] = await ctx.db
    .select()
    .from(campaignDrafts)
    .where(and(eq(campaignDrafts.ownerId, user.id), eq(campaignDrafts.kind, kind)));
  return { kind, data: row?.data ?? null, updatedAt: row ? iso(row.updatedAt) : null };
}

export async function putDraft(ctx: AppContext, user: UserRow, kind: CampaignKind, data: Record<string, unknown>) {
  const now = new Date();
  await ctx.db
    .insert(campaignDrafts)
    .values({ ownerId: user.id, kind, data, updatedAt: now })
    .onConflictDoUpdate({ target: [campaignDrafts.ownerId, campaignDrafts.kind], set: { data, updatedAt: now } });
  return { kind, data, updatedAt: iso(now) };
}

export async function deleteDraft(ctx: AppContext, user: UserRow, kind: CampaignKind): Promise<Draft> {
  await ctx.db.delete(campaignDrafts).where(and(eq(campaignDrafts.ownerId, user.id), eq(campaignDrafts.kind, kind)));
  return { kind, data: null, updatedAt: null };
}
