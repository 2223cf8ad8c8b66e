import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eurosToMicros } from '@cryptads/contract/money';
import { CampaignStatus } from '@cryptads/contract/campaign-messages';
import { campaigns } from '../../db/schema/campaigns';
import { ledgerEntries } from '../../db/schema/ledger';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/errors';
import { loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createCampaign } from '../campaigns/test-helpers';
import { INSUFFICIENT_BALANCE, type LedgerKind, postLedgerEntry } from './ledger.service';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.closeAll();
});

/** One balance change in a transaction of its own, the way services call it. */
const post = (userId: number, euros: number, kind: LedgerKind, idempotencyKey?: string) =>
  app.ctx.db.transaction((tx) =>
    postLedgerEntry(tx, {
      userId,
      amountMicros: eurosToMicros(euros),
      kind,
      description: `${kind} ${euros}`,
      ...(idempotencyKey ? { idempotencyKey } : {}),
    }),
  );

async function balanceOf(userId: number) {
  const [row] = await app.ctx.db.select({ b: users.balanceMicros }).from(users).where(eq(users.id, userId));
  return row?.b;
}

async function ledgerSumOf(userId: number) {
  const [row] = await app.ctx.db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amountMicros}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  return BigInt(row?.sum ?? 0);
}

const newUser = async () => (await loginAs(app, 'advertiser')).user.id;

describe('postLedgerEntry', () => {
  it('credits and debits the balance and records each change with the balance after it', async () => {
    const userId = await newUser();
    const credit = await post(userId, 100, 'deposit');
    expect(credit.applied).toBe(true);
    expect(credit.entry.balanceAfterMicros).toBe(100_000_000n);
    const debit = await post(userId, -0.0002, 'spend');
    expect(debit.entry).toMatchObject({ amountMicros: -200n, balanceAfterMicros: 99_999_800n, kind: 'spend' });
    expect(await balanceOf(userId)).toBe(99_999_800n);
  });

  it('refuses to go below zero with 402 and leaves the balance and the ledger unchanged', async () => {
    const userId = await newUser();
    await post(userId, 10, 'deposit');
    const error = await post(userId, -10.000001, 'spend').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 402, reason: INSUFFICIENT_BALANCE });
    expect(await balanceOf(userId)).toBe(10_000_000n);
    expect(await app.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId))).toHaveLength(1);
  });

  it('may spend the balance down to exactly zero', async () => {
    const userId = await newUser();
    await post(userId, 5, 'deposit');
    await post(userId, -5, 'spend');
    expect(await balanceOf(userId)).toBe(0n);
  });

  it('applies an entry with an idempotency key once', async () => {
    const userId = await newUser();
    const key = `payment:${userId}:abc`;
    const first = await post(userId, 25, 'deposit', key);
    const second = await post(userId, 25, 'deposit', key);
    expect(first.applied).toBe(true);
    expect(second.applied).toBe(false);
    expect(second.entry.id).toBe(first.entry.id);
    expect(await balanceOf(userId)).toBe(25_000_000n);
  });

  it('applies an idempotency key once even when two deliveries arrive at the same moment', async () => {
    const userId = await newUser();
    const key = `webhook:${userId}:race`;
    const results = await Promise.allSettled([1, 2, 3].map(() => post(userId, 40, 'deposit', key)));
    const applied = results.filter((r) => r.status === 'fulfilled' && r.value.applied);
    expect(applied).toHaveLength(1);
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(await balanceOf(userId)).toBe(40_000_000n);
    expect(await ledgerSumOf(userId)).toBe(40_000_000n);
  });

  it('keeps the cached balance equal to the sum of the ledger', async () => {
    const userId = await newUser();
    await post(userId, 500, 'deposit');
    await post(userId, -123.45, 'spend');
    await post(userId, 0.0002, 'refund');
    await post(userId, -0.3, 'spend');
    await post(userId, -1000, 'spend').catch(() => undefined);
    expect(await ledgerSumOf(userId)).toBe(await balanceOf(userId));
    expect(await balanceOf(userId)).toBe(eurosToMicros(500 - 123.45 + 0.0002 - 0.3));
  });

  it('never overdraws under concurrent debits', async () => {
    const userId = await newUser();
    await post(userId, 10, 'deposit');
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => post(userId, -3, 'spend')));
    const succeeded = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(succeeded).toHaveLength(3);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 402 });
    expect(await balanceOf(userId)).toBe(1_000_000n);
    expect(await ledgerSumOf(userId)).toBe(1_000_000n);
    const afters = (await app.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId))).map(
      (e) => e.balanceAfterMicros,
    );
    expect(afters.every((b) => b >= 0n)).toBe(true);
  });

  it('rolls the balance back when the surrounding transaction fails', async () => {
    const userId = await newUser();
    await post(userId, 10, 'deposit');
    await app.ctx.db
      .transaction(async (tx) => {
        await postLedgerEntry(tx, { userId, amountMicros: -5_000_000n, kind: 'spend', description: 'x' });
        throw new Error('the order could not be saved');
      })
      .catch(() => undefined);
    expect(await balanceOf(userId)).toBe(10_000_000n);
    expect(await ledgerSumOf(userId)).toBe(10_000_000n);
  });

  it('sends campaigns stopped for lack of funds back to delivering when money comes in', async () => {
    const advertiser = await loginAs(app, 'advertiser');
    const id = await createCampaign(app, advertiser.headers);
    await app.ctx.db.update(campaigns).set({ status: CampaignStatus.OutOfFunds }).where(eq(campaigns.id, id));
    await post(advertiser.user.id, 100, 'deposit');
    const [row] = await app.ctx.db.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, id));
    expect(row?.status).toBe(CampaignStatus.Delivering);
  });
});
