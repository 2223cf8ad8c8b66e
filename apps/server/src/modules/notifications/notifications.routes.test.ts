import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eurosToMicros } from '@cryptads/contract/money';
import { NotificationListSchema, NotificationSchema, NotificationType } from '@cryptads/contract/notifications';
import { notifications } from '../../db/schema/notifications';
import { body, codeFromMail, drainEvents, lastMailTo, loginAs, registerViaApi } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { depositFor, spendFor } from '../ledger/test-helpers';
import { BALANCE_LOW_TITLE, notifyIfBalanceLow } from './notifications.service';
import { notify } from './notify';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
});
afterAll(async () => {
  await app.closeAll();
});

const list = async (headers: Record<string, string>) => {
  const res = await app.inject({ method: 'GET', url: '/api/user/notifications', headers });
  expect(res.statusCode).toBe(200);
  return NotificationListSchema.parse(body(res).response);
};

async function seeded() {
  const me = await loginAs(app, 'advertiser');
  const pinned = await notify(app.ctx.db, me.user.id, {
    type: 1,
    title: 'Complete your billing details',
    message: 'm',
  });
  const ok = await notify(app.ctx.db, me.user.id, { type: 2, title: 'Campaign approved', message: 'm', link: '/x/' });
  const err = await notify(app.ctx.db, me.user.id, { type: 3, title: 'Creative rejected', message: 'm' });
  if (!pinned || !ok || !err) throw new Error('notify returned nothing');
  return { me, pinned, ok, err };
}

describe('notifications', () => {
  it('lists newest first with the unread count', async () => {
    const { me } = await seeded();
    const l = await list(me.headers);
    expect(l.notifications.map((n) => n.title)).toEqual([
      'Creative rejected',
      'Campaign approved',
      'Complete your billing details',
    ]);
    expect(l.unread).toBe(3);
    expect(l.notifications[1]).toMatchObject({ type: 2, viewed: false, link: '/x/', message: 'm' });
  });

  it('marks one viewed; a pinned one stays unread', async () => {
    const { me, pinned, ok } = await seeded();
    const res = await app.inject({ method: 'POST', url: `/api/user/notifications/${ok.id}`, headers: me.headers });
    expect(res.statusCode).toBe(200);
    expect(NotificationSchema.parse(body(res).response).viewed).toBe(true);
    const p = await app.inject({ method: 'POST', url: `/api/user/notifications/${pinned.id}`, headers: me.headers });
    expect(body<{ viewed: boolean }>(p).response.viewed).toBe(false);
    expect((await list(me.headers)).unread).toBe(2);
  });

  it('marks all viewed except pinned ones', async () => {
    const { me } = await seeded();
    const res = await app.inject({ method: 'POST', url: '/api/user/notifications/all', headers: me.headers });
    expect(body(res).response).toEqual({ marked: 2 });
    const l = await list(me.headers);
    expect(l.unread).toBe(1);
    expect(l.notifications.find((n) => !n.viewed)?.type).toBe(NotificationType.Pinned);
  });

  it('answers 404 for another user’s notification and leaves it unread', async () => {
    const { ok } = await seeded();
    const other = await loginAs(app, 'publisher');
    const res = await app.inject({ method: 'POST', url: `/api/user/notifications/${ok.id}`, headers: other.headers });
    expect(res.statusCode).toBe(404);
    const [row] = await app.ctx.db.select().from(notifications).where(eq(notifications.id, ok.id));
    expect(row?.viewedAt).toBeNull();
    expect((await list(other.headers)).notifications).toHaveLength(0);
    const missing = await app.inject({ method: 'POST', url: '/api/user/notifications/999999', headers: other.headers });
    expect(missing.statusCode).toBe(404);
    // An id that does not parse names nothing (docs/decisions/009): 404 like a missing one.
    const bad = await app.inject({ method: 'POST', url: '/api/user/notifications/abc', headers: other.headers });
    expect(bad.statusCode).toBe(404);
  });

  it('needs a session', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/user/notifications' })).statusCode).toBe(401);
  });

  it('welcomes a new user and tells them when the email is confirmed', async () => {
    const { token, email } = await registerViaApi(app, { userType: 2 });
    const code = codeFromMail(await lastMailTo(app, email));
    const auth = { authorization: `Bearer ${token}` };
    await app.inject({ method: 'POST', url: '/api/user/emailVerification/validate', headers: auth, payload: { code } });
    const l = await list(auth);
    expect(l.notifications.map((n) => n.title)).toEqual(['Email address confirmed', 'Welcome to Cryptads']);
    expect(l.notifications[1]?.link).toBe('/websites/add/');
  });
});

describe('notifyIfBalanceLow', () => {
  it('pins one notification when an advertiser’s balance falls below the threshold, and clears it after a deposit', async () => {
    const me = await loginAs(app, 'advertiser');
    const post = (euros: number, kind: 'deposit' | 'spend') =>
      kind === 'deposit'
        ? depositFor(app, me.user.id, eurosToMicros(euros))
        : spendFor(app, me.user.id, eurosToMicros(-euros));
    await post(100, 'deposit');
    await drainEvents(app);
    expect(await app.ctx.db.transaction((tx) => notifyIfBalanceLow(tx, me.user.id))).toBe('unchanged');
    await post(-85, 'spend');
    const twice = await Promise.all([
      app.ctx.db.transaction((tx) => notifyIfBalanceLow(tx, me.user.id)),
      app.ctx.db.transaction((tx) => notifyIfBalanceLow(tx, me.user.id)),
    ]);
    expect(twice.sort()).toEqual(['notified', 'unchanged']);
    const l = await list(me.headers);
    const low = l.notifications.filter((n) => n.title === BALANCE_LOW_TITLE);
    expect(low).toHaveLength(1);
    expect(low[0]).toMatchObject({ type: 1, viewed: false, link: '/billing/deposit/' });
    expect(low[0]?.message).toContain('€15.00');

    // The deposit's balance.credited handler clears the pin after commit.
    await post(100, 'deposit');
    await drainEvents(app);
    const after = await list(me.headers);
    expect(after.notifications.filter((n) => n.title === BALANCE_LOW_TITLE).map((n) => n.viewed)).toEqual([true]);
    expect(after.unread).toBe(0);
    // Called again (a later batch), nothing is left to clear.
    expect(await app.ctx.db.transaction((tx) => notifyIfBalanceLow(tx, me.user.id))).toBe('unchanged');
  });

  it('leaves publishers alone', async () => {
    const me = await loginAs(app, 'publisher');
    expect(await notifyIfBalanceLow(app.ctx.db, me.user.id)).toBe('unchanged');
  });
});
