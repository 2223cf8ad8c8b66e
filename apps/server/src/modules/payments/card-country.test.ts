import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eurosToMicros } from '@cryptads/contract/money';
import type { FakeStripe } from '../../adapters/payments/fakes/fake-stripe';
import type { TestApp } from '../../testing/test-app';
import { balanceOf, paymentRow, stripeApp, postStripe, openCardDeposit } from './test-helpers';

// The card's country as VAT location evidence (docs/decisions/035, 041), through the real
// Stripe adapter talking to the fake Stripe API: the Checkout Session's PaymentIntent is read
// with its latest charge, whose payment_method_details.card.country is stored with the payment.

let app: TestApp;
let fake: FakeStripe;
beforeAll(async () => {
  ({ app, fake } = await stripeApp());
  // Building the app on PGlite takes long on a busy machine.
}, 240_000);
afterAll(async () => {
  await Promise.all([app.closeAll(), fake.close()]);
});

describe("the card's country", () => {
  it('is stored beside the billing country when the card was issued there, and the evidence agrees', async () => {
    const { paymentId, sessionId } = await openCardDeposit(app);
    const before = await paymentRow(app, paymentId);
    expect(before).toMatchObject({ billingCountry: 'IE', cardCountry: null });
    fake.complete(sessionId, { cardCountry: 'IE' });
    expect((await postStripe(app, fake.webhook('checkout.session.completed', sessionId))).statusCode).toBe(200);
    expect(await paymentRow(app, paymentId)).toMatchObject({
      status: 'paid',
      billingCountry: 'IE',
      cardCountry: 'IE',
      locationAgrees: true,
    });
  }, 120_000);

  it('contradicting the billing country is stored as disagreeing evidence; the VAT charged and the credit stand', async () => {
    const { user, paymentId, sessionId } = await openCardDeposit(app);
    fake.complete(sessionId, { cardCountry: 'DE' });
    expect((await postStripe(app, fake.webhook('checkout.session.completed', sessionId))).statusCode).toBe(200);
    const row = await paymentRow(app, paymentId);
    expect(row).toMatchObject({
      status: 'paid',
      billingCountry: 'IE',
      cardCountry: 'DE',
      locationAgrees: false,
      vatCountry: 'IE',
      creditedMicros: eurosToMicros(150),
    });
    expect(Number(row.vatPercent)).toBe(23);
    expect(await balanceOf(app, user.id)).toBe(eurosToMicros(150));
  }, 120_000);

  it('is read on the browser return too, and its absence changes nothing', async () => {
    const a = await openCardDeposit(app);
    fake.complete(a.sessionId, { cardCountry: 'IE' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/billing/payment',
      headers: a.headers,
      payload: { paymentId: a.paymentId },
    });
    expect(res.statusCode).toBe(200);
    expect(await paymentRow(app, a.paymentId)).toMatchObject({
      status: 'paid',
      cardCountry: 'IE',
      locationAgrees: true,
    });

    const b = await openCardDeposit(app);
    fake.complete(b.sessionId, { cardCountry: null });
    expect((await postStripe(app, fake.webhook('checkout.session.completed', b.sessionId))).statusCode).toBe(200);
    expect(await paymentRow(app, b.paymentId)).toMatchObject({
      status: 'paid',
      cardCountry: null,
      locationAgrees: null,
    });
  }, 120_000);
});
