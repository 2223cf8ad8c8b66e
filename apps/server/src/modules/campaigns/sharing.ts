/**
 * The campaign preview behind its permalink. Sharing changes who may see the preview, not
 * what is served, so it emits no event.
 */

import { eq } from 'drizzle-orm';
import {
  CAMPAIGN_KIND_LABELS,
  CAMPAIGN_MESSAGES as M,
  type CampaignKind,
  type CampaignPreview,
  type Sharing,
} from '@cryptads/contract/campaigns';
import type { AppContext } from '../../context';
import { campaigns } from '../../db/schema/campaigns';
import { notFound } from '../../lib/errors';
import type { UserRow } from '../sessions/sessions.service';
import { loadOwned } from './campaign-access';
import { creativesOf } from './campaign-presenter';

export async function getSharing(ctx: AppContext, user: UserRow, id: number): Promise<Sharing> {
  const c = await loadOwned(ctx.db, user.id, id);
  return { status: c.sharingEnabled, permalink: c.permalink };
}

export async function setSharing(ctx: AppContext, user: UserRow, id: number, status: boolean): Promise<Sharing> {
  const c = await loadOwned(ctx.db, user.id, id);
  await ctx.db.update(campaigns).set({ sharingEnabled: status }).where(eq(campaigns.id, c.id));
  return { status, permalink: c.permalink };
}

/**
 * GET /campaignSharing/{permalink}: the preview. Anyone may see it while sharing is on;
 * the owner (with a session) always may. Otherwise 404, the same as an unknown link.
 */
export async function previewByPermalink(
  ctx: AppContext,
  permalink: string,
  viewerId: number | null,
): Promise<CampaignPreview> {
  const [c] = await ctx.db.select().from(campaigns).where(eq(campaigns.permalink, permalink)).limit(1);
  if (!c || !(c.sharingEnabled || c.ownerId === viewerId)) throw notFound(M.previewUnavailable);
  const list = (await creativesOf(ctx.db, [c.id], new Map([[c.id, c.isLocked]]))).get(c.id) ?? [];
  return {
    id: c.id,
    name: c.name,
    kind: c.kind as CampaignKind,
    kindLabel: CAMPAIGN_KIND_LABELS[c.kind as CampaignKind],
    trafficType: c.trafficType,
    landingUrl: c.landingUrl,
    permalink: c.permalink,
    sharingEnabled: c.sharingEnabled,
    creatives: list,
  };
}
