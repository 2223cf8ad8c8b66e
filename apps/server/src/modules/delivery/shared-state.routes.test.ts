import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app';
import { adEvents } from '../../db/schema/stats';
import type { TestApp } from '../../testing/test-app';
import {
  approvedWebsite,
  campaignOf,
  delivery,
  fundedAdvertiser,
  pauseAllCampaigns,
  runningCampaign,
  serve,
  served,
  deliveryTestApp,
} from './test-helpers';
import { EventKind } from './types';

/**
 * Two delivery processes on one database and one Redis (docs/decisions/029): two apps built on
 * the same database, each with its own engine, recorder and Redis connection. Without shared
 * state each would spend the whole budget and cap on its own.
 */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test:${randomBytes(6).toString('hex')}:`;

let a: TestApp;
let b: App;
beforeAll(async () => {
  a = await deliveryTestApp({
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    // Every process signs click links with the same key (README: several processes).
    CLICK_SECRET: randomBytes(32).toString('base64'),
  });
  b = await buildApp({ config: a.ctx.config, database: a.ctx.database, logger: false });
});
afterAll(async () => {
  await b.close();
  await a.closeAll();
  const raw = new Redis(redisUrl);
  let cursor = '0';
  do {
    const [next, found] = await raw.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    if (found.length) await raw.del(...found);
    cursor = next;
  } while (cursor !== '0');
  await raw.quit();
});
beforeEach(async () => {
  await pauseAllCampaigns(a);
  await delivery(b).engine.refresh();
});

const flushBoth = async () => {
  await delivery(a).recorder.flush();
  await delivery(b).recorder.flush();
};

describe('two delivery processes sharing Redis', () => {
  it('serve a daily budget exactly once between them, and bill what they served', async () => {
    const adv = await fundedAdvertiser(a);
    const site = await approvedWebsite(a);
    // €0.50 CPM = 500 micro-euros per impression: 10 fit in 5,000.
    const id = await runningCampaign(a, adv.headers, 'display', {}, { dailyBudgetMicros: 5000n });
    await delivery(b).engine.refresh();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => serve(i % 2 ? a : b, site.banner.unique, { ip: `198.51.100.${i + 1}` })),
    );
    expect(answers.filter((r) => campaignOf(r) === id)).toHaveLength(10);
    await flushBoth();
    const billed = await a.ctx.db
      .select({ n: adEvents.impressionId })
      .from(adEvents)
      .where(and(eq(adEvents.campaignId, id), eq(adEvents.kind, EventKind.Impression)));
    expect(billed).toHaveLength(10);
  });

  it('cap a visitor across both', async () => {
    const adv = await fundedAdvertiser(a);
    const site = await approvedWebsite(a);
    const id = await runningCampaign(a, adv.headers, 'display', { capping: 3, cappingTime: 3600 });
    await delivery(b).engine.refresh();
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await serve(i % 2 ? a : b, site.banner.unique));
    expect(answers.filter((r) => campaignOf(r) === id)).toHaveLength(3);
  });

  it('know a click answered by one process as a repeat in the other', async () => {
    const adv = await fundedAdvertiser(a);
    const site = await approvedWebsite(a);
    const id = await runningCampaign(a, adv.headers);
    await delivery(b).engine.refresh();
    const ad = served(await serve(a, site.banner.unique));
    const path = new URL(ad.clickUrl).pathname;
    const token = path.split('/click/')[1] ?? '';
    const impressionId = (JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString()) as { i: string })
      .i;
    expect((await b.inject({ method: 'GET', url: path })).statusCode).toBe(302);
    expect(await delivery(a).clicks.firstClick(impressionId)).toBe(false);
    expect((await a.inject({ method: 'GET', url: path })).statusCode).toBe(302);
    await flushBoth();
    const clicks = await a.ctx.db
      .select({ id: adEvents.impressionId })
      .from(adEvents)
      .where(and(eq(adEvents.campaignId, id), eq(adEvents.kind, EventKind.Click)));
    expect(clicks).toHaveLength(1);
  });
});
