import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BillingHistoryListSchema } from '@cryptads/contract/billing-history';
import { readAnswer } from '@cryptads/contract/money-schema';
import { DEPOSIT_METHOD_LABELS } from '@cryptads/contract/billing-messages';
import { BillingProfileViewSchema } from '@cryptads/contract/billing-profile';
import { eurosToMicros } from '@cryptads/contract/money';
import { users } from '../db/schema/users';
import { zones } from '../db/schema/websites';
import { DESKTOP_UA, delivery, MOBILE_UA } from '../modules/delivery/test-helpers';
import { checkLedger } from '../modules/ledger/check';
import { tempDataDir } from '../modules/campaigns/test-helpers';
import { createSession } from '../modules/sessions/sessions.service';
import { bearer, body, drainEvents, sessionTokenOf } from '../testing/helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { AppCode } from '@cryptads/contract/api';
import { DEMO_ACCOUNTS, DEMO_OPERATOR, demoLoginLines, hasDemoWorld, seedDemo } from './demo';

const ADVERTISER = 'advertiser@cryptads.example';

describe('the demo world', () => {
  let app: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = tempDataDir();
    app = await createTestApp({ DATA_DIR: dir, DEMO_HISTORY_DAYS: '2' });
  });
  afterAll(async () => {
    await app.closeAll();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is not there before the seed: the server prints no demo logins for a database without it', async () => {
    expect(await hasDemoWorld(app.ctx)).toBe(false);
  });

  it('serves ads as soon as the seed is done, without waiting for the index refresh', async () => {
    // The index's timer is stopped: only the seed itself can make the new zones servable.
    delivery(app).engine.stop();
    await seedDemo(app.ctx);
    const rows = await app.ctx.db.select({ unique: zones.unique }).from(zones);
    const statuses = new Set<number>();
    for (const { unique } of rows)
      for (const ua of [DESKTOP_UA, MOBILE_UA])
        statuses.add(
          (await app.inject({ method: 'GET', url: `/serve/${unique}`, headers: { 'user-agent': ua } })).statusCode,
        );
    expect(statuses).toContain(200);
    await delivery(app).engine.start();
  }, 120_000);

  it('is there once seeded, so that every later start prints its logins', async () => {
    expect(await hasDemoWorld(app.ctx)).toBe(true);
  });
  it('prints the logins as they are now: two-factor on and a changed password are said, not the seed’s defaults', async () => {
    const operatorLine = async () => (await demoLoginLines(app.ctx)).find((l) => l.includes(DEMO_OPERATOR.email)) ?? '';
    expect(await operatorLine()).toContain('turns on 2FA at the first login');
    const [advertiser] = DEMO_ACCOUNTS;
    if (!advertiser) throw new Error('no demo advertiser');
    const advertiserLine = async () => (await demoLoginLines(app.ctx)).find((l) => l.includes(advertiser.email)) ?? '';
    expect(await advertiserLine()).toContain(`${advertiser.password}  (2FA off)`);
    // The operator has turned it on since, and the advertiser changed their password.
    await app.ctx.db
      .update(users)
      .set({ twoFactorSecret: 'sealed-secret' })
      .where(eq(users.email, DEMO_OPERATOR.email));
    await app.ctx.db.update(users).set({ passwordHash: 'not-the-seeded-one' }).where(eq(users.email, advertiser.email));
    expect(await operatorLine()).not.toContain('turns on 2FA at the first login');
    expect(await operatorLine()).toContain('2FA on');
    expect(await advertiserLine()).toContain('(password changed since the seed)');
    expect(await advertiserLine()).not.toContain(advertiser.password);
    await app.ctx.db.update(users).set({ twoFactorSecret: null }).where(eq(users.email, DEMO_OPERATOR.email));
  });

  it('gives the advertiser a verified company and paid deposits with invoices, its balance unchanged; once', async () => {
    await seedDemo(app.ctx);
    await drainEvents(app);
    await seedDemo(app.ctx);
    await drainEvents(app);

    const [user] = await app.ctx.db.select().from(users).where(eq(users.email, ADVERTISER));
    if (!user) throw new Error('no demo advertiser');
    expect(user.balanceMicros).toBe(
      eurosToMicros(DEMO_ACCOUNTS.find((a) => a.email === ADVERTISER)?.depositEuros ?? -1),
    );
    const { token } = await createSession(app.ctx.db, {
      userId: user.id,
      scope: 'full',
      rememberMe: false,
      meta: { ip: '127.0.0.1', userAgent: 'vitest' },
    });
    const headers = bearer(token);

    const profile = BillingProfileViewSchema.parse(
      body(await app.inject({ method: 'GET', url: '/api/billing', headers })).response,
    );
    expect(profile).toMatchObject({
      isCompany: true,
      name: 'Ada Media Ltd',
      kycVerified: 1,
      docVerification: 1,
      verification: 'verified',
      complete: true,
    });

    const history = readAnswer(
      BillingHistoryListSchema,
      body(await app.inject({ method: 'GET', url: '/api/billing/history', headers })).response,
    );
    const deposits = history.filter((row) => row.unique.startsWith('deposit'));
    expect(deposits.map((d) => [d.method, d.amount, d.hasDocument]).sort()).toEqual([
      [DEPOSIT_METHOD_LABELS.bank_transfer, 1000, true],
      [DEPOSIT_METHOD_LABELS.card, 500, true],
    ]);
    for (const d of deposits) {
      expect(d.number).toMatch(/^INV-/);
      const pdf = await app.inject({ method: 'GET', url: `/api/billing/history/${d.unique}`, headers });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toContain('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect((await checkLedger(app.ctx.db)).ok).toBe(true);
  }, 120_000);

  it('gives a back-office operator who must turn on two-factor before anything else', async () => {
    await seedDemo(app.ctx);
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: DEMO_OPERATOR.email, password: DEMO_OPERATOR.password, captcha: 'x' },
    });
    expect(login.statusCode).toBe(200);
    const token = sessionTokenOf(login);
    expect(body<{ userType: number }>(login).response.userType).toBe(3);
    const overview = await app.inject({ method: 'GET', url: '/api/admin/overview', headers: bearer(token) });
    expect(overview.statusCode).toBe(403);
    expect(overview.json()).toMatchObject({ code: AppCode.TwoFactorSetupRequired });
  });
});
