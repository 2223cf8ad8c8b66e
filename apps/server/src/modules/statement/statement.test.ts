import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eurosToMicros } from '@cryptads/contract/money';
import { type Statement, StatementSchema } from '@cryptads/contract/statement';
import { ledgerTransfers } from '../../db/schema/ledger';
import { users } from '../../db/schema/users';
import { body, loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  accountBalance,
  available,
  hold,
  operatorCredit,
  platform,
  postHold,
  reverseTransfer,
  voidHold,
} from '../ledger/ledger.service';
import { depositFor, spendFor } from '../ledger/test-helpers';
import { expectLedgerOk, newBuyer, paidOrder } from '../marketplace-fulfilment/test-helpers';

/**
 * The statement of account (docs/product/billing.md#statement) through the API: every movement
 * of the balance with its running balance, and a closing balance that is the ledger's.
 */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.closeAll();
});

type Headers = Record<string, string>;

async function statement(headers: Headers, query = '') {
  const res = await app.inject({ method: 'GET', url: `/api/billing/statement${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return StatementSchema.parse(body<Statement>(res).response);
}

/** Every line of a statement, all pages. */
async function allLines(headers: Headers, query = '') {
  const first = await statement(headers, `?pageSize=100${query}`);
  const lines = [...first.lines];
  for (let page = 2; (page - 1) * 100 < first.total; page++)
    lines.push(...(await statement(headers, `?pageSize=100&page=${page}${query}`)).lines);
  return { ...first, lines };
}

const balanceOf = async (userId: number) => (await accountBalance(app.ctx.db, available(userId))).toString();

/** Moves a user's transfers to a given instant (a statement of past days). */
async function backdate(transferIds: number[], at: string) {
  await app.ctx.db
    .update(ledgerTransfers)
    .set({ createdAt: new Date(at) })
    .where(inArray(ledgerTransfers.id, transferIds));
}

describe('a marketplace order paid from the balance', () => {
  it('shows the 230 EUR purchase and the running balance dropping by it, to the micro-euro', async () => {
    const buyer = await newBuyer(app, 500);
    const { order } = await paidOrder(app, [{ price: 230 }], { buyer, spare: 0 });
    const s = await allLines(buyer.headers);
    const purchase = s.lines.find((l) => l.type === 'marketplace_purchase');
    expect(purchase).toMatchObject({ amountMicros: '-230000000' });
    expect(purchase?.description).toContain(order.unique);
    const index = s.lines.indexOf(purchase as (typeof s.lines)[number]);
    const before = BigInt(s.lines[index - 1]?.balanceMicros ?? '0');
    expect(BigInt(purchase?.balanceMicros ?? '0')).toBe(before - 230_000_000n);
    // 500 deposited, 230 deposited by paidOrder, 230 held for the order.
    expect(s.lines.map((l) => [l.type, l.amountMicros, l.balanceMicros])).toEqual([
      ['deposit', '500000000', '500000000'],
      ['deposit', '230000000', '730000000'],
      ['marketplace_purchase', '-230000000', '500000000'],
    ]);
    expect(s.closingBalanceMicros).toBe(await balanceOf(buyer.user.id));
    expect(s.closingBalanceMicros).toBe('500000000');
  });

  it('shows a delivered item as paid to the seller (0), the seller its sale less commission, and a refund back in', async () => {
    // The marketplace's postings (modules/marketplace-fulfilment/escrow.ts), made through the
    // ledger's service: each item's price held towards escrow, then posted on with the seller's
    // share and the commission, or voided back to the buyer.
    const seller = await loginAs(app, 'publisher');
    const buyer = await newBuyer(app, 133.45);
    const escrow = platform('marketplace_escrow');
    const holdItem = (itemId: number, micros: bigint) =>
      app.ctx.db.transaction((tx) =>
        hold(tx, {
          userId: buyer.user.id,
          to: escrow,
          amountMicros: micros,
          kind: 'marketplace_order',
          description: `Marketplace order TEST, item ${itemId}`,
          reference: 'order:TEST',
          idempotencyKey: `statement-test-item:${itemId}:${buyer.user.id}`,
          expiresAt: new Date(Date.now() + 86_400_000),
        }),
      );
    const sold = await holdItem(1, 123_450_000n);
    const refunded = await holdItem(2, 10_000_000n);
    const reference = `marketplace-item:statement-${buyer.user.id}`;
    await app.ctx.db.transaction((tx) =>
      postHold(tx, sold.hold.id, {
        onward: [
          {
            from: escrow,
            to: available(seller.user.id),
            amountMicros: 98_760_000n,
            kind: 'marketplace_sale',
            description: 'Marketplace sale, item 1',
            reference,
          },
          {
            from: escrow,
            to: platform('revenue'),
            amountMicros: 24_690_000n,
            kind: 'marketplace_commission',
            description: 'Marketplace commission (20 %), item 1',
            reference,
          },
        ],
      }),
    );
    await app.ctx.db.transaction((tx) =>
      voidHold(tx, refunded.hold.id, { description: 'Marketplace refund, item 2: denied by the seller' }),
    );

    const b = await allLines(buyer.headers);
    expect(b.lines.map((l) => [l.type, l.amountMicros, l.balanceMicros])).toEqual([
      ['deposit', '133450000', '133450000'],
      ['marketplace_purchase', '-123450000', '10000000'],
      ['marketplace_purchase', '-10000000', '0'],
      ['marketplace_delivered', '0', '0'],
      ['marketplace_refund', '10000000', '10000000'],
    ]);
    expect(b.lines.at(-1)?.description).toContain('denied by the seller');
    expect(b.closingBalanceMicros).toBe(await balanceOf(buyer.user.id));

    const s = await allLines(seller.headers);
    expect(s.lines).toEqual([
      expect.objectContaining({
        type: 'marketplace_sale',
        amountMicros: '98760000',
        description: 'Marketplace sale, item 1 (price 123.45 EUR less commission 24.69 EUR)',
      }),
    ]);
    expect(s.closingBalanceMicros).toBe(await balanceOf(seller.user.id));
    await expectLedgerOk(app);
  });
});

describe('the period, search, pages and CSV', () => {
  it('gives the opening and closing balance of a period and its lines only', async () => {
    const adv = await loginAs(app, 'advertiser');
    const jan = await depositFor(app, adv.user.id, eurosToMicros(100));
    const feb = await depositFor(app, adv.user.id, eurosToMicros(200));
    const spend = await spendFor(app, adv.user.id, 1_234_567n);
    const credit = await app.ctx.db.transaction((tx) =>
      operatorCredit(tx, { userId: adv.user.id, amountMicros: 5_000_000n, description: 'Goodwill: outage on 3 March' }),
    );
    await backdate(
      jan.transfers.map((t) => t.id),
      '2026-01-10T10:00:00Z',
    );
    await backdate(
      feb.transfers.map((t) => t.id),
      '2026-02-10T10:00:00Z',
    );
    await backdate(
      spend.transfers.map((t) => t.id),
      '2026-02-20T10:00:00Z',
    );
    await backdate(
      credit.transfers.map((t) => t.id),
      '2026-03-03T10:00:00Z',
    );

    const feb2026 = await allLines(adv.headers, '&from=2026-02-01&to=2026-02-28');
    expect(feb2026).toMatchObject({
      from: '2026-02-01',
      to: '2026-02-28',
      openingBalanceMicros: '100000000',
      closingBalanceMicros: '298765433',
      inMicros: '200000000',
      outMicros: '1234567',
      total: 2,
    });
    expect(feb2026.lines.map((l) => [l.day, l.type, l.amountMicros, l.balanceMicros])).toEqual([
      ['2026-02-10', 'deposit', '200000000', '300000000'],
      ['2026-02-20', 'ad_spend', '-1234567', '298765433'],
    ]);
    const march = await allLines(adv.headers, '&from=2026-03-01');
    expect(march.lines).toEqual([
      expect.objectContaining({ type: 'credit', description: 'Goodwill: outage on 3 March', amountMicros: '5000000' }),
    ]);
    expect(march.closingBalanceMicros).toBe(await balanceOf(adv.user.id));
    // An empty period keeps the balance it starts with.
    const none = await statement(adv.headers, '?from=2026-01-11&to=2026-01-31');
    expect(none).toMatchObject({ openingBalanceMicros: '100000000', closingBalanceMicros: '100000000', total: 0 });

    // Searching keeps each line's real running balance and the period's balances.
    const found = await statement(adv.headers, '?search=goodwill');
    expect(found.total).toBe(1);
    expect(found.lines[0]?.balanceMicros).toBe('303765433');
    expect(found.closingBalanceMicros).toBe('303765433');

    const page2 = await statement(adv.headers, '?pageSize=10&page=1&from=2026-01-01');
    expect(page2.lines.map((l) => l.type)).toEqual(['deposit', 'deposit', 'ad_spend', 'credit']);

    const csv = await app.inject({
      method: 'GET',
      url: '/api/billing/statement/csv?from=2026-02-01&to=2026-02-28',
      headers: adv.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="statement-from-2026-02-01-to-2026-02-28.csv"',
    );
    // To the cent as the screen shows it, then exact to the micro-euro.
    expect(csv.body.split('\r\n')).toEqual([
      'Date,Type,Description,Amount (EUR),Balance (EUR),Exact amount (EUR),Exact balance (EUR)',
      '2026-02-01,Opening balance,,,100.00,,100.000000',
      '2026-02-10,Deposit,Deposit,200.00,300.00,200.000000,300.000000',
      '2026-02-20,Ad spend,Advertising spend,-1.23,298.77,-1.234567,298.765433',
      '2026-02-28,Closing balance,,,298.77,,298.765433',
      '',
    ]);
  });

  it('refuses a period that ends before it starts, and a page size it does not offer', async () => {
    const adv = await loginAs(app, 'advertiser');
    for (const q of ['?from=2026-03-01&to=2026-02-01', '?pageSize=7', '?from=yesterday']) {
      const res = await app.inject({ method: 'GET', url: `/api/billing/statement${q}`, headers: adv.headers });
      expect(res.statusCode, q).toBe(400);
    }
  });

  it('refuses a day that does not exist (it reached the ledger query: 500), on the page and the CSV', async () => {
    const adv = await loginAs(app, 'advertiser');
    await depositFor(app, adv.user.id, eurosToMicros(10));
    for (const path of ['/api/billing/statement', '/api/billing/statement/csv'])
      for (const q of ['?from=2026-11-02&to=2026-13-01', '?from=2026-02-30', '?to=6034-34-46']) {
        const res = await app.inject({ method: 'GET', url: `${path}${q}`, headers: adv.headers });
        expect(res.statusCode, `${path}${q}`).toBe(400);
      }
  });
});

describe('whose lines', () => {
  it('shows a customer only their own lines, never another account’s', async () => {
    const a = await loginAs(app, 'advertiser');
    const b = await loginAs(app, 'advertiser');
    const p = await loginAs(app, 'publisher');
    await depositFor(app, a.user.id, eurosToMicros(111));
    await depositFor(app, b.user.id, eurosToMicros(222));
    await app.ctx.db.transaction((tx) =>
      operatorCredit(tx, { userId: p.user.id, amountMicros: 333_000_000n, description: 'Publisher bonus' }),
    );
    expect((await allLines(a.headers)).lines.map((l) => l.amountMicros)).toEqual(['111000000']);
    expect((await allLines(b.headers)).lines.map((l) => l.amountMicros)).toEqual(['222000000']);
    expect((await allLines(p.headers)).lines.map((l) => l.description)).toEqual(['Publisher bonus']);
    const csv = await app.inject({ method: 'GET', url: '/api/billing/statement/csv', headers: a.headers });
    expect(csv.body).toContain('111.000000');
    expect(csv.body).not.toContain('222.000000');
    const anonymous = await app.inject({ method: 'GET', url: '/api/billing/statement' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('shows a correction with its reason', async () => {
    const a = await loginAs(app, 'advertiser');
    const credited = await app.ctx.db.transaction((tx) =>
      operatorCredit(tx, { userId: a.user.id, amountMicros: 50_000_000n, description: 'Credit by mistake' }),
    );
    const [first] = credited.transfers;
    if (!first) throw new Error('no transfer');
    await app.ctx.db.transaction((tx) =>
      reverseTransfer(tx, first.id, { description: 'Correction: credited to the wrong account' }),
    );
    const s = await allLines(a.headers);
    expect(s.lines.map((l) => [l.type, l.description, l.amountMicros, l.balanceMicros])).toEqual([
      ['credit', 'Credit by mistake', '50000000', '50000000'],
      ['reversal', 'Correction: credited to the wrong account', '-50000000', '0'],
    ]);
  });
});

describe('reconciliation under concurrent ledger activity', () => {
  it('closes every period at the ledger balance after many concurrent deposits and spends', async () => {
    const accounts = await Promise.all([1, 2, 3].map(() => loginAs(app, 'advertiser')));
    for (const a of accounts) await depositFor(app, a.user.id, eurosToMicros(1000));
    const work: Promise<unknown>[] = [];
    for (let i = 0; i < 60; i++) {
      const a = accounts[i % accounts.length];
      if (!a) continue;
      work.push(
        i % 3 === 0
          ? depositFor(app, a.user.id, 1_000_001n + BigInt(i))
          : spendFor(app, a.user.id, 3_333_333n + BigInt(i)),
      );
    }
    await Promise.all(work);
    const today = new Date().toISOString().slice(0, 10);
    for (const a of accounts) {
      const ledger = await balanceOf(a.user.id);
      const [cached] = await app.ctx.db.select({ b: users.balanceMicros }).from(users).where(eq(users.id, a.user.id));
      expect(cached?.b.toString()).toBe(ledger);
      const all = await allLines(a.headers);
      expect(all.closingBalanceMicros).toBe(ledger);
      expect(all.lines.at(-1)?.balanceMicros).toBe(ledger);
      expect(all.lines.reduce((sum, l) => sum + BigInt(l.amountMicros), 0n).toString()).toBe(ledger);
      const todayOnly = await statement(a.headers, `?from=${today}&to=${today}`);
      expect(todayOnly.closingBalanceMicros).toBe(ledger);
      expect(
        (BigInt(todayOnly.openingBalanceMicros) + BigInt(todayOnly.inMicros) - BigInt(todayOnly.outMicros)).toString(),
      ).toBe(ledger);
    }
  });
});
