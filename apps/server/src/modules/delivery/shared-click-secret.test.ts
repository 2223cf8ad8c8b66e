import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app';
import { loadConfig } from '../../config';
import { adEvents } from '../../db/schema/stats';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { tempDataDir } from '../campaigns/test-helpers';
import { approvedWebsite, delivery, fundedAdvertiser, runningCampaign, serve, served } from './test-helpers';
import { EventKind } from './types';

/**
 * Several processes share one database (DATABASE_URL); a click link signed by
 * one must be honoured by the others, so CLICK_SECRET is required with DATABASE_URL (config.ts)
 * and every process signs with it. Here two apps share one database: with the same secret
 * each accepts the other's clicks; with a secret of its own (what a process generated before)
 * the other process answered 400.
 */
const env = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  WEB_DIST: '/nonexistent',
  DATA_DIR: tempDataDir(),
  PUBLIC_URL: 'http://ads.test',
  TRUST_PROXY: '1',
  IVT_ENABLED: '0',
  DELIVERY_FLUSH_MS: '10000',
};
const SHARED = 's'.repeat(40);
let first: TestApp;
const others: App[] = [];
/** Another server process on the first one's database. */
async function secondProcess(clickSecret: string) {
  const other = await buildApp({
    config: loadConfig({ ...env, CLICK_SECRET: clickSecret }),
    database: first.ctx.database,
    logger: false,
  });
  others.push(other);
  return other;
}
beforeAll(async () => {
  first = await createTestApp({ ...env, CLICK_SECRET: SHARED });
});
afterAll(async () => {
  for (const other of others) await other.close();
  await first.closeAll();
});

describe('click links across processes sharing one database', () => {
  it('are honoured by another process with the same CLICK_SECRET, and only by it', async () => {
    const adv = await fundedAdvertiser(first);
    const id = await runningCampaign(first, adv.headers);
    const site = await approvedWebsite(first);
    const same = await secondProcess(SHARED);
    const stranger = await secondProcess('x'.repeat(40));

    const path = (res: { body: string }) => new URL(served(res).clickUrl).pathname;
    const onFirst = path(await serve(first, site.banner.unique));
    expect((await stranger.inject({ method: 'GET', url: onFirst })).statusCode).toBe(400);
    expect((await same.inject({ method: 'GET', url: onFirst })).statusCode).toBe(302);

    await delivery(same).engine.refresh();
    const onSame = path(await serve(same, site.banner.unique, { ip: '203.0.113.8' }));
    expect((await first.inject({ method: 'GET', url: onSame })).statusCode).toBe(302);

    await delivery(first).recorder.flush();
    await delivery(same).recorder.flush();
    const clicks = await first.ctx.db
      .select()
      .from(adEvents)
      .where(and(eq(adEvents.campaignId, id), eq(adEvents.kind, EventKind.Click)));
    expect(clicks).toHaveLength(2);
  });
});
