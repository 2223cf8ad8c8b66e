import { rmSync } from 'node:fs';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns } from '../../db/schema/campaigns';
import { ledgerAccounts } from '../../db/schema/ledger';
import { users } from '../../db/schema/users';
import { websites } from '../../db/schema/websites';
import { seedDemo } from '../../seed/demo';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { tempDataDir } from '../campaigns/test-helpers';
import { accountBalance, available } from '../ledger/ledger.service';
import { statementOf } from './statement.service';

/** The statement reconciles with the ledger for every account of the demo world (docs/product/billing.md#statement). */
describe('the statements of the demo world', () => {
  let app: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = tempDataDir();
    app = await createTestApp({ DATA_DIR: dir, DEMO_HISTORY_DAYS: '2' });
    await seedDemo(app.ctx);
  }, 180_000);
  afterAll(async () => {
    await app.closeAll();
    rmSync(dir, { recursive: true, force: true });
  });

  const everything = (userId: number, to?: string) =>
    statementOf(app.ctx.db, userId, { page: 1, pageSize: 1_000_000, ...(to ? { to } : {}) });

  it('closes every account’s statement at its ledger balance, to the micro-euro', async () => {
    const owners = await app.ctx.db
      .select({ userId: ledgerAccounts.userId })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.kind, 'available'));
    const ids = owners.flatMap((o) => (o.userId === null ? [] : [o.userId]));
    // The demo advertiser and the demo publisher.
    expect(ids.length).toBeGreaterThanOrEqual(2);
    const today = new Date().toISOString().slice(0, 10);
    for (const id of ids) {
      const ledger = (await accountBalance(app.ctx.db, available(id))).toString();
      const s = await everything(id);
      expect(s.closingBalanceMicros, `user ${id}`).toBe(ledger);
      expect((await everything(id, today)).closingBalanceMicros, `user ${id} today`).toBe(ledger);
      expect(s.lines.reduce((sum, l) => sum + BigInt(l.amountMicros), 0n).toString()).toBe(ledger);
    }
  });

  it('gives the demo advertiser one ad spend line per campaign and day, and the publisher one earnings line per website and day', async () => {
    const [adv, pub] = await Promise.all(
      ['advertiser@cryptads.example', 'publisher@cryptads.example'].map(async (email) => {
        const [u] = await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
        if (!u) throw new Error(`no ${email}`);
        return u.id;
      }),
    );
    const spend = (await everything(adv as number)).lines.filter((l) => l.type === 'ad_spend');
    expect(spend.length).toBeGreaterThan(0);
    const names = new Set(
      (
        await app.ctx.db
          .select({ name: campaigns.name })
          .from(campaigns)
          .where(eq(campaigns.ownerId, adv as number))
      ).map((c) => `Ad spend: ${c.name}`),
    );
    for (const l of spend) expect(names).toContain(l.description);
    const spendKeys = spend.map((l) => `${l.day}|${l.description}`);
    expect(new Set(spendKeys).size).toBe(spendKeys.length);

    const earnings = (await everything(pub as number)).lines.filter((l) => l.type === 'earnings');
    expect(earnings.length).toBeGreaterThan(0);
    const domains = await app.ctx.db
      .select({ domain: websites.domain })
      .from(websites)
      .where(inArray(websites.ownerId, [pub as number]));
    const expected = new Set(domains.map((d) => `Earnings: ${d.domain}`));
    for (const l of earnings) expect(expected).toContain(l.description);
    const earningKeys = earnings.map((l) => `${l.day}|${l.description}`);
    expect(new Set(earningKeys).size).toBe(earningKeys.length);
  });
});
