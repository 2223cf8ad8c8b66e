import { and, count, eq } from 'drizzle-orm';
import { WebsiteStatus, ZoneStatus, websiteDomain, zoneTypeLabel } from '@cryptads/contract/websites';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/users';
import { websites, zones } from '../../db/schema/websites';
import { randomToken } from '../../lib/crypto';
import { ZONE_TEMPLATE } from './websites.service';
import { randomBytes } from 'node:crypto';

const DEMO_WEBSITES = [
  // Approved, ownership verified, every zone active: the Ad Codes tab has codes to copy.
  {
    url: 'https://www.coin-ledger-news.example/',
    status: WebsiteStatus.Active,
    zoneStatus: ZoneStatus.Active,
    excluded: [12],
  },
  // Just added, waiting for the ownership check: the wizard's second step applies.
  { url: 'https://defi-weekly.example/', status: WebsiteStatus.Pending, zoneStatus: ZoneStatus.Pending, excluded: [] },
];

/** The demo publisher's websites; does nothing when the publisher already has some. */
export async function seedDemoWebsites(db: DbOrTx, publisherEmail: string) {
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, publisherEmail)).limit(1);
  if (!owner) return;
  const [existing] = await db
    .select({ n: count() })
    .from(websites)
    .where(and(eq(websites.ownerId, owner.id)));
  if ((existing?.n ?? 0) > 0) return;
  for (const [i, demo] of DEMO_WEBSITES.entries()) {
    const domain = websiteDomain(demo.url);
    // The approved site is older than the demo world's 90 days of simulated traffic.
    const createdAt = new Date(Date.now() - (i === 0 ? 120 : 10) * 86_400_000);
    const [site] = await db
      .insert(websites)
      .values({
        ownerId: owner.id,
        domain,
        url: demo.url,
        name: domain,
        status: demo.status,
        excludedCategoryIds: demo.excluded,
        verificationToken: randomToken().slice(0, 32),
        verifiedAt: demo.status === WebsiteStatus.Active ? createdAt : null,
        createdAt,
        updatedAt: createdAt,
      })
      .returning();
    if (!site) throw new Error('demo website insert returned nothing');
    await db.insert(zones).values(
      ZONE_TEMPLATE.map((z) => ({
        websiteId: site.id,
        unique: randomBytes(8).toString('hex'),
        alias: `${domain} - ${zoneTypeLabel(z.format, z.size)}`.slice(0, 100),
        format: z.format,
        size: z.size,
        status: demo.zoneStatus,
        createdAt,
      })),
    );
  }
}
