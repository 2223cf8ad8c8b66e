import { rmSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tracking } from '@cryptads/contract/conversions';
import { DAY_MS } from '@cryptads/contract/dates';
import type { Report } from '@cryptads/contract/reports';
import { campaigns } from '../db/schema/campaigns';
import { conversions } from '../db/schema/conversions';
import { users } from '../db/schema/users';
import { tempDataDir } from '../modules/campaigns/test-helpers';
import { createSession } from '../modules/sessions/sessions.service';
import { bearer, body } from '../testing/helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { DEMO_ACCOUNTS, seedDemo } from './demo';
import { DEMO_GOALS } from './demo-conversions';

/**
 * The demo world converts a share of its simulated clicks (docs/product/conversions.md#demo-and-simulator):
 * after the seed, the demo advertiser's reports show conversions, and the publisher's show none.
 */

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const now = Date.now();
const period = `startDate=${day(now - 29 * DAY_MS)}&endDate=${day(now)}`;

let app: TestApp;
let dir: string;
const headersOf = async (email: string) => {
  const [user] = await app.ctx.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no ${email}`);
  const { token } = await createSession(app.ctx.db, {
    userId: user.id,
    scope: 'full',
    rememberMe: false,
    meta: { ip: '127.0.0.1', userAgent: 'vitest' },
  });
  return { id: user.id, headers: bearer(token) };
};
const get = async <T>(url: string, headers: Record<string, string>): Promise<T> => {
  const res = await app.inject({ method: 'GET', url: `/api${url}`, headers });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return body<T>(res).response;
};

beforeAll(async () => {
  dir = tempDataDir();
  // A month of history: the demo has about 15 conversions per 100 billed clicks.
  app = await createTestApp({ DATA_DIR: dir, DEMO_HISTORY_DAYS: '30' });
  await seedDemo(app.ctx);
}, 180_000);
afterAll(async () => {
  await app.closeAll();
  rmSync(dir, { recursive: true, force: true });
});

describe('conversions in the demo world', () => {
  it('shows the demo advertiser conversions in its report, as many as the conversions recorded', async () => {
    const advertiser = await headersOf(DEMO_ACCOUNTS[0]?.email ?? '');
    const report = await get<Report>(`/reports/all/all?reportBy=campaign&${period}`, advertiser.headers);
    const [raw] = await app.ctx.db
      .select({ n: sql<number>`count(*)::int`, value: sql<string>`coalesce(sum(${conversions.valueMicros}), 0)::text` })
      .from(conversions)
      .where(and(eq(conversions.advertiserId, advertiser.id), eq(conversions.test, false)));
    expect(raw?.n ?? 0).toBeGreaterThan(0);
    expect(report.totals.conversions).toBe(raw?.n);
    expect(report.totals.conversionValue).toBe(Number(raw?.value ?? 0) / 1e6);
    expect(report.totals.costPerConversion).toBeGreaterThan(0);
    expect(report.totals.roas).toBeGreaterThan(0);
    // A small share of the billed clicks, each for a goal of the demo campaigns.
    expect(report.totals.conversions ?? 0).toBeLessThan(report.totals.clicks * 0.25);
    expect(report.rows.filter((r) => (r.conversions ?? 0) > 0).length).toBeGreaterThan(0);
  });

  it('gives every demo campaign the demo goals, and the panel counts their conversions', async () => {
    const advertiser = await headersOf(DEMO_ACCOUNTS[0]?.email ?? '');
    const own = await app.ctx.db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(eq(campaigns.ownerId, advertiser.id));
    expect(own.length).toBeGreaterThan(0);
    let counted = 0;
    for (const c of own) {
      const tracking = await get<Tracking>(`/campaigns/${c.id}/tracking`, advertiser.headers);
      expect(tracking.goals.map((g) => [g.name, g.defaultValue]).sort()).toEqual(
        DEMO_GOALS.map((g) => [g.name, g.defaultValue]).sort(),
      );
      counted += tracking.conversions;
    }
    const report = await get<Report>(
      `/reports/all/all?reportBy=campaign&startDate=${day(now - 365 * DAY_MS)}&endDate=${day(now)}`,
      advertiser.headers,
    );
    expect(counted).toBe(report.totals.conversions);
  });

  it('shows the demo publisher no conversion figure', async () => {
    const publisher = await headersOf(DEMO_ACCOUNTS[1]?.email ?? '');
    const report = await get<Report>(`/reports/all/all?reportBy=country&${period}`, publisher.headers);
    expect(report.totals.clicks).toBeGreaterThan(0);
    expect(JSON.stringify(report)).not.toMatch(/conversion|roas/i);
  });
});
