import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '@cryptads/contract/billing-messages';
import type { DepositOverview, DepositRow, OpenCryptoPayment } from '@cryptads/contract/deposits';
import { DEPOSIT_MESSAGES } from '@cryptads/contract/deposit-messages';
import { eurosToMicros } from '@cryptads/contract/money';
import { CampaignStatus } from '@cryptads/contract/campaign-messages';
import { ledgerTransfers } from '../../db/schema/ledger';
import { notifications } from '../../db/schema/notifications';
import { domainEvents } from '../../db/schema/events';
import { campaigns } from '../../db/schema/campaigns';
import { body, drainEvents, loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { DEPOSIT_RECEIVED_TITLE } from './deposit-events';
import {
  balanceOf,
  deposit,
  depositor,
  eventsOf,
  giveBillingDetails,
  paymentRow,
  pressSandboxButton,
} from './test-helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.closeAll();
});

const overview = async (headers: Record<string, string>) => {
  const res = await app.inject({ method: 'GET', url: '/api/billing/deposit', headers });
  expect(res.statusCode).toBe(200);
  return body<DepositOverview>(res).response;
};

const paymentCall = async (headers: Record<string, string>, paymentId: string, action?: 'check' | 'cancel') => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/billing/payment',
    headers,
    payload: { paymentId, ...(action ? { action } : {}) },
  });
  return { status: res.statusCode, row: body<DepositRow>(res).response };
};

const ledgerOf = (paymentId: string) =>
  app.ctx.db
    .select({ kind: ledgerTransfers.kind, amount: ledgerTransfers.amountMicros })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.reference, `payment:${paymentId}`));

describe('the deposit screen', () => {
  it('shows a new advertiser an empty balance, the fees, the VAT and both steps still to do', async () => {
    const { headers } = await loginAs(app, 'advertiser');
    expect(await overview(headers)).toEqual<DepositOverview>({
      balance: 0,
      latestDeposits: [],
      fees: { cryptoProcessingFeePercent: 1, cardFeePercent: 0 },
      vatPercent: 23,
      vatTreatment: 'standard',
      vat: { rule: 'domestic', country: 'IE', ratePercent: 23, wording: 'VAT 23 % (Ireland)' },
      blocked: { all: false, crypto: false, card: false },
      steps: { billingDetails: false, qualifyingCampaign: false },
      cardDepositedToday: 0,
    });
  });

  it('counts billing details and a campaign that can still deliver as the two steps', async () => {
    const { headers, user } = await depositor(app);
    const campaign = async (status: number) =>
      app.ctx.db.insert(campaigns).values({
        ownerId: user.id,
        name: `c${status}`,
        kind: 'display',
        status,
        priceMicros: eurosToMicros(1),
        landingUrl: 'https://example.com/',
        dailyBudgetMicros: eurosToMicros(50),
        category: 1,
        permalink: `${user.id},${status}`,
      });
    await campaign(CampaignStatus.Rejected);
    await campaign(CampaignStatus.Archived);
    expect((await overview(headers)).steps).toEqual({ billingDetails: true, qualifyingCampaign: false });
    await campaign(CampaignStatus.Paused);
    expect((await overview(headers)).steps).toEqual({ billingDetails: true, qualifyingCampaign: true });
  });

  it('charges no VAT to an EU company with a confirmed VAT number elsewhere, nor outside the EU', async () => {
    const company = await depositor(app, {
      isCompany: true,
      companyName: 'Acme GmbH',
      country: 'DE',
      vatCode: 'DE123456789',
      vatValid: true,
    });
    expect(await overview(company.headers)).toMatchObject({ vatPercent: 0, vatTreatment: 'reverse_charge' });
    const unconfirmed = await depositor(app, {
      isCompany: true,
      companyName: 'B GmbH',
      country: 'DE',
      vatCode: 'DE1',
      vatValid: false,
    });
    // Without a confirmed number a German company pays German VAT (through the OSS), not the issuer's.
    expect(await overview(unconfirmed.headers)).toMatchObject({
      vatPercent: 19,
      vatTreatment: 'standard',
      vat: { rule: 'oss' },
    });
    const abroad = await depositor(app, { country: 'US' });
    expect(await overview(abroad.headers)).toMatchObject({ vatPercent: 0, vatTreatment: 'outside_scope' });

    const { paymentId } = await deposit(app, company.headers, 'card', 150);
    expect(await paymentRow(app, paymentId)).toMatchObject({
      amountMicros: eurosToMicros(150),
      vatMicros: 0n,
      totalMicros: eurosToMicros(150),
    });
  });

  it('is for advertisers only', async () => {
    const { headers } = await loginAs(app, 'publisher');
    for (const [method, url] of [
      ['GET', '/api/billing/deposit'],
      ['POST', '/api/billing/deposit/card'],
      ['POST', '/api/billing/payment'],
      ['GET', '/api/billing/deposit/bank-transfer'],
    ] as const)
      expect(
        (await app.inject({ method, url, headers, payload: method === 'POST' ? { amount: 150 } : undefined }))
          .statusCode,
      ).toBe(403);
  });
});

describe('deposit rules', () => {
  it.each([
    ['card', 99.99, BILLING_MESSAGES.depositMin],
    ['crypto', 0, BILLING_MESSAGES.depositAmountInvalid],
    ['crypto', 100.001, BILLING_MESSAGES.depositAmountInvalid],
    ['crypto', '150', BILLING_MESSAGES.depositAmountInvalid],
    ['crypto', 200_000.01, BILLING_MESSAGES.depositMax],
    ['card', 5000.01, BILLING_MESSAGES.depositCardMax],
  ] as const)('refuses a %s deposit of %j with its message', async (method, amount, message) => {
    const { headers } = await depositor(app);
    const res = await deposit(app, headers, method, amount);
    expect([res.status, res.reason]).toEqual([400, message]);
  });

  it('takes 100 EUR on both methods, 200,000 by crypto and 5,000 by card', async () => {
    const { headers } = await depositor(app);
    for (const [method, amount] of [
      ['card', 100],
      ['crypto', 100],
      ['crypto', 200_000],
    ] as const)
      expect((await deposit(app, headers, method, amount)).status).toBe(200);
    const other = await depositor(app);
    expect((await deposit(app, other.headers, 'card', 5000)).status).toBe(200);
  });

  it('keeps card deposits to 5,000 EUR per day, counting the pages still open, not those given up', async () => {
    const { headers } = await depositor(app);
    const first = await deposit(app, headers, 'card', 3000);
    expect(first.status).toBe(200);
    expect(await deposit(app, headers, 'card', 2000.01)).toMatchObject({
      status: 400,
      reason: BILLING_MESSAGES.depositCardMax,
    });
    expect((await overview(headers)).cardDepositedToday).toBe(3000);
    expect((await paymentCall(headers, first.paymentId, 'cancel')).row.state).toBe('canceled');
    expect((await deposit(app, headers, 'card', 5000)).status).toBe(200);
  });

  it('refuses an account without billing details', async () => {
    const { headers } = await loginAs(app, 'advertiser');
    expect(await deposit(app, headers, 'card', 150)).toMatchObject({
      status: 409,
      reason: DEPOSIT_MESSAGES.detailsRequired,
    });
  });

  it('refuses blocked accounts and blocked methods with the contact message', async () => {
    const all = await depositor(app, { blockedDeposit: true });
    for (const method of ['card', 'crypto'] as const)
      expect(await deposit(app, all.headers, method, 150)).toMatchObject({
        status: 403,
        reason: BILLING_MESSAGES.depositBlocked,
      });

    const card = await depositor(app, { blockedDepositCard: true });
    expect(await deposit(app, card.headers, 'card', 150)).toMatchObject({
      status: 403,
      reason: BILLING_MESSAGES.depositMethodBlocked,
    });
    expect((await deposit(app, card.headers, 'crypto', 150)).status).toBe(200);

    const crypto = await depositor(app, { blockedDepositCrypto: true });
    expect((await deposit(app, crypto.headers, 'crypto', 150)).reason).toBe(BILLING_MESSAGES.depositMethodBlocked);
    expect((await overview(crypto.headers)).blocked).toEqual({ all: false, crypto: true, card: false });
  });
});

describe('a card deposit through the sandbox page', () => {
  it('charges amount + VAT, credits the amount once, lists the deposit and tells the user', async () => {
    const { headers, user } = await depositor(app);
    const started = await deposit(app, headers, 'card', 150);
    expect(started.status).toBe(200);
    // Without PUBLIC_URL the page is on the origin the request came to (inject's Host: localhost).
    expect(started.url).toBe(`http://localhost/sandbox/pay/${started.paymentId}`);
    expect(await paymentRow(app, started.paymentId)).toMatchObject({
      status: 'created',
      method: 'card',
      provider: 'sandbox',
      amountMicros: eurosToMicros(150),
      feeMicros: 0n,
      vatMicros: eurosToMicros(34.5),
      totalMicros: eurosToMicros(184.5),
    });

    const page = await app.inject({ method: 'GET', url: `/sandbox/pay/${started.paymentId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('€184.50');
    expect([...page.body.matchAll(/<button[^>]*>([^<]+)</g)].map((m) => m[1])).toEqual(['Pay', 'Fail', 'Expire']);

    const pressed = await pressSandboxButton(app, started.paymentId, 'pay');
    expect(pressed.status).toBe(303);
    expect(pressed.location).toBe(`/billing/deposit/card-payment?payment=success&paymentId=${started.paymentId}`);
    expect(await balanceOf(app, user.id)).toBe(eurosToMicros(150));
    expect(await paymentRow(app, started.paymentId)).toMatchObject({
      status: 'paid',
      paidMicros: eurosToMicros(184.5),
      creditedMicros: eurosToMicros(150),
    });
    expect((await ledgerOf(started.paymentId)).map((t) => [t.kind, t.amount]).sort()).toEqual([
      ['deposit', eurosToMicros(150)],
      ['deposit_vat', eurosToMicros(34.5)],
    ]);

    // The return page asks again: nothing more is credited.
    const back = await paymentCall(headers, started.paymentId);
    expect(back.row).toMatchObject({ state: 'paid', valid: 1, amount: 150, vat: 34.5, total: 184.5, credited: 150 });
    expect(await balanceOf(app, user.id)).toBe(eurosToMicros(150));
    expect((await overview(headers)).latestDeposits).toEqual([back.row]);

    const paidEvents = (
      await app.ctx.db.select().from(domainEvents).where(eq(domainEvents.type, 'deposit.paid'))
    ).filter((e) => e.payload.paymentId === started.paymentId);
    expect(paidEvents.map((e) => e.payload)).toEqual([
      {
        type: 'deposit.paid',
        paymentId: started.paymentId,
        userId: user.id,
        amountMicros: '150000000',
        feeMicros: '0',
        vatMicros: '34500000',
        totalMicros: '184500000',
        method: 'card',
        provider: 'sandbox',
      },
    ]);
    await drainEvents(app);
    await drainEvents(app);
    const notes = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notes.filter((n) => n.title === DEPOSIT_RECEIVED_TITLE).map((n) => n.message)).toEqual([
      '€150.00 were added to your balance (Card Payment).',
    ]);

    // The page of a paid payment has no buttons, and pressing one again changes nothing.
    expect((await app.inject({ method: 'GET', url: `/sandbox/pay/${started.paymentId}` })).body).toContain(
      'This payment is already paid.',
    );
    expect((await pressSandboxButton(app, started.paymentId, 'pay')).status).toBe(303);
    expect(await balanceOf(app, user.id)).toBe(eurosToMicros(150));
  });

  it.each([
    ['fail', 'failed', 4],
    ['expire', 'expired', 3],
  ] as const)('credits nothing when the customer presses %s', async (action, state, valid) => {
    const { headers, user } = await depositor(app);
    const { paymentId } = await deposit(app, headers, 'card', 150);
    const pressed = await pressSandboxButton(app, paymentId, action);
    expect(pressed.location).toBe(`/billing/deposit/card-payment?payment=canceled&paymentId=${paymentId}`);
    expect((await paymentCall(headers, paymentId)).row).toMatchObject({ state, valid, credited: null });
    expect(await balanceOf(app, user.id)).toBe(0n);
    expect(await ledgerOf(paymentId)).toEqual([]);
  });

  it('offers no Underpay for a card, and answers 404 for a payment that does not exist', async () => {
    const { headers } = await depositor(app);
    const { paymentId } = await deposit(app, headers, 'card', 150);
    expect((await pressSandboxButton(app, paymentId, 'underpay')).status).toBe(400);
    expect((await pressSandboxButton(app, 'pay_AAAAAAAAAAAAAAAAAAAA', 'pay')).status).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/sandbox/pay/nope' })).statusCode).toBe(404);
  });
});

describe('a crypto deposit', () => {
  it('adds the processing fee and VAT on both, keeps the payment for Pay Now, and credits what arrived when underpaid', async () => {
    const { headers, user } = await depositor(app);
    const started = await deposit(app, headers, 'crypto', 1000);
    expect(await paymentRow(app, started.paymentId)).toMatchObject({
      amountMicros: eurosToMicros(1000),
      feeMicros: eurosToMicros(10),
      vatMicros: eurosToMicros(232.3),
      totalMicros: eurosToMicros(1242.3),
    });
    const open = await app.inject({ method: 'GET', url: '/api/billing/deposit/crypto-id', headers });
    expect(body<OpenCryptoPayment>(open).response.payment).toMatchObject({
      id: started.paymentId,
      url: started.url,
      amount: 1000,
      fee: 10,
      vat: 232.3,
      total: 1242.3,
      state: 'created',
    });
    const page = await app.inject({ method: 'GET', url: `/sandbox/pay/${started.paymentId}` });
    expect([...page.body.matchAll(/<button[^>]*>([^<]+)</g)].map((m) => m[1])).toEqual([
      'Pay',
      'Fail',
      'Expire',
      'Underpay',
    ]);

    const pressed = await pressSandboxButton(app, started.paymentId, 'underpay');
    expect(pressed.location).toBe(`/billing/deposit/crypto/?payment=success&paymentId=${started.paymentId}`);
    // 90 % of 1,242.30 arrived: 1,118.07, which is 90 % of the amount.
    expect(await balanceOf(app, user.id)).toBe(eurosToMicros(900));
    expect(await paymentRow(app, started.paymentId)).toMatchObject({
      status: 'paid',
      paidMicros: eurosToMicros(1118.07),
      creditedMicros: eurosToMicros(900),
      needsReview: false,
    });
    expect((await ledgerOf(started.paymentId)).map((t) => [t.kind, t.amount]).sort()).toEqual([
      ['deposit', eurosToMicros(900)],
      ['deposit_fee', eurosToMicros(9)],
      ['deposit_vat', eurosToMicros(209.07)],
    ]);
    const paid = (await app.ctx.db.select().from(domainEvents).where(eq(domainEvents.type, 'deposit.paid'))).find(
      (e) => e.payload.paymentId === started.paymentId,
    );
    expect(paid?.payload).toMatchObject({
      amountMicros: '900000000',
      feeMicros: '9000000',
      vatMicros: '209070000',
      totalMicros: '1118070000',
      method: 'crypto',
    });
    expect(
      body<OpenCryptoPayment>(await app.inject({ method: 'GET', url: '/api/billing/deposit/crypto-id', headers }))
        .response.payment,
    ).toBeNull();
    expect((await overview(headers)).latestDeposits[0]).toMatchObject({
      id: started.paymentId,
      credited: 900,
      valid: 1,
    });
  });

  it('lets the customer reset a generated payment, which then cannot be paid', async () => {
    const { headers, user } = await depositor(app);
    const { paymentId } = await deposit(app, headers, 'crypto', 250);
    expect((await paymentCall(headers, paymentId, 'cancel')).row).toMatchObject({ state: 'canceled', valid: 3 });
    expect(
      body<OpenCryptoPayment>(await app.inject({ method: 'GET', url: '/api/billing/deposit/crypto-id', headers }))
        .response.payment,
    ).toBeNull();
    expect((await app.inject({ method: 'GET', url: `/sandbox/pay/${paymentId}` })).body).toContain(
      'This payment was canceled.',
    );
    await pressSandboxButton(app, paymentId, 'pay');
    expect(await balanceOf(app, user.id)).toBe(0n);
    // The list shows real attempts only.
    expect((await overview(headers)).latestDeposits).toEqual([]);
  });
});

describe('payments of another account', () => {
  it('answer 404', async () => {
    const owner = await depositor(app);
    const other = await depositor(app);
    const { paymentId } = await deposit(app, owner.headers, 'card', 150);
    expect((await paymentCall(other.headers, paymentId)).status).toBe(404);
    expect((await paymentCall(other.headers, paymentId, 'cancel')).status).toBe(404);
    expect((await paymentRow(app, paymentId)).status).toBe('created');
    expect((await paymentCall(owner.headers, 'pay_doesnotexist')).status).toBe(404);
  });
});

describe('the latest deposits', () => {
  it('are the newest three', async () => {
    const { headers } = await depositor(app);
    const ids: string[] = [];
    for (const amount of [100, 200, 300, 400]) {
      const { paymentId } = await deposit(app, headers, 'crypto', amount);
      await pressSandboxButton(app, paymentId, 'pay');
      ids.push(paymentId);
    }
    const latest = (await overview(headers)).latestDeposits;
    expect(latest.map((d) => d.id)).toEqual(ids.slice(1).reverse());
    expect((await overview(headers)).balance).toBe(1000);
  });
});

describe('a paid deposit', () => {
  it('brings the campaigns stopped for lack of funds back', async () => {
    const { headers, user } = await depositor(app);
    const [stopped] = await app.ctx.db
      .insert(campaigns)
      .values({
        ownerId: user.id,
        name: 'Out of funds',
        kind: 'display',
        status: CampaignStatus.OutOfFunds,
        priceMicros: eurosToMicros(1),
        landingUrl: 'https://example.com/',
        dailyBudgetMicros: eurosToMicros(50),
        category: 1,
        permalink: `${user.id},oof`,
      })
      .returning();
    const { paymentId } = await deposit(app, headers, 'card', 150);
    await pressSandboxButton(app, paymentId, 'pay');
    await drainEvents(app);
    await drainEvents(app);
    const [after] = await app.ctx.db
      .select()
      .from(campaigns)
      .where(eq(campaigns.id, stopped?.id ?? 0));
    expect(after?.status).toBe(CampaignStatus.Delivering);
  });
});

describe('a notification of a deposit', () => {
  it('is sent once however often the event is handled', async () => {
    const { headers, user } = await depositor(app);
    const { paymentId } = await deposit(app, headers, 'card', 150);
    await pressSandboxButton(app, paymentId, 'pay');
    await drainEvents(app);
    const handlers = (await import('./deposit-events')).depositEventHandlers(app.ctx);
    const event = {
      type: 'deposit.paid' as const,
      paymentId,
      userId: user.id,
      amountMicros: '150000000',
      feeMicros: '0',
      vatMicros: '34500000',
      totalMicros: '184500000',
      method: 'card',
      provider: 'sandbox',
    };
    for (const h of handlers) if (h.type === 'deposit.paid') await h.handle(event);
    const notes = await app.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.title, DEPOSIT_RECEIVED_TITLE)));
    expect(notes).toHaveLength(1);
  });
});

describe('billing details given later', () => {
  it('let the same account deposit', async () => {
    const { headers, user } = await loginAs(app, 'advertiser');
    expect((await deposit(app, headers, 'crypto', 150)).status).toBe(409);
    await giveBillingDetails(app, user.id);
    const { paymentId } = await deposit(app, headers, 'crypto', 150);
    expect(await eventsOf(app, paymentId)).toEqual([]);
  });
});
