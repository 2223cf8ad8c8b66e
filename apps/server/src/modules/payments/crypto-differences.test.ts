import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eurosToMicros } from '@cryptads/contract/money';
import type { FakeCoinGate } from '../../adapters/payments/fakes/fake-coingate';
import type { TestApp } from '../../testing/test-app';
import { checkLedger } from '../ledger/check';
import { accountBalance, available, clearing, platform, statementOf } from '../ledger/ledger.service';
import { balanceOf, paymentRow, coinGateApp, openCryptoDeposit } from './test-helpers';

// Crypto over- and underpayments (docs/decisions/041): the customer is credited the share of
// the amount that arrived, fee and VAT (at the payment's stored rate) take the same share, so
// the CoinGate clearing account gives up exactly what CoinGate received and will settle.

let app: TestApp;
let fake: FakeCoinGate;
beforeAll(async () => {
  ({ app, fake } = await coinGateApp());
  // Building the app on PGlite takes long on a busy machine.
}, 240_000);
afterAll(async () => {
  await Promise.all([app.closeAll(), fake.close()]);
});

/** What one payment moved out of the CoinGate clearing account and where it went. */
async function postingsOf(paymentId: string, userId: number) {
  const lines = await statementOf(app.ctx.db, available(userId));
  const credit = lines.filter((l) => l.reference === `payment:${paymentId}`);
  return { credit };
}

describe('a crypto payment of another amount than charged', () => {
  it('overpaid: the customer is credited the share that arrived, fee and VAT recomputed; the clearing account gives up exactly what arrived', async () => {
    const { user, paymentId, orderId } = await openCryptoDeposit(app);
    // 1000 + 1 % fee + 23 % VAT on both = 1242.30 charged; 10 % more arrived in BTC.
    const payment = await paymentRow(app, paymentId);
    expect(payment.totalMicros).toBe(eurosToMicros(1242.3));
    const clearingBefore = await accountBalance(app.ctx.db, clearing('coingate'));
    const vatBefore = await accountBalance(app.ctx.db, platform('vat_payable_IE'));
    const feesBefore = await accountBalance(app.ctx.db, platform('processing_fees'));
    fake.setStatus(orderId, 'paid', { amount: '0.02000000', currency: 'BTC', overpaid: '0.00200000' });
    expect(await fake.deliverCallback(orderId, 'json')).toBe(200);

    // 1242.30 x 1.1 = 1366.53 arrived; 1000 x 1.1 = 1100.00 credited; fee 10 x 1.1 = 11.00; VAT the rest, 255.53.
    expect(await paymentRow(app, paymentId)).toMatchObject({
      status: 'paid',
      paidMicros: eurosToMicros(1366.53),
      creditedMicros: eurosToMicros(1100),
      needsReview: false,
    });
    expect(await balanceOf(app, user.id)).toBe(eurosToMicros(1100));
    expect(clearingBefore - (await accountBalance(app.ctx.db, clearing('coingate')))).toBe(eurosToMicros(1366.53));
    expect((await accountBalance(app.ctx.db, platform('processing_fees'))) - feesBefore).toBe(eurosToMicros(11));
    expect((await accountBalance(app.ctx.db, platform('vat_payable_IE'))) - vatBefore).toBe(eurosToMicros(255.53));
    // The customer's statement shows the deposit as credited: what arrived, net of fee and VAT.
    const { credit } = await postingsOf(paymentId, user.id);
    expect(credit.map((l) => [l.kind, l.amountMicros])).toEqual([['deposit', eurosToMicros(1100)]]);
    expect((await checkLedger(app.ctx.db)).ok).toBe(true);
  }, 120_000);

  it('underpaid: the same rule the other way, to the micro-euro', async () => {
    const { user, paymentId, orderId } = await openCryptoDeposit(app);
    const clearingBefore = await accountBalance(app.ctx.db, clearing('coingate'));
    fake.setStatus(orderId, 'paid', { amount: '0.02000000', currency: 'BTC', underpaid: '0.00200000' });
    expect(await fake.deliverCallback(orderId, 'json')).toBe(200);
    expect(await paymentRow(app, paymentId)).toMatchObject({
      paidMicros: eurosToMicros(1118.07),
      creditedMicros: eurosToMicros(900),
    });
    expect(await balanceOf(app, user.id)).toBe(eurosToMicros(900));
    expect(clearingBefore - (await accountBalance(app.ctx.db, clearing('coingate')))).toBe(eurosToMicros(1118.07));
    const { credit } = await postingsOf(paymentId, user.id);
    expect(credit.map((l) => [l.kind, l.amountMicros])).toEqual([['deposit', eurosToMicros(900)]]);
    expect((await checkLedger(app.ctx.db)).ok).toBe(true);
  }, 120_000);
});
