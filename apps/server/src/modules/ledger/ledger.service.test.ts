import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eurosToMicros } from '@cryptads/contract/money';
import { CampaignStatus } from '@cryptads/contract/campaign-messages';
import type { Tx } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { domainEvents } from '../../db/schema/events';
import { ledgerHolds, ledgerTransfers } from '../../db/schema/ledger';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/errors';
import { drainEvents, loginAs } from '../../testing/helpers';
import { itOnPostgres } from '../../testing/postgres-only';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createCampaign } from '../campaigns/test-helpers';
import { checkLedger } from './check';
import {
  accountBalance,
  available,
  clearing,
  creditDeposit,
  creditDeposits,
  held,
  hold,
  INSUFFICIENT_BALANCE,
  operatorCredit,
  paysNextEvent,
  platform,
  postAdSpend,
  postHold,
  reverseTransfer,
  statementOf,
  transfer,
  transferMany,
  voidHold,
} from './ledger.service';
import { depositFor, ledgerSumOf, spendFor } from './test-helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.closeAll();
});

const tx = <T>(work: (t: Tx) => Promise<T>) => app.ctx.db.transaction(work);
const deposit = (userId: number, euros: number, key?: string) => depositFor(app, userId, eurosToMicros(euros), key);
const spend = (userId: number, euros: number) => spendFor(app, userId, eurosToMicros(euros));

async function balanceOf(userId: number) {
  const [row] = await app.ctx.db.select({ b: users.balanceMicros }).from(users).where(eq(users.id, userId));
  return row?.b;
}
const newUser = async (role: 'advertiser' | 'publisher' = 'advertiser') => (await loginAs(app, role)).user.id;

describe('transfers', () => {
  it('moves money between two accounts: the cached balance, both account balances and one immutable row', async () => {
    const userId = await newUser();
    const revenueBefore = await accountBalance(app.ctx.db, platform('revenue'));
    const credit = await deposit(userId, 100);
    expect(credit.applied).toBe(true);
    expect(credit.balances.get(`user:${userId}:available`)).toBe(100_000_000n);
    const debit = await spend(userId, 0.0002);
    expect(debit.transfer).toMatchObject({ amountMicros: 200n, kind: 'spend' });
    expect(await balanceOf(userId)).toBe(99_999_800n);
    expect(await accountBalance(app.ctx.db, available(userId))).toBe(99_999_800n);
    expect((await accountBalance(app.ctx.db, platform('revenue'))) - revenueBefore).toBe(200n);
    expect((await statementOf(app.ctx.db, available(userId))).map((l) => [l.kind, l.amountMicros])).toEqual([
      ['deposit', 100_000_000n],
      ['spend', -200n],
    ]);
  });

  it('refuses to go below zero with 402 and leaves the balance and the ledger unchanged', async () => {
    const userId = await newUser();
    await deposit(userId, 10);
    const error = await spend(userId, 10.000001).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 402, reason: INSUFFICIENT_BALANCE });
    expect(await balanceOf(userId)).toBe(10_000_000n);
    expect(await statementOf(app.ctx.db, available(userId))).toHaveLength(1);
  });

  it('may spend the balance down to exactly zero', async () => {
    const userId = await newUser();
    await deposit(userId, 5);
    await spend(userId, 5);
    expect(await balanceOf(userId)).toBe(0n);
  });

  it('applies a transfer with an idempotency key once', async () => {
    const userId = await newUser();
    const credit = () =>
      tx((t) =>
        operatorCredit(t, {
          userId,
          amountMicros: eurosToMicros(25),
          description: 'wire',
          idempotencyKey: `k:${userId}`,
        }),
      );
    const first = await credit();
    const second = await credit();
    expect(first.applied).toBe(true);
    expect(second.applied).toBe(false);
    expect(second.transfer.id).toBe(first.transfer.id);
    expect(await balanceOf(userId)).toBe(25_000_000n);
  });

  itOnPostgres('applies an idempotency key once even when two deliveries arrive at the same moment', async () => {
    const userId = await newUser();
    const key = `webhook:${userId}:race`;
    const results = await Promise.allSettled([1, 2, 3].map(() => deposit(userId, 40, key)));
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(results.filter((r) => r.status === 'fulfilled' && r.value.applied)).toHaveLength(1);
    expect(await balanceOf(userId)).toBe(40_000_000n);
    expect(await ledgerSumOf(app.ctx.db, userId)).toBe(40_000_000n);
  });

  it('keeps the cached balance equal to the sum of the transfers', async () => {
    const userId = await newUser();
    await deposit(userId, 500);
    await spend(userId, 123.45);
    await tx((t) => operatorCredit(t, { userId, amountMicros: 200n, description: 'refund' }));
    await spend(userId, 0.3);
    await spend(userId, 1000).catch(() => undefined);
    expect(await ledgerSumOf(app.ctx.db, userId)).toBe(await balanceOf(userId));
    expect(await balanceOf(userId)).toBe(eurosToMicros(500 - 123.45 + 0.0002 - 0.3));
  });

  itOnPostgres('never overdraws under concurrent debits', async () => {
    const userId = await newUser();
    await deposit(userId, 10);
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => spend(userId, 3)));
    const refused = results.filter((r) => r.status === 'rejected');
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 402 });
    expect(await balanceOf(userId)).toBe(1_000_000n);
    expect(await ledgerSumOf(app.ctx.db, userId)).toBe(1_000_000n);
  });

  it('rolls the balance back when the surrounding transaction fails', async () => {
    const userId = await newUser();
    await deposit(userId, 10);
    await tx(async (t) => {
      await transfer(t, {
        from: available(userId),
        to: platform('revenue'),
        amountMicros: 5_000_000n,
        kind: 'spend',
        description: 'x',
      });
      throw new Error('the order could not be saved');
    }).catch(() => undefined);
    expect(await balanceOf(userId)).toBe(10_000_000n);
    expect(await ledgerSumOf(app.ctx.db, userId)).toBe(10_000_000n);
  });

  it('refuses an amount of zero or below and a transfer from an account to itself', async () => {
    const userId = await newUser();
    const t = (amountMicros: bigint, to = platform('revenue')) =>
      tx((x) => transfer(x, { from: available(userId), to, amountMicros, kind: 'spend', description: 'x' }));
    await expect(t(0n)).rejects.toThrow(/more than zero/);
    await expect(t(-5n)).rejects.toThrow(/more than zero/);
    await expect(t(5n, available(userId))).rejects.toThrow(/to itself/);
  });

  it('sends campaigns stopped for lack of funds back to delivering when money comes in', async () => {
    const advertiser = await loginAs(app, 'advertiser');
    const id = await createCampaign(app, advertiser.headers);
    await app.ctx.db.update(campaigns).set({ status: CampaignStatus.OutOfFunds }).where(eq(campaigns.id, id));
    await deposit(advertiser.user.id, 100);
    // After commit: the deposit's balance.credited event reactivates them.
    await drainEvents(app);
    const [row] = await app.ctx.db.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, id));
    expect(row?.status).toBe(CampaignStatus.Delivering);
  });

  it('counts a campaign funded when the balance pays its next event, to the micro-euro', () => {
    // CPM €2.50: an impression is €0.0025. CPM €0.0015: a thousandth rounds down to 1 micro-euro.
    expect(paysNextEvent(2_499n, { paymentMode: 0, priceMicros: 2_500_000n })).toBe(false);
    expect(paysNextEvent(2_500n, { paymentMode: 0, priceMicros: 2_500_000n })).toBe(true);
    expect(paysNextEvent(1n, { paymentMode: 0, priceMicros: 1_500n })).toBe(true);
    expect(paysNextEvent(0n, { paymentMode: 0, priceMicros: 999n })).toBe(false);
    expect(paysNextEvent(399_999n, { paymentMode: 1, priceMicros: 400_000n })).toBe(false);
    expect(paysNextEvent(400_000n, { paymentMode: 1, priceMicros: 400_000n })).toBe(true);
  });

  it('leaves them stopped while the balance cannot pay their next impression or click', async () => {
    const advertiser = await loginAs(app, 'advertiser');
    const statusOf = async (id: number) =>
      (await app.ctx.db.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, id)))[0]?.status;
    // CPM €2.50: one impression costs €0.0025. CPC €0.40: one click costs €0.40.
    const cpm = await createCampaign(app, advertiser.headers);
    const cpc = await createCampaign(app, advertiser.headers);
    await app.ctx.db
      .update(campaigns)
      .set({ status: CampaignStatus.OutOfFunds, paymentMode: 0, priceMicros: 2_500_000n })
      .where(eq(campaigns.id, cpm));
    await app.ctx.db
      .update(campaigns)
      .set({ status: CampaignStatus.OutOfFunds, paymentMode: 1, priceMicros: 400_000n })
      .where(eq(campaigns.id, cpc));
    const credit = async (micros: bigint) => {
      await tx((t) => operatorCredit(t, { userId: advertiser.user.id, amountMicros: micros, description: 'top-up' }));
      await drainEvents(app);
    };

    await credit(2_499n);
    expect([await statusOf(cpm), await statusOf(cpc)]).toEqual([CampaignStatus.OutOfFunds, CampaignStatus.OutOfFunds]);
    await credit(1n); // €0.0025: one impression
    expect([await statusOf(cpm), await statusOf(cpc)]).toEqual([CampaignStatus.Delivering, CampaignStatus.OutOfFunds]);
    await credit(397_500n); // €0.40: one click
    expect(await statusOf(cpc)).toBe(CampaignStatus.Delivering);
  });

  it('answers the transfers of a posting as stored, in the order asked, any text and date kept exact', async () => {
    const userId = await newUser();
    await deposit(userId, 10);
    const past = new Date('2026-03-04T05:06:07.089Z');
    const odd = 'quote " backslash \\ comma, {brace} NULL é€ \n new line';
    const { posted, now } = await tx(async (t) => ({
      posted: await transferMany(t, [
        { from: available(userId), to: platform('revenue'), amountMicros: 1n, kind: 'spend', description: odd },
        {
          from: available(userId),
          to: platform('revenue'),
          amountMicros: 9_999_999n,
          kind: 'spend',
          description: 'NULL',
          reference: odd,
          at: past,
        },
        { from: platform('revenue'), to: available(userId), amountMicros: 3n, kind: 'refund', description: '' },
      ]),
      now: ((await t.execute(sql`select now() as now`)) as unknown as { rows: { now: unknown }[] }).rows[0]?.now,
    }));
    const stored = await app.ctx.db
      .select()
      .from(ledgerTransfers)
      .where(sql`${ledgerTransfers.id} = any(${`{${posted.transfers.map((t) => t.id).join(',')}}`}::bigint[])`)
      .orderBy(ledgerTransfers.id);
    expect(posted.transfers).toEqual(stored);
    expect(stored.map((t) => [t.amountMicros, t.kind, t.description, t.reference, t.idempotencyKey])).toEqual([
      [1n, 'spend', odd, null, null],
      [9_999_999n, 'spend', 'NULL', odd, null],
      [3n, 'refund', '', null, null],
    ]);
    expect(stored[1]?.createdAt.toISOString()).toBe(past.toISOString());
    // Without a date of its own, a transfer is dated by its transaction (the column's default).
    expect(stored[0]?.createdAt.getTime()).toBe(
      new Date(String(now instanceof Date ? now.toISOString() : now)).getTime(),
    );
    expect(await balanceOf(userId)).toBe(10_000_000n - 10_000_000n + 3n);
  });

  it('undoes a transfer once with a reversing transfer; the original stays', async () => {
    const userId = await newUser();
    const { transfer: original } = await tx((t) =>
      operatorCredit(t, { userId, amountMicros: 7_000_000n, description: 'credited twice by mistake' }),
    );
    const first = await tx((t) => reverseTransfer(t, original.id, { description: 'Correction' }));
    const again = await tx((t) => reverseTransfer(t, original.id, { description: 'Correction' }));
    expect(first.applied).toBe(true);
    expect(again).toMatchObject({ applied: false, transfer: { id: first.transfer.id } });
    expect(first.transfer).toMatchObject({
      kind: 'reversal',
      reversalOf: original.id,
      debitAccountId: original.creditAccountId,
      creditAccountId: original.debitAccountId,
      amountMicros: 7_000_000n,
    });
    expect(await balanceOf(userId)).toBe(0n);
    expect(await statementOf(app.ctx.db, available(userId))).toHaveLength(2);
  });
});

describe('creditDeposit', () => {
  it('splits what the customer paid into the balance, the processing fee and VAT, from the provider’s clearing account', async () => {
    const userId = await newUser();
    const before = {
      clearing: await accountBalance(app.ctx.db, clearing('coingate')),
      fees: await accountBalance(app.ctx.db, platform('processing_fees')),
      vat: await accountBalance(app.ctx.db, platform('vat_payable')),
    };
    const d = {
      userId,
      provider: 'coingate' as const,
      amountMicros: 150_000_000n,
      feeMicros: 1_500_000n,
      vatMicros: 34_845_000n,
      idempotencyKey: `payment:pay_${userId}`,
      reference: `pay_${userId}`,
    };
    const first = await tx((t) => creditDeposit(t, d));
    const again = await tx((t) => creditDeposit(t, d));
    expect(first.applied).toBe(true);
    expect(again.applied).toBe(false);
    expect(first.transfers.map((t) => [t.kind, t.amountMicros, t.idempotencyKey])).toEqual([
      ['deposit', 150_000_000n, d.idempotencyKey],
      ['deposit_fee', 1_500_000n, `${d.idempotencyKey}#2`],
      ['deposit_vat', 34_845_000n, `${d.idempotencyKey}#3`],
    ]);
    expect(await balanceOf(userId)).toBe(150_000_000n);
    expect((await accountBalance(app.ctx.db, clearing('coingate'))) - before.clearing).toBe(-186_345_000n);
    expect((await accountBalance(app.ctx.db, platform('processing_fees'))) - before.fees).toBe(1_500_000n);
    expect((await accountBalance(app.ctx.db, platform('vat_payable'))) - before.vat).toBe(34_845_000n);
    const events = await app.ctx.db
      .select({ payload: domainEvents.payload })
      .from(domainEvents)
      .where(sql`${domainEvents.type} = 'balance.credited' and (${domainEvents.payload}->>'userId')::int = ${userId}`);
    expect(events.map((e) => e.payload)).toEqual([
      { type: 'balance.credited', userId, amountMicros: '150000000', reason: 'deposit' },
    ]);
  });

  it('creditDeposits posts several deposits at once, each transfer as creditDeposit writes it; a key posted before posts nothing', async () => {
    const [a, b, c] = [await newUser(), await newUser(), await newUser()];
    const deposit = (userId: number, fee: bigint, vat: bigint, vatCountry: string | null) => ({
      userId,
      provider: 'bank' as const,
      amountMicros: 100_000_000n,
      feeMicros: fee,
      vatMicros: vat,
      vatCountry,
      idempotencyKey: `payment:bulk_${userId}`,
      reference: `payment:bulk_${userId}`,
      description: 'Deposit by bank transfer',
    });
    const [da, db, dc] = [
      deposit(a, 0n, 23_000_000n, 'IE'),
      deposit(b, 1_000_000n, 19_190_000n, 'DE'),
      deposit(c, 0n, 0n, null),
    ];
    // The same deposits one at a time, on twins: what each transfer must look like.
    const twins = [await newUser(), await newUser(), await newUser()];
    const single = [];
    for (const [i, d] of [da, db, dc].entries()) {
      const twin = twins[i] as number;
      single.push(
        (
          await tx((t) =>
            creditDeposit(t, {
              ...d,
              userId: twin,
              idempotencyKey: `payment:bulk_${twin}`,
              reference: `payment:bulk_${twin}`,
            }),
          )
        ).transfers,
      );
    }
    await tx((t) => creditDeposit(t, da));
    const clearingBefore = await accountBalance(app.ctx.db, clearing('bank'));
    await tx((t) => creditDeposits(t, [da, db, dc]));
    const shape = (
      rows: {
        kind: string;
        amountMicros: bigint;
        idempotencyKey: string | null;
        description: string;
        reference: string | null;
      }[],
      userId: number,
    ) =>
      rows.map((r) => [
        r.kind,
        r.amountMicros,
        r.idempotencyKey?.replace(String(userId), 'U'),
        r.description,
        r.reference?.replace(String(userId), 'U'),
      ]);
    for (const [i, d] of [da, db, dc].entries()) {
      const rows = await app.ctx.db
        .select()
        .from(ledgerTransfers)
        .where(sql`${ledgerTransfers.idempotencyKey} like ${`${d.idempotencyKey}%`}`)
        .orderBy(ledgerTransfers.id);
      expect(shape(rows, d.userId)).toEqual(shape(single[i] ?? [], twins[i] as number));
      expect(await balanceOf(d.userId)).toBe(100_000_000n);
    }
    // Deposit a was posted before the bulk: only b and c left the clearing account.
    expect(clearingBefore - (await accountBalance(app.ctx.db, clearing('bank')))).toBe(120_190_000n + 100_000_000n);
    await expect(tx((t) => creditDeposits(t, [{ ...da, vatMicros: 0n }]))).rejects.toMatchObject({ status: 409 });
  });

  it('writes no transfer for a fee or VAT of zero', async () => {
    const userId = await newUser();
    const r = await tx((t) =>
      creditDeposit(t, {
        userId,
        provider: 'stripe',
        amountMicros: 100_000_000n,
        feeMicros: 0n,
        vatMicros: 21_000_000n,
        idempotencyKey: `card:${userId}`,
        reference: 'cs_test',
      }),
    );
    expect(r.transfers.map((t) => t.kind)).toEqual(['deposit', 'deposit_vat']);
  });
});

describe('postAdSpend', () => {
  it('pays each publisher its earnings from the advertiser and the network revenue the rest, in one posting', async () => {
    const adv = await newUser();
    const pubA = await newUser('publisher');
    const pubB = await newUser('publisher');
    await deposit(adv, 10);
    const revenueBefore = await accountBalance(app.ctx.db, platform('revenue'));
    await tx((t) =>
      postAdSpend(t, [
        { advertiserId: adv, publisherId: pubA, costMicros: 1_000_000n, earningsMicros: 700_000n },
        { advertiserId: adv, publisherId: pubB, costMicros: 2_000_000n, earningsMicros: 1_400_000n },
        { advertiserId: adv, publisherId: pubA, costMicros: 1_000n, earningsMicros: 700n },
      ]),
    );
    expect(await balanceOf(adv)).toBe(10_000_000n - 3_001_000n);
    expect(await balanceOf(pubA)).toBe(700_700n);
    expect(await balanceOf(pubB)).toBe(1_400_000n);
    expect((await accountBalance(app.ctx.db, platform('revenue'))) - revenueBefore).toBe(900_300n);
    expect((await statementOf(app.ctx.db, available(adv))).map((l) => [l.kind, l.amountMicros])).toEqual([
      ['deposit', 10_000_000n],
      ['earning', -700_700n],
      ['earning', -1_400_000n],
      ['spend', -900_300n],
    ]);
  });
});

describe('holds (two-phase transfers)', () => {
  const reserve = (userId: number, euros: number, key?: string) =>
    tx((t) =>
      hold(t, {
        userId,
        to: platform('payouts_in_transit'),
        amountMicros: eurosToMicros(euros),
        kind: 'payout',
        description: 'Payout',
        expiresAt: new Date(Date.now() + 86_400_000),
        ...(key ? { idempotencyKey: key } : {}),
      }),
    );

  it('reserves (available -> held), then posts to the destination once', async () => {
    const userId = await newUser('publisher');
    await deposit(userId, 80);
    const transitBefore = await accountBalance(app.ctx.db, platform('payouts_in_transit'));
    const { hold: h } = await reserve(userId, 60);
    expect(h.status).toBe('pending');
    expect(await balanceOf(userId)).toBe(eurosToMicros(20));
    expect(await accountBalance(app.ctx.db, held(userId))).toBe(eurosToMicros(60));
    const posted = await tx((t) => postHold(t, h.id));
    const twice = await tx((t) => postHold(t, h.id));
    expect(posted).toMatchObject({ applied: true, hold: { status: 'posted' } });
    expect(twice.applied).toBe(false);
    expect(await accountBalance(app.ctx.db, held(userId))).toBe(0n);
    expect(await balanceOf(userId)).toBe(eurosToMicros(20));
    expect((await accountBalance(app.ctx.db, platform('payouts_in_transit'))) - transitBefore).toBe(eurosToMicros(60));
    const legs = await app.ctx.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.holdId, h.id));
    expect(legs.map((l) => l.holdPhase).sort()).toEqual(['post', 'reserve']);
  });

  it('posts a hold and its onward transfers as one posting, once (the marketplace: escrow -> seller and revenue)', async () => {
    const buyer = await newUser('advertiser');
    const seller = await newUser('publisher');
    await deposit(buyer, 50);
    const escrow = platform('marketplace_escrow');
    const before = {
      escrow: await accountBalance(app.ctx.db, escrow),
      revenue: await accountBalance(app.ctx.db, platform('revenue')),
    };
    const { hold: h } = await tx((t) =>
      hold(t, {
        userId: buyer,
        to: escrow,
        amountMicros: eurosToMicros(50),
        kind: 'marketplace_order',
        description: 'Item',
        expiresAt: new Date(Date.now() + 86_400_000),
      }),
    );
    const onward = [
      {
        from: escrow,
        to: available(seller),
        amountMicros: eurosToMicros(40),
        kind: 'marketplace_sale' as const,
        description: 'Sale',
      },
      {
        from: escrow,
        to: platform('revenue'),
        amountMicros: eurosToMicros(10),
        kind: 'marketplace_commission' as const,
        description: 'Commission',
      },
    ];
    expect((await tx((t) => postHold(t, h.id, { onward }))).applied).toBe(true);
    // A second post writes nothing, onward legs included.
    expect((await tx((t) => postHold(t, h.id, { onward }))).applied).toBe(false);
    expect(await balanceOf(seller)).toBe(eurosToMicros(40));
    expect((await accountBalance(app.ctx.db, platform('revenue'))) - before.revenue).toBe(eurosToMicros(10));
    expect(await accountBalance(app.ctx.db, escrow)).toBe(before.escrow);
    expect(await accountBalance(app.ctx.db, held(buyer))).toBe(0n);
    expect((await checkLedger(app.ctx.db)).ok).toBe(true);
  });

  it('voids: the money goes back to available; a voided hold cannot be posted (409) and a posted one cannot be voided', async () => {
    const userId = await newUser('publisher');
    await deposit(userId, 80);
    const { hold: a } = await reserve(userId, 50);
    expect((await tx((t) => voidHold(t, a.id))).applied).toBe(true);
    expect((await tx((t) => voidHold(t, a.id))).applied).toBe(false);
    expect(await balanceOf(userId)).toBe(eurosToMicros(80));
    expect(await accountBalance(app.ctx.db, held(userId))).toBe(0n);
    await expect(tx((t) => postHold(t, a.id))).rejects.toMatchObject({ status: 409 });
    const { hold: b } = await reserve(userId, 30);
    await tx((t) => postHold(t, b.id));
    await expect(tx((t) => voidHold(t, b.id))).rejects.toMatchObject({ status: 409 });
    expect(await balanceOf(userId)).toBe(eurosToMicros(50));
  });

  it('refuses to reserve more than the available balance (402) and reserves a key once', async () => {
    const userId = await newUser('publisher');
    await deposit(userId, 10);
    await expect(reserve(userId, 10.01)).rejects.toMatchObject({ status: 402 });
    const results = await Promise.all([1, 2, 3].map(() => reserve(userId, 6, `hold:${userId}`)));
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect(new Set(results.map((r) => r.hold.id)).size).toBe(1);
    expect(await balanceOf(userId)).toBe(eurosToMicros(4));
    expect(await app.ctx.db.select().from(ledgerHolds).where(eq(ledgerHolds.userId, userId))).toHaveLength(1);
  });

  it('resolves a hold once when a post and a void arrive at the same moment', async () => {
    const userId = await newUser('publisher');
    await deposit(userId, 100);
    const { hold: h } = await reserve(userId, 100);
    const results = await Promise.allSettled([tx((t) => postHold(t, h.id)), tx((t) => voidHold(t, h.id))]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [row] = await app.ctx.db.select().from(ledgerHolds).where(eq(ledgerHolds.id, h.id));
    expect(await balanceOf(userId)).toBe(row?.status === 'voided' ? eurosToMicros(100) : 0n);
    expect(await accountBalance(app.ctx.db, held(userId))).toBe(0n);
  });
});

describe('checkLedger', () => {
  it('finds no violation after all the above, and names the ones an out-of-band change makes', async () => {
    const clean = await checkLedger(app.ctx.db);
    expect(clean.items.filter((i) => i.violations > 0)).toEqual([]);
    expect(clean.ok).toBe(true);

    const userId = await newUser();
    await deposit(userId, 10);
    // A balance changed behind the ledger's back: the cache, the account and the sum disagree.
    await app.ctx.db.update(users).set({ balanceMicros: 11_000_000n }).where(eq(users.id, userId));
    await app.ctx.db.execute(
      sql`update ledger_accounts set balance_micros = balance_micros + 1 where code = ${`user:${userId}:available`}`,
    );
    const broken = await checkLedger(app.ctx.db);
    expect(broken.ok).toBe(false);
    const failing = broken.items.filter((i) => i.violations > 0);
    expect(failing.map((i) => i.name)).toEqual([
      'the sum of all account balances is zero',
      'every account balance equals its transfers (credits minus debits)',
      'every cached user balance (users.balance_micros) equals the user’s available account',
    ]);
    expect(failing[1]?.examples).toEqual([`user:${userId}:available: 10000001, transfers say 10000000`]);
    // Put back, so the rest of the file's database stays consistent.
    await app.ctx.db.update(users).set({ balanceMicros: 10_000_000n }).where(eq(users.id, userId));
    await app.ctx.db.execute(
      sql`update ledger_accounts set balance_micros = balance_micros - 1 where code = ${`user:${userId}:available`}`,
    );
    expect((await checkLedger(app.ctx.db)).ok).toBe(true);
  });

  it('names a hold resolved without its transfer', async () => {
    const userId = await newUser('publisher');
    await deposit(userId, 30);
    const { hold: h } = await tx((t) =>
      hold(t, {
        userId,
        to: platform('marketplace_escrow'),
        amountMicros: 5_000_000n,
        kind: 'marketplace_order',
        description: 'x',
        expiresAt: new Date(Date.now() + 86_400_000),
      }),
    );
    await app.ctx.db
      .update(ledgerHolds)
      .set({ status: 'posted', resolvedAt: new Date() })
      .where(eq(ledgerHolds.id, h.id));
    const broken = await checkLedger(app.ctx.db);
    expect(broken.items.filter((i) => i.violations > 0).map((i) => [i.name, i.examples])).toEqual([
      [
        'every hold has its reserving transfer (available -> held), one posting or voiding transfer once resolved and none while pending',
        [`hold ${h.id} (posted): 1 reserve, 0 post, 0 void of 1 transfers`],
      ],
      ['every held account equals the user’s pending holds', [`user ${userId}: held 5000000, pending holds 0`]],
    ]);
    await app.ctx.db.update(ledgerHolds).set({ status: 'pending', resolvedAt: null }).where(eq(ledgerHolds.id, h.id));
    expect((await checkLedger(app.ctx.db)).ok).toBe(true);
  });
});
