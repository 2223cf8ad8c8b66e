import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eurosToMicros } from '@cryptads/contract/money';
import { ReferralSchema } from '@cryptads/contract/referral';
import { ledgerAccounts, ledgerTransfers } from '../../db/schema/ledger';
import { users } from '../../db/schema/users';
import { body, loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { depositFor, spendFor } from '../ledger/test-helpers';
import { maybePayReferralReward, referralRewardKey } from './referral.service';

let app: TestApp;
const token = 'operator-secret-referral';
beforeAll(async () => {
  app = await createTestApp(
    { AUTH_RATE_LIMIT_MAX: '1000', PUBLIC_URL: 'https://ads.example' },
    { operatorToken: token },
  );
});
afterAll(async () => {
  await app.closeAll();
});

const summary = async (headers: Record<string, string>) => {
  const res = await app.inject({ method: 'GET', url: '/api/user/referral', headers });
  expect(res.statusCode).toBe(200);
  return ReferralSchema.parse(body(res).response);
};

/** A referred advertiser with `balance` euros deposited. */
async function referredBy(referrerId: number, balance = 1000) {
  const u = await loginAs(app, 'advertiser');
  await app.ctx.db.update(users).set({ referrerId }).where(eq(users.id, u.user.id));
  await depositFor(app, u.user.id, eurosToMicros(balance));
  return u;
}
const spend = (userId: number, euros: number) => spendFor(app, userId, eurosToMicros(euros));

describe('referral', () => {
  it('starts empty with the invite link on the sign-up page', async () => {
    const me = await loginAs(app, 'publisher');
    expect(await summary(me.headers)).toEqual({
      paidEarnings: 0,
      pendingEarnings: 0,
      usersReferred: 0,
      usersValid: 0,
      shareType: null,
      identifier: me.user.com,
      inviteLink: `https://ads.example/signup/?ref=${me.user.com}`,
    });
  });

  it('links a sign-up with the invite identifier to the referrer', async () => {
    const me = await loginAs(app, 'advertiser');
    const res = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        email: `friend.${Date.now()}@test.example`,
        firstName: 'Fred',
        lastName: 'Friend',
        userType: 1,
        password: 'Str0ng!Passw0rd',
        captcha: 'x',
        referrer: me.user.com,
      },
    });
    expect(res.statusCode).toBe(200);
    expect((await summary(me.headers)).usersReferred).toBe(1);
  });

  it('pays 50 EUR once a referred user has spent 500 EUR, exactly once', async () => {
    const me = await loginAs(app, 'publisher');
    const friend = await referredBy(me.user.id);
    await spend(friend.user.id, 300);
    expect(await app.ctx.db.transaction((tx) => maybePayReferralReward(tx, friend.user.id))).toEqual({ paid: false });
    let s = await summary(me.headers);
    expect(s).toMatchObject({ usersReferred: 1, usersValid: 0, pendingEarnings: 50, paidEarnings: 0 });

    await spend(friend.user.id, 200);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => app.ctx.db.transaction((tx) => maybePayReferralReward(tx, friend.user.id))),
    );
    expect(results.filter((r) => r.paid)).toHaveLength(1);
    const rewards = await app.ctx.db
      .select({ to: ledgerAccounts.code, amountMicros: ledgerTransfers.amountMicros, kind: ledgerTransfers.kind })
      .from(ledgerTransfers)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerTransfers.creditAccountId))
      .where(eq(ledgerTransfers.idempotencyKey, referralRewardKey(friend.user.id)));
    expect(rewards).toHaveLength(1);
    expect(rewards[0]).toMatchObject({
      to: `user:${me.user.id}:available`,
      amountMicros: eurosToMicros(50),
      kind: 'referral_reward',
    });
    s = await summary(me.headers);
    expect(s).toMatchObject({ usersReferred: 1, usersValid: 1, pendingEarnings: 0, paidEarnings: 50 });
    const details = body<{ balance: number }>(
      await app.inject({ method: 'GET', url: '/api/user', headers: me.headers }),
    );
    expect(details.response.balance).toBe(50);
    // More spend later pays nothing more.
    await spend(friend.user.id, 100);
    expect(await app.ctx.db.transaction((tx) => maybePayReferralReward(tx, friend.user.id))).toEqual({ paid: false });
  });

  it('pays nothing for a user nobody referred', async () => {
    const loner = await loginAs(app, 'advertiser');
    await depositFor(app, loner.user.id, eurosToMicros(600));
    await spend(loner.user.id, 600);
    expect(await app.ctx.db.transaction((tx) => maybePayReferralReward(tx, loner.user.id))).toEqual({ paid: false });
  });

  it('counts only the caller’s own referrals', async () => {
    const me = await loginAs(app, 'advertiser');
    const other = await loginAs(app, 'advertiser');
    await referredBy(other.user.id);
    expect((await summary(me.headers)).usersReferred).toBe(0);
    expect((await summary(other.headers)).usersReferred).toBe(1);
  });

  it('shows a preferred share an operator set, and refuses more than 10 percent', async () => {
    const me = await loginAs(app, 'publisher');
    const run = (args: string[]) =>
      app.inject({
        method: 'POST',
        url: '/api/operator/run',
        headers: { 'x-operator-token': token },
        payload: { domain: 'referral', action: 'share', args },
        remoteAddress: '127.0.0.1',
      });
    expect((await run([me.email, '7.5'])).statusCode).toBe(200);
    expect((await summary(me.headers)).shareType).toBe(7.5);
    const tooMuch = await run([me.email, '11']);
    expect(tooMuch.statusCode).toBe(400);
    expect(body(tooMuch).reason).toContain('at most 10 percent');
    expect((await run([me.email, 'off'])).statusCode).toBe(200);
    expect((await summary(me.headers)).shareType).toBeNull();
  });

  it('needs a session', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/user/referral' })).statusCode).toBe(401);
  });
});
