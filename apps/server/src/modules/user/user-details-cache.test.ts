import { AsyncLocalStorage } from 'node:async_hooks';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eurosToMicros } from '@cryptads/contract/money';
import { readAnswer } from '@cryptads/contract/money-schema';
import { UserDetailsSchema } from '@cryptads/contract/user';
import type { App } from '../../app';
import { body, loginAs, STRONG_PASSWORD } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createCampaign, tempDataDir } from '../campaigns/test-helpers';
import { depositFor } from '../ledger/test-helpers';

/**
 * GET /user keeps the deletion request and the campaign counts in the session cache
 * with the balance (docs/decisions/046): a cached answer sends no statement, and what it shows
 * changes at once when the user changes it through the services.
 */
let app: TestApp;
let dir: string;
beforeAll(async () => {
  dir = tempDataDir();
  app = await createTestApp({ DATA_DIR: dir, AUTH_RATE_LIMIT_MAX: '1000' });
});
afterAll(async () => {
  await app.closeAll();
  rmSync(dir, { recursive: true, force: true });
});

const counted = new AsyncLocalStorage<true>();

/** Statements `work` sends to the app's database (background rounds not counted). */
async function statementsDuring(target: App, work: () => Promise<unknown>) {
  const client = (target.ctx.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const query = client.query;
  let statements = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    if (counted.getStore()) statements++;
    return query.apply(this, args);
  };
  try {
    await counted.run(true, work);
    return statements;
  } finally {
    client.query = query;
  }
}

const details = async (headers: Record<string, string>) => {
  const res = await app.inject({ method: 'GET', url: '/api/user', headers });
  expect(res.statusCode).toBe(200);
  return readAnswer(UserDetailsSchema, body(res).response);
};

describe('GET /api/user from the session cache', () => {
  it('sends no statement once the session and the details are cached', async () => {
    const me = await loginAs(app, 'advertiser');
    await createCampaign(app, me.headers, 'popunder');
    // A miss: the session statement and the details statement.
    expect(await statementsDuring(app, () => details(me.headers))).toBe(2);
    // On PostgreSQL the campaign's own invalidation comes back over the bus (LISTEN/NOTIFY
    // reaches this process too) a moment later and empties the cache once more.
    await vi.waitFor(async () => expect(await statementsDuring(app, () => details(me.headers))).toBe(0), {
      timeout: 2000,
      interval: 20,
    });
    expect(await statementsDuring(app, () => details(me.headers))).toBe(0);
  });

  it('shows a deposit at once (the money movement forgets the cached balance)', async () => {
    const me = await loginAs(app, 'advertiser');
    expect((await details(me.headers)).balance).toBe(0);
    await depositFor(app, me.user.id, eurosToMicros(12.5));
    expect((await details(me.headers)).balance).toBe(12.5);
    await depositFor(app, me.user.id, eurosToMicros(0.25));
    expect((await details(me.headers)).balance).toBe(12.75);
  });

  it('counts a campaign created, and one archived, at once', async () => {
    const me = await loginAs(app, 'advertiser');
    expect((await details(me.headers)).campaigns).toEqual({ active: 0, paused: 0, pending: 0, total: 0 });
    const id = await createCampaign(app, me.headers, 'popunder');
    expect((await details(me.headers)).campaigns).toEqual({ active: 0, paused: 0, pending: 1, total: 1 });
    await createCampaign(app, me.headers, 'popunder');
    expect((await details(me.headers)).campaigns).toEqual({ active: 0, paused: 0, pending: 2, total: 2 });
    const archived = await app.inject({ method: 'POST', url: `/api/campaigns/${id}/archive`, headers: me.headers });
    expect(archived.statusCode).toBe(200);
    expect((await details(me.headers)).campaigns).toEqual({ active: 0, paused: 0, pending: 1, total: 1 });
  });

  it("does not show one advertiser's new campaign in another's cached counts", async () => {
    const ada = await loginAs(app, 'advertiser');
    const bob = await loginAs(app, 'advertiser');
    expect((await details(bob.headers)).campaigns.total).toBe(0);
    await createCampaign(app, ada.headers, 'popunder');
    expect((await details(ada.headers)).campaigns.total).toBe(1);
    expect((await details(bob.headers)).campaigns.total).toBe(0);
  });

  it('shows a deletion request at once, and its cancellation', async () => {
    const me = await loginAs(app, 'advertiser');
    expect(await details(me.headers)).toMatchObject({ pendingDelete: false, delete: null });
    const requested = await app.inject({
      method: 'DELETE',
      url: '/api/user',
      headers: me.headers,
      payload: { reason: 'Moving on', password: STRONG_PASSWORD },
    });
    expect(requested.statusCode).toBe(200);
    const after = await details(me.headers);
    expect(after.pendingDelete).toBe(true);
    expect(after.delete?.reason).toBe('Moving on');
    const cancelled = await app.inject({ method: 'DELETE', url: '/api/user/deleteRequest', headers: me.headers });
    expect(cancelled.statusCode).toBe(200);
    expect(await details(me.headers)).toMatchObject({ pendingDelete: false, delete: null });
  });

  it('shows a profile change at once: the signed terms', async () => {
    const me = await loginAs(app, 'advertiser');
    expect((await details(me.headers)).currentSignedTerms).toBeNull();
    const res = await app.inject({ method: 'POST', url: '/api/user/signNewTerms', headers: me.headers });
    expect(res.statusCode).toBe(200);
    expect((await details(me.headers)).currentSignedTerms).toBe(1);
  });
});
