import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { campaignBlacklists } from '../../db/schema/campaigns';
import { emitEvent } from '../events/events';
import type { UserRow } from '../sessions/sessions.service';

/** The advertiser's global blacklist: zone ids and domains none of their campaigns run on. */
export async function getBlacklist(ctx: AppContext, user: UserRow): Promise<string[]> {
  const [row] = await ctx.db.select().from(campaignBlacklists).where(eq(campaignBlacklists.ownerId, user.id));
  return row?.items ?? [];
}

/** Replaces the whole list; delivery hears of it through `blacklist.changed`. */
export async function putBlacklist(ctx: AppContext, user: UserRow, items: string[]): Promise<string[]> {
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(campaignBlacklists)
      .values({ ownerId: user.id, items })
      .onConflictDoUpdate({ target: campaignBlacklists.ownerId, set: { items, updatedAt: new Date() } });
    await emitEvent(tx, { type: 'blacklist.changed', ownerId: user.id });
  });
  return items;
}
