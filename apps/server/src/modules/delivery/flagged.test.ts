import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FilterReason } from '@cryptads/contract/delivery';
import { trafficCommands } from '../../operator/commands/traffic';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { tempDataDir } from '../campaigns/test-helpers';
import { flaggedZonesJob } from './flagged';
import { recordBatch } from './writer/record-batch';
import { approvedWebsite, fundedAdvertiser, runningCampaign } from './test-helpers';
import { type DeliveryEvent, EventKind } from './types';

/** A zone whose filtered share is high is flagged to the operator. */
describe('flagged zones', () => {
  let app: TestApp;
  const zones: Record<'bad' | 'fine' | 'small', string> = { bad: '', fine: '', small: '' };
  let record: (zone: 'bad' | 'fine' | 'small', count: number, reason?: FilterReason) => Promise<void>;

  beforeAll(async () => {
    app = await createTestApp({ DATA_DIR: tempDataDir() });
    const adv = await fundedAdvertiser(app, 100);
    const campaignId = await runningCampaign(app, adv.headers);
    const site = await approvedWebsite(app);
    const pick = { bad: site.banner, fine: site.zone(1, '728x90'), small: site.zone(4) };
    for (const k of ['bad', 'fine', 'small'] as const) zones[k] = pick[k].unique;
    record = async (zone, count, reason) => {
      const events: DeliveryEvent[] = Array.from({ length: count }, () => ({
        kind: EventKind.Impression,
        at: new Date(),
        impressionId: crypto.randomUUID(),
        campaignId,
        creativeId: 0,
        zoneId: pick[zone].id,
        websiteId: site.siteId,
        advertiserId: adv.user.id,
        publisherId: site.publisher.user.id,
        country: 'DE',
        os: 'Windows',
        browser: 'Chrome',
        device: 1,
        costMicros: 500n,
        ...(reason ? { filterReason: reason } : {}),
      }));
      await recordBatch(app.ctx, events);
    };
  });
  afterAll(async () => {
    await app.closeAll();
  });

  it('lists zones above 30 % filtered of at least 100 events with their top reasons, and warns once per zone', async () => {
    await record('bad', 40);
    await record('bad', 50, FilterReason.DataCentre);
    await record('bad', 20, FilterReason.Crawler);
    await record('fine', 200);
    await record('fine', 10, FilterReason.Crawler);
    await record('small', 60, FilterReason.IpRate); // 100 % filtered, but only 60 events
    const out = await trafficCommands.flagged?.run(app.ctx, []);
    expect(out?.split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(`^zone ${zones.bad} \\(.*\\): 63\\.6 % filtered \\(70 of 110\\); data_centre 50, crawler 20$`),
      ),
    ]);
    expect(await trafficCommands.flagged?.run(app.ctx, ['0'])?.catch((e: Error) => e.message)).toMatch(/hours/);

    const warnings: object[] = [];
    const job = flaggedZonesJob({ warn: (o) => warnings.push(o) });
    await job.run(app.ctx);
    await job.run(app.ctx);
    expect(warnings).toEqual([expect.objectContaining({ zone: zones.bad, filtered: 70, total: 110 })]);
    // The small zone crosses the minimum: flagged and warned about, once.
    await record('small', 40, FilterReason.IpRate);
    await job.run(app.ctx);
    await job.run(app.ctx);
    expect(warnings).toHaveLength(2);
    expect(warnings[1]).toMatchObject({ zone: zones.small, share: 1, reasons: ['ip_rate'] });
  });
});
