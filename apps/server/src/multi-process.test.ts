import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { adminQuery, withDatabase } from './testing/global-setup';
import { DESKTOP_UA, approvedWebsite, fundedAdvertiser, runningCampaign } from './modules/delivery/test-helpers';
import {
  inParallel,
  type Proc,
  serveOnce as serve,
  startProcess,
  stopProcess as stop,
  visitor,
} from './testing/processes';

/**
 * Docs/decisions/030: two delivery processes and one worker, real processes
 * (`main.ts`) on one PostgreSQL database and one Redis, traffic through both delivery
 * processes at once. Budgets hold within one event's price per delivery process, capping is
 * exact across processes, a click served by one process and sent to the other counts once,
 * and after one delivery process is SIGKILLed every impression it answered is recorded once.
 * Only in the "server-postgres" project (vitest.config.ts keeps it out of "server-pglite": the
 * embedded database has one process); CI runs it with its PostgreSQL and Redis.
 */

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test:mp:${randomBytes(6).toString('hex')}:`;
const clickSecret = randomBytes(32).toString('hex');
/** €0.50 CPM, the form's default bid: one impression costs 500 micro-euros. */
const PRICE = 500n;
const DELIVERY_PROCESSES = 2n;

let database: Database;
let databaseUrl: string;
let dbName: string;
let zone: string;
let ids: { daily: number; total: number; capped: number; open: number };
const procs: Proc[] = [];

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const r = await database.db.execute(query);
  return (r as unknown as { rows: T[] }).rows;
}

/** Billed spend of a campaign (all days), in micro-euros. */
async function spent(campaignId: number) {
  const [r] = await rows<{ cost: string }>(
    sql`select coalesce(sum(cost_micros), 0)::text as cost from campaign_spend_daily where campaign_id = ${campaignId}`,
  );
  return BigInt(r?.cost ?? '0');
}

describe('several processes on PostgreSQL and Redis', () => {
  beforeAll(async () => {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('the multi-process test runs in the server-postgres project (TEST_DATABASE_URL)');
    dbName = `cryptads_mp_${randomBytes(6).toString('hex')}`;
    await adminQuery(base, `CREATE DATABASE ${dbName} TEMPLATE ${inject('postgresTemplate')}`);
    databaseUrl = withDatabase(base, dbName);
    database = await openDatabase({ url: databaseUrl });

    // The world, made through the services by one in-test process that is closed before the
    // processes under test start: one zone, four campaigns told apart by the visitor's country.
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      DATABASE_URL: databaseUrl,
      CLICK_SECRET: clickSecret,
    });
    const app = await buildApp({ config, database, logger: false });
    try {
      const adv = await fundedAdvertiser(app, 100);
      const site = await approvedWebsite(app);
      zone = site.banner.unique;
      const big = { dailyBudgetMicros: 50_000_000n };
      ids = {
        // 40 impressions a day.
        daily: await runningCampaign(
          app,
          adv.headers,
          'display',
          { countries: ['DE'] },
          { dailyBudgetMicros: 20_000n },
        ),
        // 60 impressions in all.
        total: await runningCampaign(
          app,
          adv.headers,
          'display',
          { countries: ['AT'] },
          { ...big, budgetFlag: true, budgetMicros: 30_000n },
        ),
        capped: await runningCampaign(
          app,
          adv.headers,
          'display',
          { countries: ['FR'], capping: 3, cappingTime: 3600 },
          big,
        ),
        open: await runningCampaign(app, adv.headers, 'display', { countries: ['US'] }, big),
      };
    } finally {
      await app.close();
    }
    const env = { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, REDIS_PREFIX: prefix, CLICK_SECRET: clickSecret };
    const started = await Promise.allSettled([
      startProcess('delivery', env),
      startProcess('delivery', env),
      startProcess('worker', env),
    ]);
    for (const s of started) if (s.status === 'fulfilled') procs.push(s.value);
    for (const s of started) if (s.status === 'rejected') throw s.reason;
  }, 240_000);

  afterAll(async () => {
    await Promise.all(procs.map(stop));
    if (!dbName) return;
    await database.close();
    await adminQuery(process.env.TEST_DATABASE_URL ?? '', `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    // Only this test's keys: the Redis is shared.
    const redis = new Redis(redisUrl);
    try {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
  }, 30_000);

  const [a, b] = [() => procs[0] as Proc, () => procs[1] as Proc];
  const logs = () => procs.map((p) => `--- ${p.role} ${p.url}\n${p.output.join('')}`).join('\n');

  it('budgets, capping and clicks hold across two delivery processes', async () => {
    // 300 requests from 300 visitors each for the daily- and the total-budget campaign, half on each process.
    await inParallel(
      Array.from({ length: 600 }, (_, n) => n),
      16,
      async (n) => {
        await serve(n % 2 ? a() : b(), zone, visitor(n, n < 300 ? 'DE' : 'AT'));
      },
    );
    // Capping: 10 visitors, 8 requests each spread over both processes at once: exactly 3 each.
    const capped = new Map<string, { impressionId: string; clickPath: string; servedBy: Proc }[]>();
    await inParallel(
      Array.from({ length: 80 }, (_, n) => n),
      16,
      async (n) => {
        const v = visitor(1000 + (n % 10), 'FR');
        const proc = n % 3 ? a() : b();
        const answer = await serve(proc, zone, v);
        if (!answer) return;
        expect(answer.campaignId).toBe(ids.capped);
        capped.set(v.ip, [...(capped.get(v.ip) ?? []), { ...answer, servedBy: proc }]);
      },
    );
    expect([...capped.values()].map((list) => list.length)).toEqual(Array(10).fill(3));

    // Clicks: served by one process, followed on the other, then again on the first.
    const clicked = [...capped.values()].map((list) => list[0]).filter((x) => x !== undefined);
    for (const c of clicked) {
      const other = c.servedBy === a() ? b() : a();
      const res = await fetch(`${other.url}${c.clickPath}`, {
        redirect: 'manual',
        headers: { 'user-agent': DESKTOP_UA },
      });
      expect(res.status, logs()).toBe(302);
      const again = await fetch(`${c.servedBy.url}${c.clickPath}`, {
        redirect: 'manual',
        headers: { 'user-agent': DESKTOP_UA },
      });
      expect(again.status).toBe(302);
    }

    // Once the worker has recorded everything: 30 capped impressions and the 10 clicks.
    await vi.waitFor(
      async () => {
        const [r] = await rows<{ impressions: number; clicks: number }>(
          sql`select count(*) filter (where kind = 1)::int as impressions, count(*) filter (where kind = 2)::int as clicks
                from ad_events where campaign_id = ${ids.capped}`,
        );
        expect(r).toEqual({ impressions: 30, clicks: clicked.length });
      },
      { timeout: 20_000, interval: 250 },
    );
    const [stats] = await rows<{ impressions: number; clicks: number }>(
      sql`select coalesce(sum(impressions), 0)::int as impressions, coalesce(sum(clicks), 0)::int as clicks
            from stats_hourly where campaign_id = ${ids.capped}`,
    );
    expect(stats).toEqual({ impressions: 30, clicks: clicked.length });

    // Budgets: used up, and exceeded by at most one impression per delivery process.
    for (const [campaignId, budget] of [
      [ids.daily, 20_000n],
      [ids.total, 30_000n],
    ] as const) {
      await vi.waitFor(
        async () => {
          expect(await spent(campaignId)).toBeGreaterThanOrEqual(budget);
        },
        { timeout: 20_000, interval: 250 },
      );
      const billed = await spent(campaignId);
      expect(billed, `campaign ${campaignId}`).toBeLessThanOrEqual(budget + PRICE * DELIVERY_PROCESSES);
    }
  }, 60_000);

  it('a SIGKILLed delivery process loses no impression it answered, and none is recorded twice', async () => {
    const answered = new Set<string>();
    let killed = false;
    await inParallel(
      Array.from({ length: 600 }, (_, n) => n),
      16,
      async (n) => {
        const proc = n % 2 ? a() : b();
        if (n === 300 && !killed) {
          killed = true;
          a().child.kill('SIGKILL');
        }
        try {
          const answer = await serve(proc, zone, visitor(2000 + n, 'US'));
          if (answer) answered.add(answer.impressionId);
        } catch {
          // The killed process's connection refused or reset: not answered.
        }
      },
    );
    expect(killed).toBe(true);
    expect(answered.size).toBeGreaterThan(300);
    const recorded = async () =>
      rows<{ id: string; n: number }>(
        sql`select impression_id as id, count(*)::int as n from ad_events
              where campaign_id = ${ids.open} and kind = 1 group by impression_id`,
      );
    await vi.waitFor(
      async () => {
        const stored = new Set((await recorded()).map((r) => r.id));
        const missing = [...answered].filter((id) => !stored.has(id));
        expect(missing.length, logs()).toBe(0);
      },
      { timeout: 30_000, interval: 250 },
    );
    const twice = (await recorded()).filter((r) => r.n !== 1);
    expect(twice).toEqual([]);
  }, 60_000);
});
