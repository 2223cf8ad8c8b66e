import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentStatus } from '@cryptads/contract/billing-messages';
import { eurosToMicros } from '@cryptads/contract/money';
import { PayoutListSchema } from '@cryptads/contract/payouts';
import { billingProfiles } from '../../db/schema/billing-profile';
import { domainEvents } from '../../db/schema/events';
import { invoices } from '../../db/schema/invoices';
import { ledgerHolds, payouts } from '../../db/schema/ledger';
import { notifications } from '../../db/schema/notifications';
import { users } from '../../db/schema/users';
import { payoutJob } from '../../jobs/payouts';
import { ledgerCommands } from '../../operator/commands/ledger';
import { payoutCommands } from '../../operator/commands/payouts';
import { body, drainEvents, loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { checkLedger } from '../ledger/check';
import { accountBalance, clearing, held, platform, postAdSpend } from '../ledger/ledger.service';
import { depositFor } from '../ledger/test-helpers';
import { NextPayoutSchema } from '@cryptads/contract/payouts';
import { nextPayout, nextPayoutDay, payoutRun, runPayouts } from './payouts.service';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.closeAll();
});

// Payout days (UTC): a Tuesday the 1st, a Monday, the Tuesday after, a Friday the 1st.
const DEC_1 = new Date('2026-12-01T06:00:00Z');
const MON_DEC_7 = new Date('2026-12-07T06:00:00Z');
const TUE_DEC_8 = new Date('2026-12-08T06:00:00Z');
const JAN_1 = new Date('2027-01-01T06:00:00Z');

type PublisherOptions = {
  euros?: number;
  frequency?: 0 | 1;
  method?: 'sepa' | 'swift' | 'cryptocurrency';
  kyc?: 0 | 1;
  isCompany?: boolean;
  doc?: number;
  iban?: string;
  autoInvoicing?: boolean;
  options?: boolean;
};

/** Publisher earnings as traffic brings them: an advertiser's spend, all of it shared. */
async function earn(publisherId: number, euros: number) {
  const adv = await loginAs(app, 'advertiser');
  const micros = eurosToMicros(euros);
  await depositFor(app, adv.user.id, micros);
  await app.ctx.db.transaction((tx) =>
    postAdSpend(tx, [{ advertiserId: adv.user.id, publisherId, costMicros: micros, earningsMicros: micros }]),
  );
}

/** A publisher with billing details, verification and withdraw options as given (verified SEPA Monthly by default). */
async function publisher(o: PublisherOptions = {}) {
  const p = await loginAs(app, 'publisher');
  const isCompany = o.isCompany ?? false;
  await app.ctx.db
    .update(users)
    .set({ kycVerified: o.kyc ?? 1 })
    .where(eq(users.id, p.user.id));
  const method = o.method ?? 'sepa';
  const withOptions = o.options ?? true;
  await app.ctx.db.insert(billingProfiles).values({
    userId: p.user.id,
    isCompany,
    companyName: isCompany ? 'Paul Media GmbH' : '',
    firstName: isCompany ? '' : 'Paul',
    lastName: isCompany ? '' : 'Tester',
    address: '1 Main Street, Berlin',
    country: 'DE',
    docVerification: o.doc ?? (isCompany ? DocumentStatus.Valid : DocumentStatus.NoDocument),
    payoutMethod: withOptions ? method : null,
    payoutFrequency: withOptions ? (o.frequency ?? 0) : null,
    autoInvoicing: o.autoInvoicing ?? false,
    selfBillingAgreedAt: new Date(),
    ...(method === 'cryptocurrency'
      ? { payoutCryptoType: 'btc', payoutCryptoAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' }
      : { payoutIban: o.iban ?? 'DE89370400440532013000', payoutBic: 'COBADEFFXXX', payoutBankName: 'Commerzbank' }),
  });
  if (o.euros) await earn(p.user.id, o.euros);
  return p;
}

const payoutsOf = (userId: number) => app.ctx.db.select().from(payouts).where(eq(payouts.userId, userId));
async function balanceOf(userId: number) {
  const [row] = await app.ctx.db.select({ b: users.balanceMicros }).from(users).where(eq(users.id, userId));
  return row?.b;
}
const run = async (cmd: keyof typeof payoutCommands, ...args: string[]) => {
  const command = payoutCommands[cmd];
  if (!command) throw new Error(`no command ${cmd}`);
  return command.run(app.ctx, args);
};

describe('payout days', () => {
  it('pays Monthly and Weekly publishers on the 1st, Weekly ones on Mondays, nobody on other days', () => {
    expect(payoutRun(DEC_1)).toEqual({ period: '2026-12-01', frequencies: [0, 1] });
    expect(payoutRun(MON_DEC_7)).toEqual({ period: '2026-12-07', frequencies: [1] });
    expect(payoutRun(TUE_DEC_8)).toBeNull();
    // A Monday the 1st is one run for both.
    expect(payoutRun(new Date('2027-02-01T23:59:59Z'))).toEqual({ period: '2027-02-01', frequencies: [0, 1] });
    // UTC decides: 23:30 on Sunday in UTC is still Sunday.
    expect(payoutRun(new Date('2026-12-06T23:30:00Z'))).toBeNull();
  });

  it('names the next payout day of each frequency by the same rule, today included', () => {
    expect(nextPayoutDay(TUE_DEC_8, 0)).toBe('2027-01-01');
    expect(nextPayoutDay(TUE_DEC_8, 1)).toBe('2026-12-14');
    expect(nextPayoutDay(MON_DEC_7, 1)).toBe('2026-12-07');
    expect(nextPayoutDay(new Date('2026-12-29T10:00:00Z'), 1)).toBe('2027-01-01');
    expect(nextPayoutDay(DEC_1, 0)).toBe('2026-12-01');
  });
});

describe('the next payout', () => {
  it('tells a publisher the day and the amount the job would pay, and the next day once today is paid', async () => {
    const weekly = await publisher({ euros: 80.005, frequency: 1 });
    expect(await nextPayout(app.ctx.db, weekly.user.id, TUE_DEC_8)).toEqual({
      date: '2026-12-14',
      frequency: 1,
      balance: 80.01,
      amount: 80,
      minimum: 50,
    });
    const paidMonday = new Date('2026-12-14T06:00:00Z');
    await runPayouts(app.ctx, paidMonday);
    const after = await nextPayout(app.ctx.db, weekly.user.id, paidMonday);
    expect([after.date, after.amount]).toEqual(['2026-12-21', 0]);
  });

  it('carries nothing below the 50 EUR minimum, and no day without withdraw options; through the API', async () => {
    const small = await publisher({ euros: 30 });
    const res = await app.inject({ method: 'GET', url: '/api/billing/payouts/next', headers: small.headers });
    expect(res.statusCode).toBe(200);
    const next = NextPayoutSchema.parse(body(res).response);
    expect([next.frequency, next.balance, next.amount]).toEqual([0, 30, 0]);
    expect(next.date).toMatch(/^\d{4}-\d{2}-01$/);
    const none = await publisher({ euros: 70, options: false });
    expect(await nextPayout(app.ctx.db, none.user.id, TUE_DEC_8)).toMatchObject({ date: null, amount: 70 });
    // Advertisers have no payouts.
    const adv = await loginAs(app, 'advertiser');
    expect(
      (await app.inject({ method: 'GET', url: '/api/billing/payouts/next', headers: adv.headers })).statusCode,
    ).toBe(403);
  });
});

describe('the payout job', () => {
  it('pays every verified publisher with at least 50 EUR on their schedule, and no one else', async () => {
    const monthly = await publisher({ euros: 120.5 });
    const weekly = await publisher({ euros: 50, frequency: 1, method: 'cryptocurrency' });
    const company = await publisher({ euros: 80, isCompany: true });
    const justBelow = await publisher({ euros: 49.999999 });
    const unverified = await publisher({ euros: 200, kyc: 0 });
    const companyDocPending = await publisher({ euros: 200, isCompany: true, doc: DocumentStatus.Pending });
    const noOptions = await publisher({ euros: 200, options: false });
    const swift = await publisher({ euros: 200, method: 'swift' });
    const irish = await publisher({ euros: 200, iban: 'IE29AIBK93115212345678' });
    const disabled = await publisher({ euros: 200 });
    await app.ctx.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabled.user.id));

    const { period, created } = await runPayouts(app.ctx, DEC_1);
    expect(period).toBe('2026-12-01');
    const mine = (id: number) => created.filter((p) => p.userId === id);
    expect(mine(monthly.user.id).map((p) => [p.amountMicros, p.method, p.frequency, p.status])).toEqual([
      [eurosToMicros(120.5), 'sepa', 0, 'requested'],
    ]);
    expect(mine(weekly.user.id).map((p) => p.amountMicros)).toEqual([eurosToMicros(50)]);
    expect(mine(company.user.id)).toHaveLength(1);
    for (const u of [justBelow, unverified, companyDocPending, noOptions, swift, irish, disabled])
      expect(await payoutsOf(u.user.id)).toEqual([]);

    // The whole available balance is reserved: available 0, held the amount.
    expect(await balanceOf(monthly.user.id)).toBe(0n);
    expect(await accountBalance(app.ctx.db, held(monthly.user.id))).toBe(eurosToMicros(120.5));
    expect(await balanceOf(justBelow.user.id)).toBe(eurosToMicros(49.999999));
    const [p] = mine(monthly.user.id);
    expect(p?.destination).toEqual({ iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', bankName: 'Commerzbank' });
    const [h] = await app.ctx.db
      .select()
      .from(ledgerHolds)
      .where(eq(ledgerHolds.id, p?.holdId ?? 0));
    expect(h).toMatchObject({ status: 'pending', amountMicros: eurosToMicros(120.5), kind: 'payout' });
  });

  it('pays Weekly publishers on Mondays only, and Monthly ones on the 1st only', async () => {
    const monthly = await publisher({ euros: 60 });
    const weekly = await publisher({ euros: 60, frequency: 1 });
    expect((await runPayouts(app.ctx, TUE_DEC_8)).period).toBeNull();
    await runPayouts(app.ctx, MON_DEC_7);
    expect(await payoutsOf(monthly.user.id)).toEqual([]);
    expect((await payoutsOf(weekly.user.id)).map((p) => p.period)).toEqual(['2026-12-07']);
    await runPayouts(app.ctx, JAN_1);
    expect((await payoutsOf(monthly.user.id)).map((p) => p.period)).toEqual(['2027-01-01']);
  });

  it('makes one payout per publisher and run, even when runs overlap; the next run pays what came since', async () => {
    const p = await publisher({ euros: 75, frequency: 1 });
    const runs = await Promise.all([1, 2, 3].map(() => runPayouts(app.ctx, MON_DEC_7)));
    expect(runs.flatMap((r) => r.created).filter((c) => c.userId === p.user.id)).toHaveLength(1);
    await earn(p.user.id, 55);
    await runPayouts(app.ctx, MON_DEC_7);
    expect((await payoutsOf(p.user.id)).map((x) => x.amountMicros)).toEqual([eurosToMicros(75)]);
    await runPayouts(app.ctx, new Date('2026-12-14T08:00:00Z'));
    expect(
      (await payoutsOf(p.user.id))
        .map((x) => [x.period, x.amountMicros])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      ['2026-12-07', eurosToMicros(75)],
      ['2026-12-14', eurosToMicros(55)],
    ]);
  });

  it('announces each payout; the self-billing event only with autoInvoicing; the publisher is told', async () => {
    const invoiced = await publisher({ euros: 90, frequency: 1, autoInvoicing: true });
    const plain = await publisher({ euros: 90, frequency: 1 });
    await runPayouts(app.ctx, new Date('2026-12-21T08:00:00Z'));
    const eventsOf = async (userId: number) =>
      (
        await app.ctx.db
          .select({ type: domainEvents.type, payload: domainEvents.payload })
          .from(domainEvents)
          .where(
            and(sql`${domainEvents.type} like 'payout.%'`, sql`(${domainEvents.payload}->>'userId')::int = ${userId}`),
          )
      ).map((e) => e.payload);
    const [mine] = await payoutsOf(invoiced.user.id);
    expect(await eventsOf(invoiced.user.id)).toEqual(
      expect.arrayContaining([
        { type: 'payout.changed', payoutId: mine?.id, userId: invoiced.user.id, status: 'requested' },
        { type: 'payout.requested', payoutId: mine?.id, userId: invoiced.user.id, amountMicros: '90000000' },
      ]),
    );
    expect((await eventsOf(plain.user.id)).map((e) => (e as { type: string }).type)).toEqual(['payout.changed']);
    await drainEvents(app);
    const notes = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, plain.user.id));
    expect(notes.map((n) => [n.title, n.message])).toEqual([
      ['Payout requested', 'Your payout of €90.00 by SEPA is being prepared.'],
    ]);
  });

  it('moves whole cents only: the sub-cent rest stays in the balance and the invoice equals the amount moved', async () => {
    const p = await publisher({ euros: 90.123456, frequency: 1, autoInvoicing: true });
    await runPayouts(app.ctx, new Date('2026-12-28T08:00:00Z'));
    const [payout] = await payoutsOf(p.user.id);
    expect(payout?.amountMicros).toBe(90_120_000n);
    expect(await balanceOf(p.user.id)).toBe(3_456n);
    expect(await accountBalance(app.ctx.db, held(p.user.id))).toBe(90_120_000n);
    await drainEvents(app);
    const [invoice] = await app.ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.sourceType, 'payout'), eq(invoices.sourceId, String(payout?.id))));
    expect(invoice?.totalMicros).toBe(90_120_000n);
    expect(invoice?.netMicros).toBe(90_120_000n);
  });

  it('is a job with its lock row, run by the runner like the others', () => {
    expect(payoutJob.name).toBe('payouts');
    expect(payoutJob.everyMs).toBe(15 * 60_000);
  });
});

describe('a payout’s steps (operator commands)', () => {
  async function requested(euros = 100, method: PublisherOptions['method'] = 'sepa') {
    const p = await publisher({ euros, frequency: 1, method });
    const { created } = await runPayouts(app.ctx, new Date('2026-12-28T08:00:00Z'));
    const payout = created.find((c) => c.userId === p.user.id);
    if (!payout) throw new Error('no payout made');
    return { p, payout };
  }

  it('sent: the hold is posted to payouts in transit; completed: it leaves through the bank', async () => {
    const { p, payout } = await requested(100);
    const before = {
      transit: await accountBalance(app.ctx.db, platform('payouts_in_transit')),
      bank: await accountBalance(app.ctx.db, clearing('bank')),
    };
    expect(await run('sent', String(payout.id), 'SEPA-REF-123')).toBe(
      `Payout #${payout.id} (€100.00) sent, reference SEPA-REF-123.`,
    );
    expect(await run('sent', String(payout.id), 'SEPA-REF-123')).toContain('already sent');
    expect(await accountBalance(app.ctx.db, held(p.user.id))).toBe(0n);
    expect((await accountBalance(app.ctx.db, platform('payouts_in_transit'))) - before.transit).toBe(
      eurosToMicros(100),
    );
    expect(await run('complete', String(payout.id))).toBe(`Payout #${payout.id} (€100.00) completed.`);
    expect(await run('complete', String(payout.id))).toContain('already completed');
    expect((await accountBalance(app.ctx.db, platform('payouts_in_transit'))) - before.transit).toBe(0n);
    expect((await accountBalance(app.ctx.db, clearing('bank'))) - before.bank).toBe(eurosToMicros(100));
    expect(await balanceOf(p.user.id)).toBe(0n);
    const [row] = await payoutsOf(p.user.id);
    expect(row).toMatchObject({ status: 'completed', reference: 'SEPA-REF-123' });
    expect(row?.sentAt).not.toBeNull();
    expect(row?.completedAt).not.toBeNull();
  });

  it('a crypto payout leaves through CoinGate’s clearing account', async () => {
    const { payout } = await requested(64, 'cryptocurrency');
    const before = await accountBalance(app.ctx.db, clearing('coingate'));
    await run('sent', String(payout.id), '0xabc123');
    await run('complete', String(payout.id));
    expect((await accountBalance(app.ctx.db, clearing('coingate'))) - before).toBe(eurosToMicros(64));
  });

  it('failed before it was sent: the hold is voided and the money is back', async () => {
    const { p, payout } = await requested(70);
    expect(await run('fail', String(payout.id), 'IBAN', 'closed')).toBe(
      `Payout #${payout.id} (€70.00) failed: IBAN closed. The amount is back in the balance.`,
    );
    expect(await balanceOf(p.user.id)).toBe(eurosToMicros(70));
    expect(await accountBalance(app.ctx.db, held(p.user.id))).toBe(0n);
    const [h] = await app.ctx.db.select().from(ledgerHolds).where(eq(ledgerHolds.id, payout.holdId));
    expect(h?.status).toBe('voided');
    expect(await run('fail', String(payout.id), 'again')).toContain('already failed');
    expect(await balanceOf(p.user.id)).toBe(eurosToMicros(70));
  });

  it('failed after it was sent (the bank returned it): the money comes back from payouts in transit', async () => {
    const { p, payout } = await requested(85);
    await run('sent', String(payout.id), 'REF-9');
    expect(await balanceOf(p.user.id)).toBe(0n);
    await run('fail', String(payout.id), 'Returned by the bank');
    expect(await balanceOf(p.user.id)).toBe(eurosToMicros(85));
    await drainEvents(app);
    const notes = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, p.user.id));
    expect(notes.map((n) => n.title).sort()).toEqual(['Payout failed', 'Payout requested', 'Payout sent']);
    expect(notes.find((n) => n.title === 'Payout failed')?.message).toBe(
      'Your payout of €85.00 could not be made: Returned by the bank. The amount is back in your balance.',
    );
    expect(notes.find((n) => n.title === 'Payout sent')?.message).toBe(
      'Your payout of €85.00 was sent by SEPA (reference REF-9); it takes up to 48h to arrive.',
    );
  });

  it('refuses steps out of order, unknown payouts and missing arguments', async () => {
    const { payout } = await requested(55);
    await expect(run('complete', String(payout.id))).rejects.toThrow(
      `Payout ${payout.id} is requested; it cannot be marked completed.`,
    );
    await run('sent', String(payout.id), 'R1');
    await run('complete', String(payout.id));
    await expect(run('fail', String(payout.id), 'late')).rejects.toThrow('is completed; it cannot be marked failed');
    await expect(run('sent', '999999', 'R')).rejects.toThrow('No payout 999999.');
    await expect(run('sent', String(payout.id))).rejects.toThrow('Give the bank reference or the transaction hash.');
    await expect(run('fail', 'abc', 'x')).rejects.toThrow('Give the payout id');
    await expect(run('fail', String(payout.id))).rejects.toThrow('Give the reason');
  });

  it('lists payouts and runs the job on a given day', async () => {
    const { payout } = await requested(51);
    expect(await run('list', 'requested')).toContain(`#${payout.id}  2026-12-28  requested`);
    expect(await run('run', '2026-12-29')).toBe('2026-12-29 is not a payout day (the 1st of the month or a Monday).');
    expect(await run('run', '2026-12-28')).toBe('Payout run 2026-12-28: 0 payout(s), €0.00.');
  });
});

describe('GET /billing/payouts', () => {
  it('lists the publisher’s own payouts, newest first, with their timeline', async () => {
    const p = await publisher({ euros: 150, frequency: 1 });
    const other = await publisher({ euros: 150, frequency: 1 });
    await runPayouts(app.ctx, MON_DEC_7);
    const [first] = await payoutsOf(p.user.id);
    await run('sent', String(first?.id), 'BANK-1');
    await run('fail', String(first?.id), 'Account closed');
    await earn(p.user.id, 60);
    await runPayouts(app.ctx, new Date('2026-12-14T08:00:00Z'));
    const res = await app.inject({ method: 'GET', url: '/api/billing/payouts', headers: p.headers });
    expect(res.statusCode).toBe(200);
    const list = PayoutListSchema.parse(body(res).response);
    expect(list.map((x) => [x.period, x.amount, x.status, x.method, x.destination])).toEqual([
      ['2026-12-14', 210, 'requested', 'sepa', 'IBAN DE89 …3000'],
      ['2026-12-07', 150, 'failed', 'sepa', 'IBAN DE89 …3000'],
    ]);
    expect(list[1]?.timeline.map((s) => [s.step, s.detail])).toEqual([
      ['requested', null],
      ['sent', 'BANK-1'],
      ['failed', 'Account closed'],
    ]);
    expect(list[0]?.timeline.map((s) => s.step)).toEqual(['requested']);
    // Another publisher sees only theirs.
    const theirs = PayoutListSchema.parse(
      body(await app.inject({ method: 'GET', url: '/api/billing/payouts', headers: other.headers })).response,
    );
    expect(theirs.map((x) => x.amount)).toEqual([150]);
  });

  it('is for publishers: an advertiser gets 403, no session 401', async () => {
    const adv = await loginAs(app, 'advertiser');
    expect((await app.inject({ method: 'GET', url: '/api/billing/payouts', headers: adv.headers })).statusCode).toBe(
      403,
    );
    expect((await app.inject({ method: 'GET', url: '/api/billing/payouts' })).statusCode).toBe(401);
  });
});

describe('ledger check', () => {
  it('finds no violation after every payout above, and says what it checked', async () => {
    const out = await ledgerCommands.check?.run(app.ctx, []);
    expect(out).toContain('No violations.');
    expect(out).toContain('ok   every transfer has both legs');
    expect(out).toContain('ok   every payout’s hold matches its status');
    expect((await checkLedger(app.ctx.db)).ok).toBe(true);
  });

  it('fails (exit code 1 from the command line) and names the broken invariant', async () => {
    const p = await publisher({ euros: 52, frequency: 1 });
    // A payout marked failed by hand, without giving the money back.
    const { created } = await runPayouts(app.ctx, new Date('2027-01-04T08:00:00Z'));
    const payout = created.find((c) => c.userId === p.user.id);
    await app.ctx.db
      .update(payouts)
      .set({ status: 'failed' })
      .where(eq(payouts.id, payout?.id ?? 0));
    const error = await ledgerCommands.check?.run(app.ctx, []).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain('FAIL every payout’s hold matches its status');
    expect((error as Error).message).toContain(`payout ${payout?.id} (failed) with a pending hold`);
    await app.ctx.db
      .update(payouts)
      .set({ status: 'requested' })
      .where(eq(payouts.id, payout?.id ?? 0));
  });
});
