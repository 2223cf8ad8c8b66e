import { rmSync } from 'node:fs';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isoDay } from '@cryptads/contract/dates';
import { formatEuros, microsToEuros } from '@cryptads/contract/money';
import { exactEuros, type Statement, StatementSchema } from '@cryptads/contract/statement';
import { campaigns } from '../../db/schema/campaigns';
import { ledgerAccounts } from '../../db/schema/ledger';
import { users } from '../../db/schema/users';
import { websites, zones } from '../../db/schema/websites';
import { DEMO_ACCOUNTS, demoWorldStart, seedDemo } from '../../seed/demo';
import { bearer, body, sessionTokenOf } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { tempDataDir } from '../campaigns/test-helpers';
import { delivery, serve } from '../delivery/test-helpers';
import { checkLedger, formatLedgerCheck } from '../ledger/check';
import { accountBalance, available } from '../ledger/ledger.service';
import { statementOf } from './statement.service';

const HISTORY_DAYS = 3;

/**
 * The statements of the demo world (docs/product/billing.md#statement): they reconcile with the
 * ledger for every account, agree with the balance shown everywhere else to the cent, and read
 * like a real account's, its history on the days it happened. One seeded world for the file.
 */
describe('the statements of the demo world', () => {
  let app: TestApp;
  let dir: string;
  const today = isoDay(Date.now());
  beforeAll(async () => {
    dir = tempDataDir();
    // Ads served through /serve below: a trusted country header, no invalid-traffic filter.
    app = await createTestApp({
      DATA_DIR: dir,
      DEMO_HISTORY_DAYS: String(HISTORY_DAYS),
      TRUST_PROXY: '1',
      IVT_ENABLED: '0',
    });
    await seedDemo(app.ctx);
  }, 180_000);
  afterAll(async () => {
    await app.closeAll();
    rmSync(dir, { recursive: true, force: true });
  });

  const everything = (userId: number, to?: string) =>
    statementOf(app.ctx.db, userId, { page: 1, pageSize: 1_000_000, ...(to ? { to } : {}) });
  const demoUser = async (email: string) => {
    const [u] = await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!u) throw new Error(`no ${email}`);
    return u.id;
  };
  const [advertiserEmail, publisherEmail] = ['advertiser@cryptads.example', 'publisher@cryptads.example'];

  it('closes every account’s statement at its ledger balance, to the micro-euro', async () => {
    const owners = await app.ctx.db
      .select({ userId: ledgerAccounts.userId })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.kind, 'available'));
    const ids = owners.flatMap((o) => (o.userId === null ? [] : [o.userId]));
    // The demo advertiser and the demo publisher.
    expect(ids.length).toBeGreaterThanOrEqual(2);
    for (const id of ids) {
      const ledger = (await accountBalance(app.ctx.db, available(id))).toString();
      const s = await everything(id);
      expect(s.closingBalanceMicros, `user ${id}`).toBe(ledger);
      // Nothing is dated after today: the statement up to today is the whole ledger.
      expect((await everything(id, today)).closingBalanceMicros, `user ${id} today`).toBe(ledger);
      expect(s.lines.reduce((sum, l) => sum + BigInt(l.amountMicros), 0n).toString()).toBe(ledger);
    }
  });

  it('gives the demo advertiser one ad spend line per campaign and day, and the publisher one earnings line per website and day', async () => {
    const [adv, pub] = await Promise.all([demoUser(advertiserEmail), demoUser(publisherEmail)]);
    const spend = (await everything(adv)).lines.filter((l) => l.type === 'ad_spend');
    expect(spend.length).toBeGreaterThan(0);
    const names = new Set(
      (await app.ctx.db.select({ name: campaigns.name }).from(campaigns).where(eq(campaigns.ownerId, adv))).map(
        (c) => `Ad spend: ${c.name}`,
      ),
    );
    for (const l of spend) expect(names).toContain(l.description);
    const spendKeys = spend.map((l) => `${l.day}|${l.description}`);
    expect(new Set(spendKeys).size).toBe(spendKeys.length);

    const earnings = (await everything(pub)).lines.filter((l) => l.type === 'earnings');
    expect(earnings.length).toBeGreaterThan(0);
    const domains = await app.ctx.db
      .select({ domain: websites.domain })
      .from(websites)
      .where(inArray(websites.ownerId, [pub]));
    const expected = new Set(domains.map((d) => `Earnings: ${d.domain}`));
    for (const l of earnings) expect(expected).toContain(l.description);
    const earningKeys = earnings.map((l) => `${l.day}|${l.description}`);
    expect(new Set(earningKeys).size).toBe(earningKeys.length);
  });

  it('shows the history on the days it happened, never below zero on the way', async () => {
    const [adv, pub] = await Promise.all([demoUser(advertiserEmail), demoUser(publisherEmail)]);
    const historyDays = Array.from({ length: HISTORY_DAYS }, (_, i) => addDays(today, i - HISTORY_DAYS + 1));
    const worldStart = isoDay(demoWorldStart(HISTORY_DAYS));
    const daysOf = (lines: Statement['lines'], type: string) =>
      [...new Set(lines.filter((l) => l.type === type).map((l) => l.day))].sort();

    const a = (await everything(adv)).lines;
    // Ad spend on each day of the history, not all of it today.
    expect(daysOf(a, 'ad_spend')).toEqual(historyDays);
    // The money before what it paid for: the opening credit where the world starts, the
    // history's deposit on its first day, the marketplace orders' funding before the orders
    // placed 12 and 2 days ago; the paid deposits (with their invoices) today.
    const day = (description: string) => a.find((l) => l.description === description)?.day;
    expect(a[0]).toMatchObject({ type: 'deposit', description: 'Demo deposit', day: worldStart });
    expect(day('Demo deposit (simulated traffic history)')).toBe(historyDays[0]);
    expect(day('Demo deposit (marketplace orders)')).toBe(addDays(today, -12));
    expect(daysOf(a, 'marketplace_purchase')).toEqual([addDays(today, -12), addDays(today, -2)]);
    for (const l of a) expect(BigInt(l.balanceMicros), `${l.day} ${l.description}`).toBeGreaterThanOrEqual(0n);

    const p = (await everything(pub)).lines;
    expect(daysOf(p, 'earnings')).toEqual(historyDays);
    // Each payout held on the first of its month (the returned one given back days later).
    const payoutDays = daysOf(p, 'payout');
    expect(payoutDays).toHaveLength(3);
    for (const d of payoutDays) expect(d.endsWith('-01')).toBe(true);
    for (const l of p) expect(BigInt(l.balanceMicros), `${l.day} ${l.description}`).toBeGreaterThanOrEqual(0n);

    for (const l of [...a, ...p]) expect(l.day <= today).toBe(true);
    const check = await checkLedger(app.ctx.db);
    expect(check.ok, formatLedgerCheck(check)).toBe(true);
  });

  it('shows every demo account the same balance, to the cent, in the header, on the dashboard, on the statement and in its CSV', async () => {
    // Some live traffic first, as the demo's own trickle makes: balances with fractions of a cent.
    const served = await app.ctx.db.select({ unique: zones.unique }).from(zones);
    for (const { unique } of served) await serve(app, unique);
    await delivery(app).recorder.flush();

    let fractions = 0;
    for (const account of DEMO_ACCOUNTS) {
      const id = await demoUser(account.email);
      const micros = await accountBalance(app.ctx.db, available(id));
      if (micros === 0n) continue;
      if (micros % 10_000n !== 0n) fractions++;
      const login = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: account.email, password: account.password, captcha: 'x' },
      });
      expect(login.statusCode, login.body).toBe(200);
      const headers = bearer(sessionTokenOf(login));
      const get = async (url: string) => {
        const res = await app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
        return res;
      };

      // The header's balance and the dashboard's balance card: GET /api/user, formatted.
      const user = body<{ balance: number }>(await get('/api/user')).response;
      expect(typeof user.balance).toBe('number');
      const shown = formatEuros(user.balance);
      // The statement's closing balance, rounded by the same function.
      const s = StatementSchema.parse(body(await get('/api/billing/statement')).response);
      expect(s.closingBalanceMicros).toBe(micros.toString());
      expect(formatEuros(microsToEuros(BigInt(s.closingBalanceMicros))), account.email).toBe(shown);
      // The CSV's closing line: to the cent as shown, and exact.
      const csv = (await get('/api/billing/statement/csv')).body.trim().split('\r\n');
      const closing = csv.at(-1)?.split(',') ?? [];
      expect(closing[1]).toBe('Closing balance');
      expect(closing[4], account.email).toBe(user.balance.toFixed(2));
      expect(closing[6]).toBe(exactEuros(micros));
      // The deposit screen's balance card (advertisers).
      if (account.type === 1)
        expect(body<{ balance: number }>(await get('/api/billing/deposit')).response.balance).toBe(user.balance);
    }
    // The comparison means something: at least one balance is not whole cents.
    expect(fractions).toBeGreaterThan(0);
  });
});
