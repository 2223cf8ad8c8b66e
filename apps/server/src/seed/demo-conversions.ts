import { eq } from 'drizzle-orm';
import { eurosToMicros } from '@cryptads/contract/money';
import type { AppContext } from '../context';
import { campaigns } from '../db/schema/campaigns';
import { conversionGoals } from '../db/schema/conversions';
import { users } from '../db/schema/users';

/**
 * The goals of every demo campaign (docs/product/conversions.md#demo-and-simulator): the
 * history and the live trickle report conversions for them, so the demo reports show some.
 */
export const DEMO_GOALS = [
  { name: 'signup', defaultValue: 2 },
  { name: 'deposit', defaultValue: 25 },
] as const;

/** Adds the demo goals to the advertiser's campaigns; a goal a campaign has already is left as it is. */
export async function seedDemoGoals(ctx: Pick<AppContext, 'db'>, advertiserEmail: string) {
  const [owner] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, advertiserEmail)).limit(1);
  if (!owner) return;
  const rows = await ctx.db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.ownerId, owner.id));
  if (rows.length === 0) return;
  await ctx.db
    .insert(conversionGoals)
    .values(
      rows.flatMap((c) =>
        DEMO_GOALS.map((g) => ({ campaignId: c.id, name: g.name, defaultValueMicros: eurosToMicros(g.defaultValue) })),
      ),
    )
    .onConflictDoNothing();
}
