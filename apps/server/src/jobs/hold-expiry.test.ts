import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '@cryptads/contract/dates';
import { eurosToMicros } from '@cryptads/contract/money';
import type { Tx } from '../db/client';
import { billingProfiles } from '../db/schema/billing-profile';
import { ledgerHolds, ledgerTransfers, payouts } from '../db/schema/ledger';
import { checkLedger } from '../modules/ledger/check';
import { accountBalance, available, held, hold, platform, statementOf } from '../modules/ledger/ledger.service';
import { depositFor } from '../modules/ledger/test-helpers';
import { orderHoldDeadline } from '../modules/marketplace-orders/order-fulfilment.service';
import { insertListing, itemRows, payWallet, placeOrder } from '../modules/marketplace-orders/test-helpers';
import { giveBillingDetails } from '../modules/payments/test-helpers';
import { seedDemoPayouts } from '../modules/payouts/demo-payouts';
import { PAYOUT_NOT_SENT_IN_TIME, requestPayout } from '../modules/payouts/payouts.service';
import { loginAs } from '../testing/helpers';
import { itOnPostgres } from '../testing/postgres-only';
import { createTestApp, type TestApp } from '../testing/test-app';
import { expireDueHolds } from './hold-expiry';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
  // Building the app on PGlite takes long on a busy machine.
}, 240_000);
afterAll(async () => {
  await app.closeAll();
});

const tx = <T>(work: (t: Tx) => Promise<T>) => app.ctx.db.transaction(work);

async function fundedUser(euros: number) {
  const { user } = await loginAs(app, 'advertiser');
  await depositFor(app, user.id, eurosToMicros(euros));
  return user.id;
}

const reserve = (userId: number, euros: number, expiresAt: Date, description = 'Reserved (test)') =>
  tx((t) =>
    hold(t, {
      userId,
      to: platform('marketplace_escrow'),
      amountMicros: eurosToMicros(euros),
      kind: 'marketplace_order',
      description,
      expiresAt,
    }),
  );

const holdRow = async (id: number) => (await app.ctx.db.select().from(ledgerHolds).where(eq(ledgerHolds.id, id)))[0];
const voidsOf = async (holdId: number) =>
  (await app.ctx.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.holdId, holdId))).filter(
    (t) => t.holdPhase === 'void',
  );

describe('pending holds expire', () => {
  it('voids a hold past its deadline: the money is available again and the statement shows the release', async () => {
    const userId = await fundedUser(100);
    const now = new Date();
    const due = await reserve(userId, 30.5, new Date(now.getTime() - 1000), 'Marketplace order EXP, item 1');
    const notYet = await reserve(userId, 20, new Date(now.getTime() + DAY_MS));
    expect(await accountBalance(app.ctx.db, available(userId))).toBe(eurosToMicros(49.5));

    const voided = await expireDueHolds(app.ctx.db, now);
    expect(voided).toContain(due.hold.id);
    expect(voided).not.toContain(notYet.hold.id);
    expect((await holdRow(due.hold.id))?.status).toBe('voided');
    expect((await holdRow(notYet.hold.id))?.status).toBe('pending');
    expect(await accountBalance(app.ctx.db, available(userId))).toBe(eurosToMicros(80));
    expect(await accountBalance(app.ctx.db, held(userId))).toBe(eurosToMicros(20));

    const lines = await statementOf(app.ctx.db, available(userId));
    const release = lines.find((l) => l.kind === 'hold_void');
    expect(release).toMatchObject({
      amountMicros: eurosToMicros(30.5),
      description: 'Released, not settled in time: Marketplace order EXP, item 1',
    });
    expect((await checkLedger(app.ctx.db)).ok).toBe(true);
  }, 120_000);

  it('voids once however often it runs', async () => {
    const userId = await fundedUser(10);
    const h = await reserve(userId, 4, new Date(Date.now() - 1000));
    await expireDueHolds(app.ctx.db);
    expect(await expireDueHolds(app.ctx.db)).not.toContain(h.hold.id);
    expect(await voidsOf(h.hold.id)).toHaveLength(1);
    expect(await accountBalance(app.ctx.db, available(userId))).toBe(eurosToMicros(10));
  }, 120_000);

  itOnPostgres(
    'voids once when two runners expire the same holds at the same moment',
    async () => {
      const userId = await fundedUser(100);
      const past = new Date(Date.now() - 1000);
      const holds = await Promise.all([1, 2, 3, 4, 5].map((i) => reserve(userId, i, past)));
      const runs = await Promise.all([expireDueHolds(app.ctx.db), expireDueHolds(app.ctx.db)]);
      for (const h of holds) {
        expect(runs.flat().filter((id) => id === h.hold.id)).toHaveLength(1);
        expect(await voidsOf(h.hold.id)).toHaveLength(1);
      }
      expect(await accountBalance(app.ctx.db, available(userId))).toBe(eurosToMicros(100));
      expect(await accountBalance(app.ctx.db, held(userId))).toBe(0n);
      expect((await checkLedger(app.ctx.db)).ok).toBe(true);
    },
    120_000,
  );

  it('fails a payout still waiting to be sent when its hold expires, and the publisher has the money again', async () => {
    const p = await loginAs(app, 'publisher');
    await app.ctx.db.insert(billingProfiles).values({
      userId: p.user.id,
      isCompany: false,
      companyName: '',
      firstName: 'Paul',
      lastName: 'Tester',
      address: '1 Main Street, Berlin',
      country: 'DE',
      payoutMethod: 'sepa',
      payoutFrequency: 0,
      autoInvoicing: false,
      selfBillingAgreedAt: new Date(),
      payoutIban: 'DE89370400440532013000',
      payoutBic: 'COBADEFFXXX',
      payoutBankName: 'Commerzbank',
    });
    await depositFor(app, p.user.id, eurosToMicros(75.5));
    const requestedAt = new Date('2026-12-07T06:00:00Z');
    const payout = await requestPayout(app.ctx.db, p.user.id, { period: '2026-12-07' }, 30, requestedAt);
    if (!payout) throw new Error('no payout');
    const h = await holdRow(payout.holdId);
    expect(h?.expiresAt.toISOString()).toBe('2027-01-06T06:00:00.000Z');

    expect(await expireDueHolds(app.ctx.db, new Date('2027-01-06T05:59:59Z'))).not.toContain(payout.holdId);
    expect(await expireDueHolds(app.ctx.db, new Date('2027-01-06T06:00:00Z'))).toContain(payout.holdId);
    const [after] = await app.ctx.db.select().from(payouts).where(eq(payouts.id, payout.id));
    expect([after?.status, after?.failureReason]).toEqual(['failed', PAYOUT_NOT_SENT_IN_TIME]);
    expect(await accountBalance(app.ctx.db, available(p.user.id))).toBe(eurosToMicros(75.5));
    expect((await checkLedger(app.ctx.db)).ok).toBe(true);
  }, 120_000);
});

describe('every hold has a deadline', () => {
  it("gives a marketplace item's hold a day after its last possible timer, a payout's the configured default", async () => {
    const buyer = await loginAs(app, 'advertiser');
    await giveBillingDetails(app, buyer.user.id);
    await depositFor(app, buyer.user.id, eurosToMicros(300));
    const listing = await insertListing(app, { price: 120 });
    const unique = await placeOrder(app, buyer.headers, [listing.unique]);
    expect((await payWallet(app, buyer.headers, unique)).status).toBe(200);
    const [item] = await itemRows(app, unique);
    if (!item?.holdId || !item.acceptBy) throw new Error('item not held');
    const { deliverDays, reviewDays } = app.ctx.config.marketplace;
    expect((await holdRow(item.holdId))?.expiresAt.toISOString()).toBe(
      new Date(item.acceptBy.getTime() + (deliverDays + reviewDays + 1) * DAY_MS).toISOString(),
    );
    expect(orderHoldDeadline(item.acceptBy, { deliverDays: 14, reviewDays: 7 }).getTime()).toBe(
      item.acceptBy.getTime() + 22 * DAY_MS,
    );

    const pub = await loginAs(app, 'publisher');
    expect(await seedDemoPayouts(app.ctx, pub.email)).toBe(3);

    // Whatever made them (tests above, the order, the demo payouts), every hold has a deadline,
    // and every one still pending has it in the future of its creation.
    const all = await app.ctx.db.select().from(ledgerHolds);
    expect(all.filter((h) => h.userId === pub.user.id)).toHaveLength(3);
    for (const h of all) expect(Number.isNaN(h.expiresAt.getTime())).toBe(false);
    for (const h of all.filter((x) => x.status === 'pending'))
      expect(h.expiresAt.getTime()).toBeGreaterThan(h.createdAt.getTime() - DAY_MS);
  }, 120_000);
});
