import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { eurosToMicros } from '@cryptads/contract/money';
import type { App } from '../../app';
import { campaigns } from '../../db/schema/campaigns';
import { adEvents } from '../../db/schema/stats';
import { users } from '../../db/schema/users';
import { zones } from '../../db/schema/websites';
import { campaignCommands } from '../../operator/commands/campaigns';
import { body, loginAs } from '../../testing/helpers';
import { createTestApp } from '../../testing/test-app';
import { createCampaign, tempDataDir } from '../campaigns/test-helpers';
import { depositFor } from '../ledger/test-helpers';
import { reviewWebsite } from '../websites/websites.service';
import { type DeliveryEvent, EventKind } from './types';

// The stream runtime's front, for the readiness tests (a recorder over a refusing database).
export { Recorder } from './recorder';

export const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
export const MOBILE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
export const BOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/**
 * A test app for delivery mechanics: its own data directory (the journal), links on
 * http://ads.test, batches written when a test flushes, behind a trusted proxy (the country
 * header counts), and the invalid-traffic filter off (it has its own suite).
 */
export const deliveryTestApp = (settings: Record<string, string> = {}) =>
  createTestApp({
    DATA_DIR: tempDataDir(),
    PUBLIC_URL: 'http://ads.test',
    DELIVERY_FLUSH_MS: '10000',
    TRUST_PROXY: '1',
    IVT_ENABLED: '0',
    ...settings,
  });

export const delivery = (app: App) => {
  const d = app.ctx.delivery;
  if (!d) throw new Error('delivery not set up');
  return d;
};

/** An advertiser with money (a deposit in the ledger). */
export async function fundedAdvertiser(app: App, euros = 100) {
  const adv = await loginAs(app, 'advertiser');
  if (euros > 0) await depositFor(app, adv.user.id, eurosToMicros(euros));
  return adv;
}

/**
 * A campaign created through the API and approved by the operator command (Delivering);
 * `columns` then overwrites stored columns directly (budgets below the form's minimum etc.).
 */
export async function runningCampaign(
  app: App,
  headers: Record<string, string>,
  kind: 'display' | 'native' | 'application' | 'popunder' = 'display',
  fields: Record<string, unknown> = {},
  columns: Partial<typeof campaigns.$inferInsert> = {},
) {
  const id = await createCampaign(app, headers, kind, { countries: [], ...fields });
  await campaignCommands.approve?.run(app.ctx, [String(id)]);
  if (Object.keys(columns).length) await app.ctx.db.update(campaigns).set(columns).where(eq(campaigns.id, id));
  await delivery(app).engine.refresh();
  return id;
}

let siteCounter = 0;
/** A publisher's approved website (all zones Active); answers the zones by format/size key. */
export async function approvedWebsite(
  app: App,
  opts: { categories?: number[]; publisher?: Awaited<ReturnType<typeof loginAs>> } = {},
) {
  const pub = opts.publisher ?? (await loginAs(app, 'publisher'));
  const domain = `site${Date.now().toString(36)}${siteCounter++}.example.org`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/websites',
    headers: pub.headers,
    payload: { website: `https://${domain}`, categories: opts.categories ?? [] },
  });
  if (res.statusCode !== 200) throw new Error(`website create failed: ${res.body}`);
  const siteId = body<{ id: number }>(res).response.id;
  await reviewWebsite(app.ctx.db, siteId, 'approve');
  const rows = await app.ctx.db.select().from(zones).where(eq(zones.websiteId, siteId));
  const zone = (format: number, size: string | null = null) => {
    const z = rows.find((r) => r.format === format && (size === null || r.size === size));
    if (!z) throw new Error(`no zone ${format} ${size}`);
    return z;
  };
  await delivery(app).engine.refresh();
  return { publisher: pub, siteId, domain, zones: rows, zone, banner: zone(1, '300x250') };
}

/** Stops every running campaign, so that a test sees only its own. */
export async function pauseAllCampaigns(app: App) {
  await app.ctx.db.update(campaigns).set({ status: 2 }).where(eq(campaigns.status, 1));
  await delivery(app).engine.refresh();
}

export async function serve(
  app: App,
  zone: string,
  opts: { ua?: string; country?: string; query?: string; ip?: string } = {},
) {
  return app.inject({
    method: 'GET',
    url: `/serve/${zone}${opts.query ?? ''}`,
    headers: { ...BROWSER_HEADERS, 'user-agent': opts.ua ?? DESKTOP_UA, 'cf-ipcountry': opts.country ?? 'DE' },
    remoteAddress: opts.ip ?? '203.0.113.7',
  });
}

/** What a browser's fetch from tag.js sends besides its user agent (the invalid-traffic filter checks). */
export const BROWSER_HEADERS = { accept: '*/*', 'accept-language': 'en-GB,en;q=0.9' } as const;

export type Served = {
  clickUrl: string;
  html?: string;
  image?: string;
  title?: string;
  interval?: number;
  width?: number;
};
export const served = (res: { body: string }) => JSON.parse(res.body) as Served;

/** Chosen campaign id of a /serve answer: through its click token's payload. */
export function campaignOf(res: { statusCode: number; body: string }): number | null {
  if (res.statusCode !== 200) return null;
  const token = served(res).clickUrl.split('/click/')[1] ?? '';
  const payload = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')) as { c: number };
  return payload.c;
}

export async function countRows(app: App, table: 'ad_events' | 'stats_hourly' | 'campaign_spend_daily') {
  const r = await app.ctx.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return Number((r as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

/** An account's cached balance in micro-euros (-1 when the account does not exist). */
export async function balanceOf(app: App, userId: number) {
  const [u] = await app.ctx.db.select({ b: users.balanceMicros }).from(users).where(eq(users.id, userId));
  return u?.b ?? -1n;
}

export async function statusOf(app: App, campaignId: number) {
  const [c] = await app.ctx.db.select({ s: campaigns.status }).from(campaigns).where(eq(campaigns.id, campaignId));
  return c?.s;
}

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** Fast retries for stream tests: the consumer's backoff is the timer's business, the tests call flush. */
export const FAST_CONSUMER = { splitAfter: 2, deadAfter: 2, retryBaseMs: 1, retryMaxMs: 1 };

let streamEvents = 0;
/** An impression event of 200 micro-euros with a unique id (`<prefix>-<n>-<random>`). */
export function streamEvent(
  prefix: string,
  campaignId: number,
  advertiserId: number,
  publisherId: number,
  over: Partial<DeliveryEvent> = {},
): DeliveryEvent {
  return {
    kind: EventKind.Impression,
    at: new Date(),
    impressionId: `${prefix}-${streamEvents++}-${randomBytes(5).toString('hex')}`,
    campaignId,
    creativeId: 1,
    zoneId: 1,
    websiteId: 1,
    advertiserId,
    publisherId,
    country: 'DE',
    os: 'Windows',
    browser: 'Chrome',
    device: 1,
    costMicros: 200n,
    ...over,
  };
}

/** Recorded raw events of a campaign: how many, and how many distinct impression ids. */
export async function rawEventCount(app: App, campaignId: number) {
  const [r] = rowsOf<{ n: number; distinct: number }>(
    await app.ctx.db.execute(sql`select count(*)::int as n, count(distinct impression_id)::int as distinct
      from ${adEvents} where campaign_id = ${campaignId}`),
  );
  return r;
}
