import { DAY_MS, HOUR_MS } from '@cryptads/contract/dates';
import type { Db } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { trafficHourly } from '../../db/schema/forecasts';
import { websites, zones } from '../../db/schema/websites';

/** A delivering, approved campaign of `ownerId` (display CPM unless told). */
export async function runningCampaign(db: Db, ownerId: number, over: Partial<typeof campaigns.$inferInsert> = {}) {
  const [row] = await db
    .insert(campaigns)
    .values({
      ownerId,
      name: `Running ${Math.random().toString(36).slice(2, 8)}`,
      kind: 'display',
      status: 1,
      approvedAt: new Date(),
      priceMicros: 1_000_000n,
      landingUrl: 'https://example.com/',
      dailyBudgetMicros: 100_000_000n,
      category: 1,
      permalink: `p-${Math.random().toString(36).slice(2)}`,
      ...over,
    })
    .returning();
  if (!row) throw new Error('campaign insert returned nothing');
  return row;
}

/** A website of `publisherId` with a 300x250 banner zone and a native zone. */
export async function publisherZones(db: Db, publisherId: number) {
  const domain = `site-${Math.random().toString(36).slice(2, 8)}.example`;
  const [site] = await db
    .insert(websites)
    .values({
      ownerId: publisherId,
      domain,
      url: `https://${domain}/`,
      name: domain,
      status: 1,
      verificationToken: domain,
    })
    .returning();
  if (!site) throw new Error('website insert returned nothing');
  const zone = async (format: number, size: string | null) => {
    const unique = Math.random().toString(16).slice(2, 10).padEnd(16, '0');
    const [row] = await db
      .insert(zones)
      .values({ websiteId: site.id, unique, alias: 'Z', format, size, status: 1 })
      .returning();
    if (!row) throw new Error('zone insert returned nothing');
    return row;
  };
  return { website: site, banner: await zone(1, '300x250'), native: await zone(4, null) };
}

/** `perDay` requests a day (spread over 10 hours) for `days` whole UTC days before `now`'s day. */
export async function trafficHistory(
  db: Db,
  now: Date,
  days: number,
  cell: { format: number; country: string; device: number; os?: string; browser?: string },
  perDay: number,
  clicksPerDay = 0,
) {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const rows = [];
  for (let d = 1; d <= days; d++)
    for (let h = 0; h < 10; h++)
      rows.push({
        hour: new Date(today - d * DAY_MS + h * HOUR_MS),
        format: cell.format,
        country: cell.country,
        device: cell.device,
        os: cell.os ?? 'Windows',
        browser: cell.browser ?? 'Chrome',
        requests: perDay / 10,
        clicks: clicksPerDay / 10,
      });
  await db.insert(trafficHourly).values(rows);
}
