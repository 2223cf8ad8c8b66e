import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../db/client';
import { billingProfiles } from '../../db/schema/billing-profile';
import { ledgerTransfers } from '../../db/schema/ledger';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/errors';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { recordBatch } from '../delivery/writer/record-batch';
import { type DeliveryEvent, EventKind } from '../delivery/types';
import { completePayout, failPayout, markPayoutSent, type PayoutRow, runPayouts } from '../payouts/payouts.service';
import { checkLedger, formatLedgerCheck } from './check';
import {
  accountBalance,
  creditDeposit,
  hold,
  type LedgerHold,
  type LedgerTransfer,
  operatorCredit,
  PAYMENT_PROVIDERS,
  platform,
  postHold,
  reverseTransfer,
  voidHold,
} from './ledger.service';

/**
 * Randomized operations from many connections at once (deposits with duplicate
 * webhooks, spend batches through the recorder, holds posted and voided, payouts through all
 * their steps, operator credits and their reversals), then the ledger check: zero violations.
 * On PostgreSQL: 3,000 operations, 24 in flight on the pool (LEDGER_LOAD_OPERATIONS=10000 for the
 * longer run: 78 s on a quiet two-core machine, against 23 s). PGlite runs one transaction at a
 * time, so there the same mix runs 400 times (the invariants, not the locking, are tested).
 */
const ON_POSTGRES = process.env.TEST_DB_DRIVER === 'postgres';
const OPERATIONS = ON_POSTGRES ? Number(process.env.LEDGER_LOAD_OPERATIONS ?? 3_000) : 400;
const IN_FLIGHT = 24;
const SEED = 20_261_123;

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
  // Only money here: the after-commit handlers (notifications, invoices) are not under test.
  await app.ctx.events?.stop();
});
afterAll(async () => {
  await app.closeAll();
});

/** mulberry32: a seeded mix (the interleaving, and so the exact sequence, varies with timing). */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function makeUsers(type: 1 | 2, count: number, tag: string) {
  const rows = await app.ctx.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `${tag}.${i}.${SEED}@load.example`,
        passwordHash: '!load-test',
        firstName: 'Load',
        lastName: `${tag} ${i}`,
        type,
        com: `${tag}${i}x${SEED}`.slice(0, 12),
        emailVerifiedAt: new Date(),
        kycVerified: 1,
      })),
    )
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}

describe('the ledger under concurrent load', () => {
  it(`keeps every invariant through ${OPERATIONS} randomized concurrent operations`, { timeout: 240_000 }, async () => {
    const random = prng(SEED);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    const euros = (min: number, max: number) => BigInt(Math.round((min + random() * (max - min)) * 1_000_000));

    const advertisers = await makeUsers(1, 48, 'adv');
    const publishers = await makeUsers(2, 24, 'pub');
    await app.ctx.db.insert(billingProfiles).values(
      publishers.map((userId, i) => ({
        userId,
        isCompany: false,
        firstName: 'Load',
        lastName: 'Publisher',
        address: '1 Main Street',
        country: 'DE',
        payoutMethod: i % 4 === 0 ? 'cryptocurrency' : 'sepa',
        payoutFrequency: 1,
        selfBillingAgreedAt: new Date(),
        payoutIban: 'DE89370400440532013000',
        payoutBic: 'COBADEFFXXX',
        payoutCryptoType: 'btc',
        payoutCryptoAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      })),
    );
    const everyone = [...advertisers, ...publishers];
    const mondays = Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(2027, 0, 4 + 7 * i, 9)));

    /** A webhook's deposit is a function of its key: a duplicate delivery carries the same amounts. */
    const depositOf = (key: number) => {
      const r = prng(key);
      const amountMicros = BigInt(Math.round((5 + r() * 400) * 1_000_000));
      return {
        userId: everyone[key % everyone.length] as number,
        provider: PAYMENT_PROVIDERS[key % PAYMENT_PROVIDERS.length] as (typeof PAYMENT_PROVIDERS)[number],
        amountMicros,
        feeMicros: key % 3 === 0 ? 0n : amountMicros / 100n,
        vatMicros: key % 5 === 0 ? 0n : (amountMicros * 21n) / 100n,
        idempotencyKey: `load-deposit:${SEED}:${key}`,
        reference: `pay_${key}`,
      };
    };
    const depositKeys = new Set<number>();
    const pendingHolds: LedgerHold[] = [];
    const openPayouts: PayoutRow[] = [];
    const credits: LedgerTransfer[] = [];
    let impression = 0;
    const spendEvent = (advertiserId: number, publisherId: number): DeliveryEvent => ({
      kind: EventKind.Impression,
      at: new Date(Date.UTC(2027, 0, 1 + Math.floor(random() * 60), Math.floor(random() * 24))),
      impressionId: `load-${SEED}-${impression++}`,
      // One campaign per advertiser and one website per pair: concurrent batches of different
      // advertisers write disjoint statistics rows, as batches of real campaigns do.
      campaignId: 900_000 + advertiserId,
      creativeId: 1,
      zoneId: 1,
      websiteId: 900_000 + publisherId * 1000 + advertiserId,
      advertiserId,
      publisherId,
      country: 'DE',
      os: 'Windows',
      browser: 'Chrome',
      device: 1,
      costMicros: euros(0.0001, 3),
    });

    const tx = <T>(work: (t: Tx) => Promise<T>) => app.ctx.db.transaction(work);
    const operations: Record<string, { weight: number; run: () => Promise<unknown> }> = {
      deposit: {
        weight: 25,
        run: async () => {
          // A webhook, sometimes delivered twice at the same moment, sometimes again later.
          const key = Math.floor(random() * OPERATIONS * 0.2);
          depositKeys.add(key);
          const d = depositOf(key);
          if (random() < 0.3) return Promise.all([1, 2].map(() => tx((t) => creditDeposit(t, d))));
          return tx((t) => creditDeposit(t, d));
        },
      },
      spend: {
        weight: 25,
        run: () => {
          // A few advertisers' traffic on a few sites, as one flush of a busy recorder.
          const buyers = Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(advertisers));
          const sites = Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(publishers));
          const events = Array.from({ length: 1 + Math.floor(random() * 20) }, () =>
            spendEvent(pick(buyers), pick(sites)),
          );
          return recordBatch(app.ctx, events, { raw: false, now: new Date(Date.UTC(2027, 0, 1)) });
        },
      },
      hold: {
        weight: 12,
        run: async () => {
          const r = await tx((t) =>
            hold(t, {
              userId: pick(everyone),
              to: platform('marketplace_escrow'),
              amountMicros: euros(1, 60),
              kind: 'marketplace_order',
              description: 'Marketplace order (load test)',
              expiresAt: new Date(Date.now() + 86_400_000),
            }),
          );
          pendingHolds.push(r.hold);
        },
      },
      post: {
        weight: 6,
        run: async () => {
          const h = pick(pendingHolds);
          if (h) await tx((t) => postHold(t, h.id));
        },
      },
      void: {
        weight: 6,
        run: async () => {
          const h = pick(pendingHolds);
          if (h) await tx((t) => voidHold(t, h.id));
        },
      },
      payoutRun: {
        weight: 2,
        run: async () => openPayouts.push(...(await runPayouts(app.ctx, pick(mondays))).created),
      },
      payoutSent: {
        weight: 4,
        run: async () => {
          const p = pick(openPayouts);
          if (p) await markPayoutSent(app.ctx.db, p.id, `REF-${p.id}`);
        },
      },
      payoutComplete: {
        weight: 3,
        run: async () => {
          const p = pick(openPayouts);
          if (p) await completePayout(app.ctx.db, p.id);
        },
      },
      payoutFail: {
        weight: 2,
        run: async () => {
          const p = pick(openPayouts);
          if (p) await failPayout(app.ctx.db, p.id, 'Returned by the bank');
        },
      },
      credit: {
        weight: 10,
        run: async () => {
          const key = `load-credit:${SEED}:${Math.floor(random() * OPERATIONS * 0.05)}`;
          const r = await tx((t) =>
            operatorCredit(t, {
              userId: pick(everyone),
              amountMicros: euros(1, 100),
              description: 'wire',
              idempotencyKey: key,
            }),
          );
          if (r.applied) credits.push(r.transfer);
        },
      },
      reversal: {
        weight: 5,
        run: async () => {
          const c = pick(credits);
          if (c) await tx((t) => reverseTransfer(t, c.id, { description: 'Correction (load test)' }));
        },
      },
    };
    const table = Object.entries(operations).flatMap(([name, op]) => Array<string>(op.weight).fill(name));

    const outcomes = new Map<string, number>();
    const unexpected: unknown[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < OPERATIONS) {
          next++;
          const name = pick(table);
          try {
            await operations[name]?.run();
            outcomes.set(`${name} ok`, (outcomes.get(`${name} ok`) ?? 0) + 1);
          } catch (error) {
            // Refusals a caller sees: not enough money (402), a hold or payout already resolved otherwise (409).
            if (error instanceof AppError && (error.status === 402 || error.status === 409))
              outcomes.set(`${name} ${error.status}`, (outcomes.get(`${name} ${error.status}`) ?? 0) + 1);
            else unexpected.push(error);
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    console.info(
      `ledger load: ${OPERATIONS} operations in ${seconds.toFixed(1)} s on ${ON_POSTGRES ? 'PostgreSQL' : 'PGlite'}:`,
      Object.fromEntries([...outcomes].sort()),
    );

    expect(unexpected).toEqual([]);
    const check = await checkLedger(app.ctx.db);
    expect(check.ok, formatLedgerCheck(check)).toBe(true);
    expect(check.transfers).toBeGreaterThan(OPERATIONS / 2);
    // Every operation kind happened, and was sometimes refused where refusals are possible.
    for (const name of Object.keys(operations)) expect(outcomes.get(`${name} ok`) ?? 0).toBeGreaterThan(0);
    expect(outcomes.get('hold 402') ?? 0).toBeGreaterThan(0);

    // Each webhook credited once: one deposit transfer per key, and the fees and VAT of those keys.
    const expected = [...depositKeys].map(depositOf);
    const depositTransfers = await app.ctx.db
      .select({ kind: ledgerTransfers.kind, amount: ledgerTransfers.amountMicros })
      .from(ledgerTransfers)
      .where(sql`${ledgerTransfers.idempotencyKey} like ${`load-deposit:${SEED}:%`}`);
    const sumOf = (kind: string) => depositTransfers.filter((t) => t.kind === kind).reduce((s, t) => s + t.amount, 0n);
    expect(depositTransfers.filter((t) => t.kind === 'deposit')).toHaveLength(expected.length);
    expect(sumOf('deposit')).toBe(expected.reduce((s, d) => s + d.amountMicros, 0n));
    expect(sumOf('deposit_fee')).toBe(expected.reduce((s, d) => s + d.feeMicros, 0n));
    expect(sumOf('deposit_vat')).toBe(expected.reduce((s, d) => s + d.vatMicros, 0n));
    expect(await accountBalance(app.ctx.db, platform('processing_fees'))).toBe(sumOf('deposit_fee'));
    expect(await accountBalance(app.ctx.db, platform('vat_payable'))).toBe(sumOf('deposit_vat'));
  });
});
