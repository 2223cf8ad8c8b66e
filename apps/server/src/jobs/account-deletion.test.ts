import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eurosToMicros } from '@cryptads/contract/money';
import { notifications } from '../db/schema/notifications';
import { accountDeletionRequests, userPreferences } from '../db/schema/settings';
import { sessions, users } from '../db/schema/users';
import { available, statementOf } from '../modules/ledger/ledger.service';
import { depositFor } from '../modules/ledger/test-helpers';
import { body, loginAs } from '../testing/helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { runAccountDeletion, tombstoneEmail } from './account-deletion';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
});
afterAll(async () => {
  await app.closeAll();
});

const HOUR = 3_600_000;

async function requestDeletion(role: 'advertiser' | 'publisher' = 'advertiser') {
  const me = await loginAs(app, role);
  const res = await app.inject({
    method: 'DELETE',
    url: '/api/user',
    headers: me.headers,
    payload: { reason: 'Closing the project', password: me.password },
  });
  expect(res.statusCode).toBe(200);
  const [request] = await app.ctx.db
    .select()
    .from(accountDeletionRequests)
    .where(eq(accountDeletionRequests.userId, me.user.id));
  if (!request) throw new Error('no request');
  return { ...me, request };
}

/** Moves a request back in time, as if it had been made `hours` ago. */
async function age(id: number, hours: number, terminationInHours: number) {
  const now = Date.now();
  await app.ctx.db
    .update(accountDeletionRequests)
    .set({ requestedAt: new Date(now - hours * HOUR), terminationAt: new Date(now + terminationInHours * HOUR) })
    .where(eq(accountDeletionRequests.id, id));
}

const requestRow = async (id: number) =>
  (await app.ctx.db.select().from(accountDeletionRequests).where(eq(accountDeletionRequests.id, id)))[0];

describe('account deletion job', () => {
  it('leaves a request younger than 48 hours alone', async () => {
    const { request } = await requestDeletion();
    await age(request.id, 47, 24 * 10);
    await runAccountDeletion(app.ctx);
    expect((await requestRow(request.id))?.verifiedAt).toBeNull();
  });

  it('verifies a request after 48 hours and tells the user, without deleting anything yet', async () => {
    const { request, headers } = await requestDeletion();
    await age(request.id, 49, 24 * 10);
    await runAccountDeletion(app.ctx);
    expect((await requestRow(request.id))?.verifiedAt).not.toBeNull();
    const user = body<{ pendingDelete: boolean }>(await app.inject({ method: 'GET', url: '/api/user', headers }));
    expect(user.response.pendingDelete).toBe(true);
    const list = body<{ notifications: { title: string; viewed: boolean; type: number }[] }>(
      await app.inject({ method: 'GET', url: '/api/user/notifications', headers }),
    ).response.notifications;
    expect(list[0]).toMatchObject({ title: 'Account deletion confirmed', viewed: false, type: 1 });
  });

  it('deletes the account at the termination date: disabled, personal data gone, ledger kept', async () => {
    const me = await requestDeletion();
    await depositFor(app, me.user.id, eurosToMicros(120));
    await app.ctx.db.insert(userPreferences).values({
      userId: me.user.id,
      emailMarketing: true,
      emailNotification: true,
      emailMarketingPartners: false,
    });
    await age(me.request.id, 24 * 15, -1);
    const result = await runAccountDeletion(app.ctx);
    expect(result.deleted).toBeGreaterThanOrEqual(1);

    const [row] = await app.ctx.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row).toMatchObject({ email: tombstoneEmail(me.user.id), firstName: 'Deleted', twoFactorSecret: null });
    expect(row?.disabledAt).not.toBeNull();
    expect(row?.passwordHash).not.toBe(me.user.passwordHash);
    expect(await app.ctx.db.select().from(sessions).where(eq(sessions.userId, me.user.id))).toHaveLength(0);
    expect(await app.ctx.db.select().from(notifications).where(eq(notifications.userId, me.user.id))).toHaveLength(0);
    expect(await app.ctx.db.select().from(userPreferences).where(eq(userPreferences.userId, me.user.id))).toHaveLength(
      0,
    );
    expect(await statementOf(app.ctx.db, available(me.user.id))).toHaveLength(1);
    expect((await requestRow(me.request.id))?.completedAt).not.toBeNull();

    expect((await app.inject({ method: 'GET', url: '/api/user', headers: me.headers })).statusCode).toBe(401);
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: me.email, password: me.password, captcha: 'x' },
    });
    expect(login.statusCode).toBe(401);
    // Running again changes nothing.
    const again = await runAccountDeletion(app.ctx);
    expect(again.deleted).toBe(0);
  });

  it('never deletes a cancelled request, even past its dates', async () => {
    const me = await requestDeletion('publisher');
    await age(me.request.id, 24 * 20, -24);
    await app.inject({ method: 'DELETE', url: '/api/user/deleteRequest', headers: me.headers });
    await runAccountDeletion(app.ctx);
    const [row] = await app.ctx.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row?.email).toBe(me.email);
    expect(row?.disabledAt).toBeNull();
    expect((await app.inject({ method: 'GET', url: '/api/user', headers: me.headers })).statusCode).toBe(200);
  });

  it('verifies and deletes in one run a request that is past both dates', async () => {
    const me = await requestDeletion();
    await age(me.request.id, 24 * 15, -1);
    await runAccountDeletion(app.ctx);
    const [row] = await app.ctx.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row?.email).toBe(tombstoneEmail(me.user.id));
  });
});
