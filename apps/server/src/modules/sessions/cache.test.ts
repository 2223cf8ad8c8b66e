import { AsyncLocalStorage } from 'node:async_hooks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CampaignStatus } from '@cryptads/contract/campaign-messages';
import { readAnswer } from '@cryptads/contract/money-schema';
import { eurosToMicros } from '@cryptads/contract/money';
import { UserDetailsSchema } from '@cryptads/contract/user';
import { type App, buildApp } from '../../app';
import { campaigns } from '../../db/schema/campaigns';
import { users } from '../../db/schema/users';
import { currentTotp } from '../../lib/totp';
import { body, disableUser, loginAs, STRONG_PASSWORD } from '../../testing/helpers';
import { itOnPostgres } from '../../testing/postgres-only';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { BALANCE_TTL_MS, SessionCache, userChanged } from './cache';
import { createSession } from './sessions.service';

const auth = (id: number, tokenHash = `h${id}`) => ({
  session: { id, userId: id, tokenHash } as never,
  user: { id } as never,
});

describe('SessionCache', () => {
  it('forgets a user at once, and never stores a read that an invalidation overtook', () => {
    const cache = new SessionCache({ maxEntries: 10, ttlMs: 60_000 });
    const before = cache.begin();
    cache.set('a', auth(1), before);
    cache.set('b', auth(2), before);
    expect(cache.get('a')).not.toBeNull();

    const started = cache.begin();
    cache.dropUser(1);
    expect(cache.get('a')).toBeNull();
    expect(cache.get('b')).not.toBeNull();
    // Read before the change, finished after it: not stored.
    cache.set('a', auth(1), started);
    expect(cache.get('a')).toBeNull();
    cache.set('a', auth(1), cache.begin());
    expect(cache.get('a')).not.toBeNull();
  });

  it('keeps entries for the TTL and at most maxEntries, the oldest evicted first', () => {
    let now = 0;
    const cache = new SessionCache({ maxEntries: 2, ttlMs: 1000, now: () => now });
    cache.set('a', auth(1), cache.begin());
    cache.set('b', auth(2), cache.begin());
    cache.set('c', auth(3), cache.begin());
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeNull();
    now = 999;
    expect(cache.get('c')).not.toBeNull();
    now = 1000;
    expect(cache.get('c')).toBeNull();
    expect(cache.size).toBe(1);
  });
});

describe('SessionCache details and balance', () => {
  const summary = { deletion: null, campaigns: [1, 0, 0, 1] as const };

  it('keeps details only beside a cached session, and drops them with the user', () => {
    const cache = new SessionCache({ maxEntries: 10, ttlMs: 60_000 });
    cache.setDetails(1, summary, cache.begin());
    expect(cache.getDetails(1)).toBeNull();
    cache.set('a', auth(1), cache.begin());
    cache.setDetails(1, summary, cache.begin());
    cache.setBalance(1, 5n, cache.begin());
    expect(cache.getDetails(1)).toEqual(summary);
    expect(cache.getBalance(1)).toBe(5n);
    const started = cache.begin();
    cache.dropUser(1);
    expect(cache.getDetails(1)).toBeNull();
    expect(cache.getBalance(1)).toBeNull();
    cache.set('a', auth(1), cache.begin());
    // Read before the invalidation, stored after it: not kept.
    cache.setDetails(1, summary, started);
    expect(cache.getDetails(1)).toBeNull();
  });

  it('keeps a balance for BALANCE_TTL_MS, and forgets it when money moves', () => {
    let now = 0;
    const cache = new SessionCache({ maxEntries: 10, ttlMs: 60_000, now: () => now });
    cache.set('a', auth(1), cache.begin());
    cache.setDetails(1, summary, cache.begin());
    cache.setBalance(1, 5n, cache.begin());
    now = BALANCE_TTL_MS - 1;
    expect(cache.getBalance(1)).toBe(5n);
    now = BALANCE_TTL_MS;
    expect(cache.getBalance(1)).toBeNull();
    cache.setBalance(1, 6n, cache.begin());
    cache.dropBalance(1);
    expect(cache.getBalance(1)).toBeNull();
    // The details stay: only the balance moved.
    expect(cache.getDetails(1)).toEqual(summary);
  });

  it('shares one read between the callers that miss together, but not across an invalidation', async () => {
    const cache = new SessionCache({ maxEntries: 10, ttlMs: 60_000 });
    const reads: Array<(v: bigint) => void> = [];
    const read = () => new Promise<bigint>((resolve) => reads.push(resolve));
    const first = cache.shared('balance:1', read);
    const second = cache.shared('balance:1', read);
    const other = cache.shared('balance:2', read);
    expect(reads).toHaveLength(2);
    // Money moved while the read ran: a caller after it does not get the older figure.
    cache.dropBalance(1);
    const third = cache.shared('balance:1', read);
    expect(reads).toHaveLength(3);
    reads[0]?.(5n);
    reads[1]?.(7n);
    reads[2]?.(6n);
    expect(await Promise.all([first, second, other, third])).toEqual([5n, 5n, 7n, 6n]);
    // Settled reads are not kept: the next miss reads again.
    void cache.shared('balance:1', read);
    expect(reads).toHaveLength(4);
  });

  it('lets the next caller read again after a failed read', async () => {
    const cache = new SessionCache({ maxEntries: 10, ttlMs: 60_000 });
    const failing = cache.shared('session:x', () => Promise.reject(new Error('database unavailable')));
    await expect(failing).rejects.toThrow('database unavailable');
    await expect(cache.shared('session:x', async () => 'read again')).resolves.toBe('read again');
  });
});

/** Marks the async work of a counted request, so that background rounds (event worker) are not counted. */
const counted = new AsyncLocalStorage<true>();

/** Counts the statements `work` sends to the app's database (the pool's or PGlite's `query`). */
async function queriesDuring(app: App, work: () => Promise<unknown>) {
  const client = (app.ctx.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const query = client.query;
  let queries = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    if (counted.getStore()) queries++;
    return query.apply(this, args);
  };
  try {
    await counted.run(true, work);
    return queries;
  } finally {
    client.query = query;
  }
}

const details = async (app: App, headers: Record<string, string>) => {
  const res = await app.inject({ method: 'GET', url: '/api/user', headers });
  return {
    status: res.statusCode,
    user: res.statusCode === 200 ? readAnswer(UserDetailsSchema, body(res).response) : null,
  };
};

describe('the session cache in the app', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.closeAll();
  });

  it('answers GET /user without a query once the session and its summary are cached', async () => {
    const me = await loginAs(app, 'advertiser');
    // A miss: the prepared session statement, then the summary.
    expect(await queriesDuring(app, () => details(app, me.headers))).toBe(2);
    // Within the balance's second, nothing; after it, the balance alone.
    expect(await queriesDuring(app, () => details(app, me.headers))).toBe(0);
    await new Promise((r) => setTimeout(r, BALANCE_TTL_MS + 50));
    expect(await queriesDuring(app, () => details(app, me.headers))).toBe(1);
    // A wrong token is not cached: each try asks the database.
    const wrong = { authorization: 'Bearer nope' };
    expect((await details(app, wrong)).status).toBe(401);
    expect(await queriesDuring(app, () => details(app, wrong))).toBe(1);
  });

  it('sends one statement for thirty requests of a session that miss together', async () => {
    const me = await loginAs(app, 'advertiser');
    const burst = () => Promise.all(Array.from({ length: 30 }, () => details(app, me.headers)));
    // A new session: one session read and one summary read, shared by the thirty.
    let answers: Awaited<ReturnType<typeof burst>> = [];
    expect(
      await queriesDuring(app, async () => {
        answers = await burst();
      }),
    ).toBe(2);
    expect(answers.every((a) => a.status === 200 && a.user?.email === me.user.email)).toBe(true);
    // The balance's second over: one balance read for the thirty, not thirty.
    await new Promise((r) => setTimeout(r, BALANCE_TTL_MS + 50));
    expect(await queriesDuring(app, burst)).toBe(1);
  });

  it('refuses a session at once after logout, disable or a password change elsewhere', async () => {
    const me = await loginAs(app, 'advertiser');
    expect((await details(app, me.headers)).status).toBe(200);
    await app.inject({ method: 'POST', url: '/api/user/logout', headers: me.headers });
    expect((await details(app, me.headers)).status).toBe(401);

    const other = await loginAs(app, 'publisher');
    expect((await details(app, other.headers)).status).toBe(200);
    await disableUser(app, other.user.id);
    expect((await details(app, other.headers)).status).toBe(401);

    const third = await loginAs(app, 'advertiser');
    const { token: phone } = await createSession(app.ctx.db, {
      userId: third.user.id,
      scope: 'full',
      rememberMe: false,
      meta: { ip: '127.0.0.1', userAgent: 'phone' },
    });
    const phoneHeaders = { authorization: `Bearer ${phone}` };
    expect((await details(app, phoneHeaders)).status).toBe(200);
    const changed = await app.inject({
      method: 'PUT',
      url: '/api/user/password',
      headers: third.headers,
      payload: { oldPassword: STRONG_PASSWORD, newPassword: `${STRONG_PASSWORD}2` },
    });
    expect(changed.statusCode).toBe(200);
    expect((await details(app, phoneHeaders)).status).toBe(401);
    expect((await details(app, third.headers)).status).toBe(200);
  });

  it('shows what changed at once: two-factor, balance and campaigns', async () => {
    const me = await loginAs(app, 'advertiser');
    expect((await details(app, me.headers)).user?.secureStatus).toBe(0);
    const request = await app.inject({ method: 'GET', url: '/api/user/twoFactor/request', headers: me.headers });
    const { secret } = body<{ secret: string }>(request).response;
    const code = await currentTotp(secret, Math.floor(Date.now() / 1000) - 30);
    const enabled = await app.inject({
      method: 'POST',
      url: '/api/user/twoFactor/validate',
      headers: me.headers,
      payload: { code },
    });
    expect(enabled.statusCode).toBe(200);
    expect((await details(app, me.headers)).user?.secureStatus).toBe(1);

    // Written behind the services' back: no event announces the balance, which shows within its
    // second; the campaign counts are cached (docs/decisions/046), so the insert announces itself
    // as the services do (campaign.changed drops the user).
    await app.ctx.db.update(users).set({ balanceMicros: 12_340_000n }).where(eq(users.id, me.user.id));
    await app.ctx.db.insert(campaigns).values({
      ownerId: me.user.id,
      name: 'Counted at once',
      kind: 'display',
      status: CampaignStatus.Paused,
      priceMicros: eurosToMicros(1),
      landingUrl: 'https://example.com/',
      dailyBudgetMicros: eurosToMicros(50),
      category: 1,
      permalink: `${me.user.id},cache`,
    });
    await userChanged(app.ctx, me.user.id);
    const after = (await details(app, me.headers)).user;
    expect(after?.balance).toBe(12.34);
    await app.ctx.db.update(users).set({ balanceMicros: 23_450_000n }).where(eq(users.id, me.user.id));
    await vi.waitFor(async () => expect((await details(app, me.headers)).user?.balance).toBe(23.45), {
      timeout: BALANCE_TTL_MS + 500,
      interval: 50,
    });
    expect(after?.campaigns).toEqual({ active: 0, paused: 1, pending: 0, total: 1 });
  });
});

/**
 * Two apps on one PostgreSQL database are two processes: each has its own cache, and a change
 * made through one reaches the other's over the bus (LISTEN/NOTIFY here).
 */
itOnPostgres('refuses in another process a session revoked in one, within the bus latency', async () => {
  const first = await createTestApp();
  const second = await buildApp({ config: first.ctx.config, database: first.ctx.database, logger: false });
  try {
    const me = await loginAs(first, 'advertiser');
    expect((await details(first, me.headers)).status).toBe(200);
    expect((await details(second, me.headers)).status).toBe(200);
    // Cached in the second process: its GET /user sends at most the balance statement.
    expect(await queriesDuring(second, () => details(second, me.headers))).toBeLessThanOrEqual(1);

    await first.inject({ method: 'POST', url: '/api/user/logout', headers: me.headers });
    expect((await details(first, me.headers)).status).toBe(401);
    // Far below the 60 s TTL: the bus, not the expiry, ended it.
    await vi.waitFor(async () => expect((await details(second, me.headers)).status).toBe(401), {
      timeout: 2000,
      interval: 10,
    });
  } finally {
    await second.close();
    await first.closeAll();
  }
});
