import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { statsHourly } from '../../db/schema/stats';
import { websites, zones } from '../../db/schema/websites';
import { loginAs } from '../../testing/helpers';
import { createTestApp } from '../../testing/test-app';

/**
 * Rollup rows written directly, as the recorder would keep them: into stats_hourly, and
 * stats_daily refolded from it (the migration's backfill statement), so that reports read the
 * same figures from either rollup.
 */
export async function insertRollups(db: DbOrTx, rows: (typeof statsHourly.$inferInsert)[]) {
  await db.insert(statsHourly).values(rows);
  await db.execute(sql`delete from stats_daily`);
  await db.execute(sql`insert into stats_daily (day, campaign_id, creative_id, zone_id, website_id, advertiser_id,
      publisher_id, country, os, browser, device, impressions, clicks, cost_micros, earnings_micros)
    select (hour at time zone 'UTC')::date, campaign_id, creative_id, zone_id, min(website_id), min(advertiser_id),
      min(publisher_id), country, os, browser, device, sum(impressions), sum(clicks), sum(cost_micros),
      sum(earnings_micros)
    from stats_hourly group by 1, 2, 3, 4, 8, 9, 10, 11`);
}

export type Headers = Record<string, string>;
export const DAY = 86_400_000;
export const today0 = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`);
/** 'YYYY-MM-DD' of today minus n days (UTC). */
export const day = (n: number) => new Date(today0.getTime() - n * DAY).toISOString().slice(0, 10);
export const at = (n: number, hour: number, second = 0) =>
  new Date(today0.getTime() - n * DAY + hour * 3_600_000 + second * 1000);

/** No filtered traffic in this world (filtered figures: reports-filtered.test.ts). */
export const noneFiltered = { filteredImpressions: 0, filteredClicks: 0 };
/** No view reports in this world (viewability: delivery/view-reports.test.ts, figures-agree.test.ts). */
export const notMeasured = { measuredImpressions: 0, viewableImpressions: 0, viewabilityRate: null };
/** An advertiser's report row carries conversion figures; these rows have none. */
export const noConversions = { conversions: 0, conversionRate: 0, costPerConversion: 0, conversionValue: 0, roas: 0 };

export const Z1 = 'a1a1a1a1a1a1a1a1';
export const Z2 = 'b2b2b2b2b2b2b2b2';
export const Z3 = 'c3c3c3c3c3c3c3c3';
export const Z4 = 'd4d4d4d4d4d4d4d4';

/**
 * The reports tests' world on a new test app: two advertisers (campaigns Alpha, Beta,
 * archived Gamma; Other) and two publishers (websites one and two with zones Z1-Z3; three
 * with Z4), and hourly rollups over the last four days.
 */
export async function createReportsWorld() {
  const c: Record<'alpha' | 'beta' | 'gamma' | 'other', number> = { alpha: 0, beta: 0, gamma: 0, other: 0 };
  const w: Record<'one' | 'two' | 'three', number> = { one: 0, two: 0, three: 0 };
  const z: Record<'z1' | 'z2' | 'z3' | 'z4', number> = { z1: 0, z2: 0, z3: 0, z4: 0 };
  const app = await createTestApp();
  const a = await loginAs(app, 'advertiser');
  const b = await loginAs(app, 'advertiser');
  const p = await loginAs(app, 'publisher');
  const q = await loginAs(app, 'publisher');
  const { db } = app.ctx;

  const campaign = async (ownerId: number, name: string, status: number) => {
    const [row] = await db
      .insert(campaigns)
      .values({
        ownerId,
        name,
        kind: 'display',
        status,
        priceMicros: 500_000n,
        landingUrl: 'https://example.com/',
        dailyBudgetMicros: 100_000_000n,
        category: 1,
        permalink: `${name}-${ownerId}`,
      })
      .returning();
    return row?.id ?? 0;
  };
  c.alpha = await campaign(a.user.id, 'Alpha', 1);
  c.beta = await campaign(a.user.id, 'Beta', 2);
  c.gamma = await campaign(a.user.id, 'Gamma', 9);
  c.other = await campaign(b.user.id, 'Other', 1);

  const website = async (ownerId: number, domain: string) => {
    const [row] = await db
      .insert(websites)
      .values({ ownerId, domain, url: `https://${domain}/`, name: domain, status: 1, verificationToken: domain })
      .returning();
    return row?.id ?? 0;
  };
  w.one = await website(p.user.id, 'one.example');
  w.two = await website(p.user.id, 'two.example');
  w.three = await website(q.user.id, 'three.example');
  const zone = async (websiteId: number, unique: string, alias: string, format: number, size: string | null) => {
    const [row] = await db.insert(zones).values({ websiteId, unique, alias, format, size, status: 1 }).returning();
    return row?.id ?? 0;
  };
  z.z1 = await zone(w.one, Z1, 'Top', 1, '300x250');
  z.z2 = await zone(w.one, Z2, 'Feed', 4, null);
  z.z3 = await zone(w.two, Z3, 'Pop', 0, null);
  z.z4 = await zone(w.three, Z4, 'Side', 1, '160x600');

  const site = { z1: w.one, z2: w.one, z3: w.two, z4: w.three } as const;
  const pubOf = { z1: p.user.id, z2: p.user.id, z3: p.user.id, z4: q.user.id } as const;
  const advOf = (id: number) => (id === c.other ? b.user.id : a.user.id);
  const row = (
    daysAgo: number,
    hour: number,
    campaignId: number,
    zk: keyof typeof z,
    country: string,
    os: string,
    browser: string,
    impressions: number,
    clicks: number,
    cost: number,
    earnings: number,
  ) => ({
    hour: at(daysAgo, hour),
    campaignId,
    zoneId: z[zk],
    websiteId: site[zk],
    advertiserId: advOf(campaignId),
    publisherId: pubOf[zk],
    country,
    os,
    browser,
    impressions,
    clicks,
    costMicros: BigInt(cost),
    earningsMicros: BigInt(earnings),
  });
  await insertRollups(db, [
    row(2, 10, c.alpha, 'z1', 'DE', 'Windows', 'Chrome', 1000, 10, 500_000, 350_000),
    row(2, 11, c.alpha, 'z2', 'FR', 'Android', 'Chrome', 500, 2, 250_000, 175_000),
    row(1, 5, c.beta, 'z1', 'DE', 'iOS', 'Safari', 2000, 30, 1_000_000, 700_000),
    row(1, 23, c.alpha, 'z3', 'XX', 'Windows', 'Firefox', 300, 0, 150_000, 105_000),
    row(0, 0, c.beta, 'z3', 'US', 'macOS', 'Safari', 200, 4, 130_000, 91_000),
    // Archived campaign: its spend stays in the advertiser's totals and the publisher's earnings.
    row(0, 0, c.gamma, 'z1', 'DE', 'Windows', 'Chrome', 7000, 70, 3_500_000, 2_450_000),
    // Another advertiser on our publisher's zone, and on another publisher's zone.
    row(0, 0, c.other, 'z1', 'GB', 'Linux', 'Chrome', 400, 8, 800_000, 560_000),
    row(1, 7, c.other, 'z4', 'DE', 'Windows', 'Chrome', 900, 9, 450_000, 315_000),
    // Outside a 3-day period.
    row(3, 23, c.alpha, 'z1', 'DE', 'Windows', 'Chrome', 100, 1, 50_000, 35_000),
  ]);
  return { app, adv: a.headers, adv2: b.headers, pub: p.headers, pub2: q.headers, c, w, z };
}

export type ReportsWorld = Awaited<ReturnType<typeof createReportsWorld>>;
