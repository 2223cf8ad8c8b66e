import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eurosToMicros } from '@cryptads/contract/money';
import { domainEvents } from '../../db/schema/events';
import { ledgerAccounts, ledgerTransfers } from '../../db/schema/ledger';
import { notifications } from '../../db/schema/notifications';
import { users } from '../../db/schema/users';
import { drainEvents, loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { recordBatch } from '../delivery/writer/record-batch';
import { streamEvent } from '../delivery/test-helpers';
import type { DeliveryEvent } from '../delivery/types';
import { creditDeposit } from '../ledger/ledger.service';
import { depositFor, ledgerSumOf } from '../ledger/test-helpers';
import { BALANCE_LOW_TITLE } from '../notifications/notifications.service';
import { emitEvents } from './events';
import { EventWorker, on } from './worker';

const HOUR = 3_600_000;

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.closeAll();
});

const deposit = (userId: number, euros: number) => depositFor(app, userId, eurosToMicros(euros));

/** One impression of a made-up campaign costing `euros`, recorded like the endpoints record. */
const spendEvent = (advertiserId: number, publisherId: number, euros: number): DeliveryEvent =>
  streamEvent('spend', 910_000 + advertiserId, advertiserId, publisherId, { costMicros: eurosToMicros(euros) });

async function balanceOf(userId: number) {
  const [u] = await app.ctx.db.select({ b: users.balanceMicros }).from(users).where(eq(users.id, userId));
  return u?.b;
}
const titlesOf = async (userId: number) =>
  (
    await app.ctx.db.select({ title: notifications.title }).from(notifications).where(eq(notifications.userId, userId))
  ).map((n) => n.title);
const outboxOf = (type: string, userId: number) =>
  app.ctx.db
    .select()
    .from(domainEvents)
    .where(and(eq(domainEvents.type, type), sql`(${domainEvents.payload}->>'userId')::int = ${userId}`));

describe('domain events', () => {
  it('a failing notification never rolls back the spend; it is retried, with backoff, until it succeeds', async () => {
    const adv = await loginAs(app, 'advertiser');
    const pub = await loginAs(app, 'publisher');
    await deposit(adv.user.id, 25);
    await drainEvents(app);
    // The notifications table refuses this advertiser's rows for now.
    const block = sql.raw(
      `alter table notifications add constraint events_test_block check (user_id <> ${adv.user.id})`,
    );
    await app.ctx.db.execute(block);

    await recordBatch(app.ctx, [spendEvent(adv.user.id, pub.user.id, 10)]);
    await drainEvents(app);
    // The money moved and stays moved; the balance (15) is below the 20 EUR threshold.
    expect(await balanceOf(adv.user.id)).toBe(eurosToMicros(15));
    expect(await ledgerSumOf(app.ctx.db, adv.user.id, ['spend', 'earning'])).toBe(-eurosToMicros(10));
    expect(await titlesOf(adv.user.id)).not.toContain(BALANCE_LOW_TITLE);
    let [event] = await outboxOf('spend.recorded', adv.user.id);
    expect(event?.doneAt).toBeNull();
    expect(event?.lastError).toContain('balance-low');
    // The referral handler succeeded and is not run again; only the notification is retried.
    expect(event?.handled).toEqual(['referral-reward']);
    const firstAttempts = event?.attempts ?? 0;
    expect(firstAttempts).toBeGreaterThanOrEqual(1);

    // An hour later it is tried again, and fails again while the table refuses.
    await app.ctx.events?.drain({ now: new Date(Date.now() + HOUR) });
    [event] = await outboxOf('spend.recorded', adv.user.id);
    expect(event?.attempts).toBeGreaterThan(firstAttempts);
    expect(event?.doneAt).toBeNull();

    await app.ctx.db.execute(sql`alter table notifications drop constraint events_test_block`);
    await app.ctx.events?.drain({ now: new Date(Date.now() + 2 * HOUR) });
    [event] = await outboxOf('spend.recorded', adv.user.id);
    expect(event?.doneAt).not.toBeNull();
    expect(event?.lastError).toBeNull();
    expect((await titlesOf(adv.user.id)).filter((t) => t === BALANCE_LOW_TITLE)).toHaveLength(1);
    // Retrying the notification moved no money.
    expect(await balanceOf(adv.user.id)).toBe(eurosToMicros(15));
  });

  it('writes no event for a transaction that rolls back', async () => {
    const adv = await loginAs(app, 'advertiser');
    await app.ctx.db
      .transaction(async (tx) => {
        await creditDeposit(tx, {
          userId: adv.user.id,
          provider: 'sandbox',
          amountMicros: 1_000_000n,
          feeMicros: 0n,
          vatMicros: 0n,
          idempotencyKey: `rolled-back:${adv.user.id}`,
          reference: 'x',
        });
        throw new Error('the order could not be saved');
      })
      .catch(() => undefined);
    expect(await outboxOf('balance.credited', adv.user.id)).toEqual([]);
    await deposit(adv.user.id, 1);
    expect(await outboxOf('balance.credited', adv.user.id)).toHaveLength(1);
  });

  it('pays the referral reward after the spend that reaches the threshold, and tells the referrer', async () => {
    const referrer = await loginAs(app, 'publisher');
    const friend = await loginAs(app, 'advertiser');
    const pub = await loginAs(app, 'publisher');
    await app.ctx.db.update(users).set({ referrerId: referrer.user.id }).where(eq(users.id, friend.user.id));
    await deposit(friend.user.id, 600);
    await recordBatch(app.ctx, [spendEvent(friend.user.id, pub.user.id, 500)]);
    await drainEvents(app);
    const rewards = await app.ctx.db
      .select({ amountMicros: ledgerTransfers.amountMicros })
      .from(ledgerTransfers)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerTransfers.creditAccountId))
      .where(
        and(eq(ledgerAccounts.code, `user:${referrer.user.id}:available`), eq(ledgerTransfers.kind, 'referral_reward')),
      );
    expect(rewards.map((r) => r.amountMicros)).toEqual([eurosToMicros(50)]);
    expect(await titlesOf(referrer.user.id)).toEqual(['Referral reward received']);
    // More spend later pays nothing more.
    await recordBatch(app.ctx, [spendEvent(friend.user.id, pub.user.id, 50)]);
    await drainEvents(app);
    expect(await balanceOf(referrer.user.id)).toBe(eurosToMicros(50));
  });
});

describe('event worker', () => {
  let quiet: TestApp;
  beforeAll(async () => {
    quiet = await createTestApp();
    // Only the workers of this test take events from this database.
    await quiet.ctx.events?.stop();
  });
  afterAll(async () => {
    await quiet.closeAll();
  });

  it('two workers on one database never run the same event, and together run them all', async () => {
    const seen: number[] = [];
    const handlers = [
      on('account.changed', 'count', async (e) => {
        seen.push(e.userId);
      }),
    ];
    const a = new EventWorker(quiet.ctx.db, { handlers, batchSize: 5 });
    const b = new EventWorker(quiet.ctx.db, { handlers, batchSize: 5 });
    const ids = Array.from({ length: 40 }, (_, i) => 1_000_000 + i);
    await quiet.ctx.db.transaction((tx) =>
      emitEvents(
        tx,
        ids.map((userId) => ({ type: 'account.changed' as const, userId })),
      ),
    );
    await Promise.all([a.drain(), b.drain(), a.drain()]);
    expect([...seen].sort((x, y) => x - y)).toEqual(ids);
    expect(await a.pending()).toBe(0);
  });
});
