import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingHistoryEntry } from '@cryptads/contract/billing-history';
import { GENERIC_MESSAGES } from '@cryptads/contract/api';
import { invoices } from '../../db/schema/invoices';
import { payouts } from '../../db/schema/ledger';
import { body, loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { issueCreditNote } from './invoices.service';
import {
  depositPaid,
  depositPayment,
  emitAndDrain,
  givesBillingDetails,
  payoutRequested,
  payoutRow,
  pdfText,
} from './test-helpers';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp({
    INVOICE_ISSUER_NAME: 'Cryptads Ltd',
    INVOICE_ISSUER_ADDRESS: '1 Grand Canal Square|Dublin 2, D02 P820',
    INVOICE_ISSUER_COUNTRY: 'IE',
    INVOICE_ISSUER_VAT: 'IE6388047V',
    INVOICE_ISSUER_REGISTRATION: '123456',
    INVOICE_ISSUER_IBAN: 'IE29 AIBK 9311 5212 3456 78',
    INVOICE_ISSUER_BIC: 'AIBKIE2D',
    INVOICE_ISSUER_BANK_NAME: 'AIB',
  });
});
afterAll(async () => {
  await app.closeAll();
});

const history = async (headers: Record<string, string>) => {
  const res = await app.inject({ method: 'GET', url: '/api/billing/history', headers });
  expect(res.statusCode).toBe(200);
  return body<BillingHistoryEntry[]>(res).response;
};
const download = (headers: Record<string, string>, unique: string) =>
  app.inject({ method: 'GET', url: `/api/billing/history/${unique}`, headers });

describe('the invoice of a deposit', () => {
  it('is made once from the deposit.paid event, however often it arrives, and is listed with its document', async () => {
    const me = await loginAs(app, 'advertiser');
    await givesBillingDetails(app, me.user.id, {
      firstName: 'Siobhán',
      lastName: 'Ní Bhriain',
      address: '4 Quay Street\nGalway H91 X2Y3',
      country: 'IE',
    });
    const payment = await depositPayment(app, me.user.id, { method: 'card', amount: 150, vat: 34.5 });
    await emitAndDrain(app, depositPaid(payment), depositPaid(payment));
    await emitAndDrain(app, depositPaid(payment));

    const [made] = await app.ctx.db
      .select({ n: count() })
      .from(invoices)
      .where(and(eq(invoices.sourceType, 'deposit'), eq(invoices.sourceId, payment.id)));
    expect(made?.n).toBe(1);

    const rows = await history(me.headers);
    expect(rows).toEqual([
      {
        unique: `deposit-${payment.id}`,
        date: payment.paidAt?.toISOString(),
        printDate: expect.stringMatching(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/),
        type: 'Deposit',
        method: 'Card Payment',
        amount: 150,
        valid: 1,
        hasDocument: true,
        number: expect.stringMatching(/^INV-\d{4}-\d{6}$/),
        timeline: null,
      },
    ]);

    const res = await download(me.headers, rows[0]?.unique ?? '');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Invoice-${rows[0]?.number}.pdf"`);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(`Number ${rows[0]?.number}`);
    expect(text).toContain('BILLED TO Siobhán Ní Bhriain 4 Quay Street Galway H91 X2Y3 Ireland');
    expect(text).toContain(me.email);
    expect(text).toContain('Advertising balance top-up (deposit) 1 €150.00 €150.00');
    expect(text).toContain('Net amount at 23 % €150.00');
    expect(text).toContain('VAT 23 % €34.50');
    expect(text).toContain('Total €184.50');
    expect(text).toContain(`Payment method: Card Payment · Reference: ${payment.id}`);
    // The issuer from configuration, in the header and the footer.
    const billedTo = text.indexOf('BILLED TO');
    for (const issuerLine of ['Cryptads Ltd', '1 Grand Canal Square', 'Dublin 2, D02 P820', 'VAT number: IE6388047V'])
      expect(text.indexOf(issuerLine), issuerLine).toBeLessThan(billedTo);
    expect(text).toContain('Cryptads Ltd · Registration 123456 · VAT IE6388047V · AIB · IBAN IE29AIBK93115212345678');
    expect(text).not.toContain('Reverse charge');
  });

  it('keeps the customer details it was made with when the profile changes later', async () => {
    const me = await loginAs(app, 'advertiser');
    await givesBillingDetails(app, me.user.id, { firstName: 'Łukasz', lastName: 'Żółć', country: 'PL' });
    const payment = await depositPayment(app, me.user.id, { method: 'crypto', amount: 100, fee: 1, vat: 23.23 });
    await emitAndDrain(app, depositPaid(payment));
    const first = await download(me.headers, `deposit-${payment.id}`);
    expect(await pdfText(first.rawPayload)).toContain('BILLED TO Łukasz Żółć');

    await givesBillingDetails(app, me.user.id, { firstName: 'Jan', lastName: 'Kowalski', country: 'PL' });
    const again = await download(me.headers, `deposit-${payment.id}`);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const text = await pdfText(again.rawPayload);
    expect(text).toContain('BILLED TO Łukasz Żółć');
    expect(text).not.toContain('Kowalski');
    // Crypto: the processing fee is a line of its own; VAT on amount and fee.
    expect(text).toContain('Payment processing fee 1 €1.00 €1.00');
    expect(text).toContain('Net amount at 23 % €101.00');
    expect(text).toContain('VAT 23 % €23.23');
    expect(text).toContain('Total €124.23');
  });

  it("gives a business in another member state with a confirmed VAT number 0 % and the words 'Reverse charge'", async () => {
    const me = await loginAs(app, 'advertiser');
    await givesBillingDetails(app, me.user.id, {
      isCompany: true,
      companyName: 'Müller Werbung GmbH',
      address: 'Friedrichstraße 10\n10117 Berlin',
      country: 'DE',
      registrationNumber: 'HRB 12345',
      vatCode: '811907980',
      vatValid: true,
    });
    const payment = await depositPayment(app, me.user.id, { method: 'crypto', amount: 1000, fee: 10 });
    await emitAndDrain(app, depositPaid(payment));
    const text = await pdfText((await download(me.headers, `deposit-${payment.id}`)).rawPayload);
    expect(text).toContain('BILLED TO Müller Werbung GmbH Friedrichstraße 10 10117 Berlin Germany');
    expect(text).toContain('VAT number: DE811907980');
    expect(text).toContain('Registration number: HRB 12345');
    expect(text).toContain('Payment method: Cryptocurrency');
    expect(text).toContain('VAT 0 % €0.00');
    expect(text).toContain('Total €1,010.00');
    expect(text).toContain('Reverse charge');
    expect(text).toContain('Article 196');
  });

  it('charges the standard rate to a business whose VAT number is not confirmed', async () => {
    const me = await loginAs(app, 'advertiser');
    await givesBillingDetails(app, me.user.id, {
      isCompany: true,
      companyName: 'Unconfirmed BV',
      country: 'NL',
      vatCode: 'NL123456789B01',
      vatValid: false,
    });
    const payment = await depositPayment(app, me.user.id, { method: 'card', amount: 200, vat: 46 });
    await emitAndDrain(app, depositPaid(payment));
    const text = await pdfText((await download(me.headers, `deposit-${payment.id}`)).rawPayload);
    expect(text).toContain('VAT number: NL123456789B01');
    expect(text).toContain('VAT 23 % €46.00');
    expect(text).not.toContain('Reverse charge');
  });

  it('lists a deposit that is not paid yet, without a document to download', async () => {
    const me = await loginAs(app, 'advertiser');
    const open = await depositPayment(app, me.user.id, { amount: 300, status: 'created' });
    const expired = await depositPayment(app, me.user.id, { amount: 400, status: 'expired', method: 'crypto' });
    const rows = await history(me.headers);
    expect(rows.map((r) => [r.unique, r.amount, r.valid, r.hasDocument, r.number])).toEqual(
      expect.arrayContaining([
        [`deposit-${open.id}`, 300, 0, false, null],
        [`deposit-${expired.id}`, 400, 3, false, null],
      ]),
    );
    const res = await download(me.headers, `deposit-${open.id}`);
    expect(res.statusCode).toBe(404);
    expect(body(res).reason).toBe(GENERIC_MESSAGES.notFound);
  });
});

describe('the history of another account', () => {
  it("is never shown: another account's rows answer 404, and its history stays its own", async () => {
    const owner = await loginAs(app, 'advertiser');
    const other = await loginAs(app, 'advertiser');
    const publisher = await loginAs(app, 'publisher');
    const payment = await depositPayment(app, owner.user.id, { amount: 120 });
    await emitAndDrain(app, depositPaid(payment));
    const [own] = await history(owner.headers);
    expect(own?.hasDocument).toBe(true);

    for (const caller of [other, publisher]) {
      const res = await download(caller.headers, `deposit-${payment.id}`);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(await history(caller.headers)).toEqual([]);
    }
    const [invoice] = await app.ctx.db.select().from(invoices).where(eq(invoices.sourceId, payment.id));
    // The credit-note form of the same document, and uniques that name nothing.
    for (const unique of [`credit-${invoice?.id}`, 'deposit-pay_unknown', 'payout-999999', 'invoice-1', 'deposit-a/b'])
      expect((await download(owner.headers, unique)).statusCode, unique).toBe(404);
  });

  it('needs a session', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/billing/history' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/billing/history/deposit-x' })).statusCode).toBe(401);
  });
});

describe('the self-billing invoice of a payout', () => {
  it('is cancelled by a credit note when the payout fails, so the earnings paid later are not invoiced twice', async () => {
    const me = await loginAs(app, 'publisher');
    const payout = await payoutRow(app, me.user.id, { amount: 80 });
    await emitAndDrain(app, payoutRequested(payout));
    await app.ctx.db
      .update(payouts)
      .set({ status: 'failed', failedAt: new Date(), failureReason: 'IBAN closed' })
      .where(eq(payouts.id, payout.id));
    const failed = { type: 'payout.changed', payoutId: payout.id, userId: me.user.id, status: 'failed' } as const;
    await emitAndDrain(app, failed, failed);

    const rows = await history(me.headers);
    const payoutEntry = rows.find((r) => r.unique === `payout-${payout.id}`);
    const credit = rows.filter((r) => r.type === 'Credit Note');
    expect(payoutEntry).toMatchObject({ valid: 4, hasDocument: true });
    expect(payoutEntry?.timeline?.map((t) => [t.step, t.detail])).toEqual([
      ['requested', null],
      ['failed', 'IBAN closed'],
    ]);
    expect(credit).toHaveLength(1);
    const text = await pdfText((await download(me.headers, credit[0]?.unique ?? '')).rawPayload);
    expect(text).toContain(`Corrects invoice ${payoutEntry?.number}`);
    expect(text).toContain(`payout ${payout.id} failed (IBAN closed)`);
  });

  it('is not credited for a payout that did not fail', async () => {
    const me = await loginAs(app, 'publisher');
    const payout = await payoutRow(app, me.user.id, { amount: 90 });
    await emitAndDrain(app, payoutRequested(payout), {
      type: 'payout.changed',
      payoutId: payout.id,
      userId: me.user.id,
      status: 'sent',
    });
    expect((await history(me.headers)).map((r) => r.type)).toEqual(['Payout']);
  });

  it("is issued for the publisher under 'Self-billing', listed with the payout's timeline", async () => {
    const me = await loginAs(app, 'publisher');
    await givesBillingDetails(app, me.user.id, {
      isCompany: true,
      companyName: 'Θεσσαλονίκη Media ΙΚΕ',
      address: 'Egnatia 10\n54625 Thessaloniki',
      country: 'GR',
      vatCode: '094259216',
      vatValid: true,
    });
    const payout = await payoutRow(app, me.user.id, { amount: 512.34 });
    await emitAndDrain(app, payoutRequested(payout), payoutRequested(payout));

    let [row] = await history(me.headers);
    expect(row).toMatchObject({
      unique: `payout-${payout.id}`,
      type: 'Payout',
      method: 'SEPA',
      amount: 512.34,
      valid: 0,
      hasDocument: true,
      number: expect.stringMatching(/^SB-\d{4}-\d{6}$/),
      timeline: [{ step: 'requested', at: payout.requestedAt.toISOString(), detail: null }],
    });

    const sentAt = new Date(payout.requestedAt.getTime() + 3_600_000);
    await app.ctx.db
      .update(payouts)
      .set({ status: 'sent', sentAt, reference: 'SEPA-REF-0042' })
      .where(eq(payouts.id, payout.id));
    [row] = await history(me.headers);
    expect(row?.valid).toBe(2);
    expect(row?.timeline).toEqual([
      { step: 'requested', at: payout.requestedAt.toISOString(), detail: null },
      { step: 'sent', at: sentAt.toISOString(), detail: 'SEPA-REF-0042' },
    ]);

    const res = await download(me.headers, `payout-${payout.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Self-billing-invoice-${row?.number}.pdf"`);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Self-billing invoice');
    expect(text).toContain('CUSTOMER (ISSUER) Cryptads Ltd');
    expect(text.indexOf('Θεσσαλονίκη Media ΙΚΕ')).toBeLessThan(text.indexOf('CUSTOMER (ISSUER)'));
    expect(text).toContain('VAT number: EL094259216');
    expect(text).toContain(`Publisher earnings paid out (payout ${payout.id}) 1 €512.34 €512.34`);
    expect(text).toContain('Total €512.34');
    expect(text).toContain('Reverse charge');
    expect(text).toContain('Self-billing This invoice was issued by Cryptads Ltd');
    expect(text).toContain(`Payment method: SEPA · Reference: Payout ${payout.id}`);
  });

  it('charges no VAT to a publisher who is a private person, and says so', async () => {
    const me = await loginAs(app, 'publisher');
    await givesBillingDetails(app, me.user.id, { firstName: 'Marie', lastName: 'Dupont', country: 'FR' });
    const payout = await payoutRow(app, me.user.id, { amount: 75, method: 'cryptocurrency' });
    await emitAndDrain(app, payoutRequested(payout));
    const text = await pdfText((await download(me.headers, `payout-${payout.id}`)).rawPayload);
    expect(text).toContain('Marie Dupont');
    expect(text).toContain('VAT 0 % €0.00');
    expect(text).toContain('No VAT has been charged on this self-billing invoice.');
    expect(text).not.toContain('Reverse charge');
    expect(text).toContain('Payment method: Cryptocurrency');
  });

  it('is cancelled by a credit note of its own series that names it, once', async () => {
    const me = await loginAs(app, 'publisher');
    const payout = await payoutRow(app, me.user.id, { amount: 60 });
    await emitAndDrain(app, payoutRequested(payout));
    const [invoice] = await app.ctx.db
      .select()
      .from(invoices)
      .where(eq(invoices.sourceId, String(payout.id)));
    if (!invoice) throw new Error('no self-billing invoice');

    const reason = 'The payout failed: the bank refused the transfer. The amount is back in your balance.';
    const first = await issueCreditNote(app.ctx, invoice.id, reason);
    const second = await issueCreditNote(app.ctx, invoice.id, reason);
    expect(first.created).toBe(true);
    expect(second).toMatchObject({ created: false, invoice: { id: first.invoice.id } });
    expect(first.invoice.number).toMatch(/^CN-\d{4}-\d{6}$/);

    const rows = await history(me.headers);
    expect(rows.find((r) => r.type === 'Credit Note')).toMatchObject({
      unique: `credit-${first.invoice.id}`,
      amount: 60,
      valid: 1,
      hasDocument: true,
      number: first.invoice.number,
    });
    const res = await download(me.headers, `credit-${first.invoice.id}`);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Credit-note-${first.invoice.number}.pdf"`);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Credit note');
    expect(text).toContain(`Number ${first.invoice.number}`);
    expect(text).toContain(`Corrects invoice ${invoice.number}`);
    expect(text).toContain(reason);
    // It corrects a self-billing invoice, so it is self-billed too: the publisher supplies, we issue.
    expect(text).toContain('CUSTOMER (ISSUER) Cryptads Ltd');
    expect(text).not.toContain('BILLED TO');
    expect(text).toContain('Self-billing This invoice was issued by Cryptads Ltd');
  });
});
