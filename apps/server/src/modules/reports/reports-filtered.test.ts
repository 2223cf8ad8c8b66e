import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FilterReason } from '@cryptads/contract/delivery';
import type { OptimizationReport, Report } from '@cryptads/contract/reports';
import { users } from '../../db/schema/users';
import { body, loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { tempDataDir } from '../campaigns/test-helpers';
import { recordBatch } from '../delivery/writer/record-batch';
import { approvedWebsite, fundedAdvertiser, runningCampaign } from '../delivery/test-helpers';
import { type DeliveryEvent, EventKind } from '../delivery/types';

/**
 * Reports of both roles show 'Filtered impressions' and 'Filtered clicks' per row
 * and in the totals, with the reasons; the billed figures and the money ignore them.
 */
describe('filtered traffic in reports', () => {
  let app: TestApp;
  let adv: Awaited<ReturnType<typeof loginAs>>;
  let pub: Awaited<ReturnType<typeof loginAs>>;
  let outsider: Awaited<ReturnType<typeof loginAs>>;
  let campaignId = 0;
  let before = 0n;
  const today = new Date().toISOString().slice(0, 10);
  const period = `startDate=${today}&endDate=${today}`;

  const balanceOf = async (id: number) =>
    (await app.ctx.db.select({ b: users.balanceMicros }).from(users).where(eq(users.id, id)))[0]?.b ?? -1n;

  beforeAll(async () => {
    app = await createTestApp({ DATA_DIR: tempDataDir() });
    adv = await fundedAdvertiser(app, 50);
    campaignId = await runningCampaign(app, adv.headers);
    const site = await approvedWebsite(app);
    pub = site.publisher;
    outsider = await loginAs(app, 'advertiser');
    const zone = site.banner;
    const event = (kind: EventKind, filterReason?: FilterReason, country = 'DE'): DeliveryEvent => ({
      kind,
      at: new Date(),
      impressionId: crypto.randomUUID(),
      campaignId,
      creativeId: 0,
      zoneId: zone.id,
      websiteId: site.siteId,
      advertiserId: adv.user.id,
      publisherId: pub.user.id,
      country,
      os: 'Windows',
      browser: 'Chrome',
      device: 1,
      costMicros: kind === EventKind.Impression ? 500n : 0n,
      ...(filterReason ? { filterReason } : {}),
    });
    before = await balanceOf(adv.user.id);
    const events = [
      ...Array.from({ length: 4 }, () => event(EventKind.Impression)),
      ...Array.from({ length: 3 }, () => event(EventKind.Impression, FilterReason.DataCentre, 'US')),
      ...Array.from({ length: 5 }, () => event(EventKind.Impression, FilterReason.VisitorRate)),
      event(EventKind.Click, FilterReason.ClickTooFast),
      event(EventKind.Click, FilterReason.ClickTooFast),
      event(EventKind.Click, FilterReason.Crawler),
    ];
    const r = await recordBatch(app.ctx, events);
    expect(r.filtered).toBe(11);
  });
  afterAll(async () => {
    await app.closeAll();
  });

  const report = async (url: string, headers: Record<string, string>) => {
    const res = await app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, res.body).toBe(200);
    return body<Report>(res).response;
  };

  const reasons = [
    { reason: 'visitor_rate', label: 'Too many requests from one visitor', impressions: 5, clicks: 0 },
    { reason: 'data_centre', label: 'Data-centre traffic', impressions: 3, clicks: 0 },
    { reason: 'click_too_fast', label: 'Click faster than a person can', impressions: 0, clicks: 2 },
    { reason: 'crawler', label: 'Crawler or automated browser', impressions: 0, clicks: 1 },
  ];

  it("the advertiser's report: billed figures and money without the filtered events, which are shown beside", async () => {
    const r = await report(`/api/reports/all/all?reportBy=date&${period}`, adv.headers);
    expect(r.totals).toMatchObject({ impressions: 4, clicks: 0, money: 0, filteredImpressions: 8, filteredClicks: 3 });
    expect(r.rows).toHaveLength(1);
    expect(r.rows[0]).toMatchObject({ key: today, impressions: 4, filteredImpressions: 8, filteredClicks: 3 });
    expect(r.filtered).toEqual(reasons);
    // Only the 4 billed impressions of €0.50 CPM were paid.
    expect(before - (await balanceOf(adv.user.id))).toBe(2000n);

    const res = await app.inject({
      method: 'GET',
      url: `/api/reports/${campaignId}/all?group=zone&${period}`,
      headers: adv.headers,
    });
    expect(body<OptimizationReport>(res).response.rows).toEqual([
      expect.objectContaining({ impressions: 4, filteredImpressions: 8, filteredClicks: 3 }),
    ]);

    const byCountry = await report(`/api/reports/${campaignId}/all?reportBy=country&${period}`, adv.headers);
    expect(byCountry.rows.map((x) => [x.key, x.impressions, x.filteredImpressions, x.filteredClicks])).toEqual([
      ['DE', 4, 5, 3],
      ['US', 0, 3, 0],
    ]);
  });

  it("the publisher's report shows the same filtered figures; another advertiser sees none", async () => {
    const r = await report(`/api/reports/all/all?reportBy=date&${period}`, pub.headers);
    expect(r.totals).toMatchObject({ impressions: 4, filteredImpressions: 8, filteredClicks: 3 });
    expect(r.filtered).toEqual(reasons);
    const site = await report(`/api/reports/all/all?reportBy=browser&${period}`, pub.headers);
    expect(site.rows.map((x) => [x.label, x.filteredImpressions, x.filteredClicks])).toEqual([['Chrome', 8, 3]]);
    const other = await report(`/api/reports/all/all?reportBy=date&${period}`, outsider.headers);
    expect(other.totals).toMatchObject({ filteredImpressions: 0, filteredClicks: 0 });
    expect(other.filtered).toEqual([]);
  });
});
