import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eurosToMicros } from '@cryptads/contract/money';
import { PayoutListSchema } from '@cryptads/contract/payouts';
import { billingProfiles } from '../../db/schema/billing-profile';
import { users } from '../../db/schema/users';
import { body, loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { checkLedger } from '../ledger/check';
import { seedDemoPayouts } from './demo-payouts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.closeAll();
});

describe('the demo publisher’s payouts', () => {
  it('are three past monthly payouts (one returned by the bank) to SEPA withdraw options; seeded once', async () => {
    const pub = await loginAs(app, 'publisher');
    const now = new Date('2026-12-20T10:00:00Z');
    expect(await seedDemoPayouts(app.ctx, pub.email, now)).toBe(3);
    expect(await seedDemoPayouts(app.ctx, pub.email, now)).toBe(0);

    const list = PayoutListSchema.parse(
      body(await app.inject({ method: 'GET', url: '/api/billing/payouts', headers: pub.headers })).response,
    );
    expect(list.map((p) => [p.period, p.amount, p.status, p.destination])).toEqual([
      ['2026-12-01', 239.6, 'completed', 'IBAN DE89 …3000'],
      ['2026-11-01', 239.6, 'failed', 'IBAN DE89 …3000'],
      ['2026-10-01', 180.4, 'completed', 'IBAN DE89 …3000'],
    ]);
    expect(list[0]?.timeline.map((s) => [s.step, s.at, s.detail])).toEqual([
      ['requested', '2026-12-01T06:00:00.000Z', null],
      ['sent', '2026-12-02T06:00:00.000Z', 'SEPA-DEMO-20261201'],
      ['completed', '2026-12-03T06:00:00.000Z', null],
    ]);
    expect(list[1]?.timeline.map((s) => [s.step, s.detail])).toEqual([
      ['requested', null],
      ['sent', 'SEPA-DEMO-20261101'],
      ['failed', 'Returned by the bank: the account holder’s name did not match'],
    ]);
    // Everything credited was paid out: the returned payout went out again the month after.
    const [row] = await app.ctx.db
      .select({ b: users.balanceMicros, kyc: users.kycVerified })
      .from(users)
      .where(eq(users.id, pub.user.id));
    expect(row).toEqual({ b: eurosToMicros(0), kyc: 1 });
    const [profile] = await app.ctx.db.select().from(billingProfiles).where(eq(billingProfiles.userId, pub.user.id));
    expect(profile).toMatchObject({
      payoutMethod: 'sepa',
      payoutFrequency: 0,
      autoInvoicing: true,
      payoutIban: 'DE89370400440532013000',
    });
    expect((await checkLedger(app.ctx.db)).ok).toBe(true);
  });
});
