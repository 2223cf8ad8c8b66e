import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES as M } from '@cryptads/contract/billing';
import { BILLING_PROFILE_MESSAGES as PM, type BillingSaveResult } from '@cryptads/contract/billing-profile';
import { billingProfiles } from '../../db/schema/billing-profile';
import { users } from '../../db/schema/users';
import { currentTotp, newTotpSecret } from '../../lib/totp';
import { body, drainEvents, lastMailTo, loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { billingProfileOf } from './billing-profile.service';
import { COMPANY_DETAILS, markVerified, saveDetails } from './test-helpers';

const SEPA = {
  method: 'sepa',
  frequency: 0,
  autoInvoicing: true,
  selfBillingAgreement: true,
  sepa_iban: 'DE89 3704 0044 0532 0130 00',
  sepa_bankIdentifier: 'cobadeffxxx',
  sepa_bankName: 'Commerzbank',
  sepa_bankAddress: 'Kaiserplatz, Frankfurt am Main',
};

describe('POST /billing/withdraw-options', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.closeAll();
  });

  const save = (headers: Record<string, string>, payload: object) =>
    app.inject({ method: 'POST', url: '/api/billing/withdraw-options', headers, payload });

  async function verifiedPublisher(details: Record<string, unknown> | undefined = undefined) {
    const publisher = await loginAs(app, 'publisher');
    await saveDetails(app, publisher.headers, details);
    await markVerified(app, publisher.user.id);
    return publisher;
  }

  it('is for publishers only', async () => {
    const { headers } = await loginAs(app, 'advertiser');
    const res = await save(headers, SEPA);
    expect([res.statusCode, body(res).reason]).toEqual([403, 'Your account type cannot use this feature.']);
  });

  it('stays closed until the identity is verified', async () => {
    const { headers } = await loginAs(app, 'publisher');
    expect(body(await save(headers, SEPA)).reason).toBe(PM.withdrawUnavailable);
    await saveDetails(app, headers);
    const res = await save(headers, SEPA);
    expect([res.statusCode, body(res).reason]).toEqual([409, PM.withdrawUnavailable]);
    // A company also needs its documents Valid, not only the person's identity (docs/product/billing.md#withdraw-options).
    const company = await loginAs(app, 'publisher');
    await saveDetails(app, company.headers, COMPANY_DETAILS);
    await app.ctx.db.update(users).set({ kycVerified: 1 }).where(eq(users.id, company.user.id));
    expect((await save(company.headers, SEPA)).statusCode).toBe(409);
  });

  it('saves SEPA options, keeps the self-billing agreement and tells the publisher', async () => {
    const { user, headers, email } = await verifiedPublisher();
    const res = await save(headers, SEPA);
    expect(res.statusCode).toBe(200);
    const result = body<BillingSaveResult>(res).response;
    expect(result.message).toBe('Your Withdraw Options has been saved.');
    expect(result.profile).toMatchObject({
      selfBillingAgreed: true,
      publisherPaymentOptions: {
        method: 'sepa',
        frequency: 0,
        autoInvoicing: true,
        details: {
          iban: 'DE89370400440532013000',
          bank_identifier: 'COBADEFFXXX',
          bank_name: 'Commerzbank',
          bank_address: 'Kaiserplatz, Frankfurt am Main',
        },
      },
    });
    const record = await billingProfileOf(app.ctx.db, user.id);
    expect(record).toMatchObject({ payoutMethod: 'sepa', payoutIban: 'DE89370400440532013000', kycVerified: 1 });
    expect(record?.selfBillingAgreedAt).toBeInstanceOf(Date);

    await drainEvents(app);
    expect((await lastMailTo(app, email))?.subject).toBe('Your withdraw options were changed - Cryptads');
  });

  it('switches to a Bitcoin wallet, weekly, and drops the bank details', async () => {
    const { headers } = await verifiedPublisher();
    await save(headers, SEPA);
    const res = await save(headers, {
      method: 'cryptocurrency',
      frequency: 1,
      selfBillingAgreement: true,
      cryptoType: 'btc',
      cryptoAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    });
    expect(body<BillingSaveResult>(res).response.profile.publisherPaymentOptions).toEqual({
      method: 'cryptocurrency',
      frequency: 1,
      autoInvoicing: false,
      details: { type: 'btc', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
    });
  });

  it.each([
    ['an IBAN that is not one', { ...SEPA, sepa_iban: 'DE00 1234' }, M.invalidIban],
    ['an Irish account', { ...SEPA, sepa_iban: 'IE29 AIBK 9311 5212 3456 78' }, M.irishAccount],
    ['a BIC with symbols', { ...SEPA, sepa_bankIdentifier: 'COBA-DE' }, M.bicAlphanumeric],
    ['no bank name', { ...SEPA, sepa_bankName: '' }, M.fillInField],
    ['a bank address over 255 characters', { ...SEPA, sepa_bankAddress: 'x'.repeat(256) }, M.tooLong(255)],
    ['SWIFT, which is paused', { ...SEPA, method: 'swift' }, M.swiftPaused],
    ['no self-billing agreement', { ...SEPA, selfBillingAgreement: false }, M.selfBillingRequired],
    ['an unknown frequency', { ...SEPA, frequency: 2 }, M.frequencyInvalid],
    [
      'an Ethereum address with a wrong checksum',
      {
        method: 'cryptocurrency',
        frequency: 0,
        selfBillingAgreement: true,
        cryptoType: 'eth',
        cryptoAddress: '0x52908400098527886e0F7030069857D2E4169EE7',
      },
      M.cryptoAddressInvalid('Ethereum'),
    ],
  ])('refuses %s', async (_why, payload, reason) => {
    const { headers } = await verifiedPublisher();
    const res = await save(headers, payload);
    expect([res.statusCode, body(res).reason]).toEqual([400, reason]);
  });

  it('asks for the 2FA code with code 32, refuses a wrong one with 33, and takes a code once', async () => {
    const { user, headers } = await verifiedPublisher();
    const secret = newTotpSecret();
    await app.ctx.db.update(users).set({ twoFactorSecret: secret }).where(eq(users.id, user.id));

    const missing = await save(headers, SEPA);
    expect([missing.statusCode, body(missing).code, body(missing).reason]).toEqual([400, 32, PM.twoFactorCodeRequired]);
    const code = await currentTotp(secret);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await save(headers, { ...SEPA, twoFactorCode: wrongCode });
    expect([wrong.statusCode, body(wrong).code, body(wrong).reason]).toEqual([
      400,
      33,
      'Your 2FA Code is invalid. Please try again.',
    ]);
    const [before] = await app.ctx.db.select().from(billingProfiles).where(eq(billingProfiles.userId, user.id));
    expect(before?.payoutMethod).toBeNull();

    const right = await save(headers, { ...SEPA, twoFactorCode: code });
    expect(right.statusCode).toBe(200);
    const replay = await save(headers, { ...SEPA, sepa_bankName: 'Other Bank', twoFactorCode: code });
    expect([replay.statusCode, body(replay).code]).toEqual([400, 33]);
    const [after] = await app.ctx.db.select().from(billingProfiles).where(eq(billingProfiles.userId, user.id));
    expect(after?.payoutBankName).toBe('Commerzbank');
  });

  it('accepts one code for only one of two saves racing with it', async () => {
    const { user, headers } = await verifiedPublisher();
    const secret = newTotpSecret();
    await app.ctx.db.update(users).set({ twoFactorSecret: secret }).where(eq(users.id, user.id));
    const code = await currentTotp(secret);
    const answers = await Promise.all([
      save(headers, { ...SEPA, sepa_bankName: 'First Bank', twoFactorCode: code }),
      save(headers, { ...SEPA, sepa_bankName: 'Second Bank', twoFactorCode: code }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const refused = answers.find((r) => r.statusCode === 400);
    expect(refused && body(refused).code).toBe(33);
    const accepted = answers.find((r) => r.statusCode === 200);
    const [row] = await app.ctx.db.select().from(billingProfiles).where(eq(billingProfiles.userId, user.id));
    expect(row?.payoutBankName).toBe(
      accepted && body<BillingSaveResult>(accepted).response.profile.publisherPaymentOptions?.details.bank_name,
    );
  });
});
