import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES as M } from '@cryptads/contract/billing';
import { BILLING_PROFILE_MESSAGES as PM, type BillingProfileView } from '@cryptads/contract/billing-profile';
import type { VatCheckResult } from '@cryptads/contract/billing';
import { type FakeVies, startFakeVies } from '../../adapters/vat/fakes/fake-vies';
import { billingProfiles, vatChecks } from '../../db/schema/billing-profile';
import { body, drainEvents, loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { recheckDueVatChecks } from './billing-profile.service';
import { COMPANY_DETAILS, INDIVIDUAL_DETAILS, saveDetails } from './test-helpers';

type Saved = { message: string; profile: BillingProfileView };

const getProfile = async (app: TestApp, headers: Record<string, string>) => {
  const res = await app.inject({ method: 'GET', url: '/api/billing', headers });
  expect(res.statusCode).toBe(200);
  return body<BillingProfileView>(res).response;
};
const postDetails = (app: TestApp, headers: Record<string, string>, payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/billing/details', headers, payload: payload as object });

describe('billing details with the embedded VAT check (format only)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.closeAll();
  });

  it('starts a new account without details, unverified, at the standard VAT rate', async () => {
    const { headers } = await loginAs(app, 'advertiser');
    expect(await getProfile(app, headers)).toMatchObject({
      complete: false,
      verification: 'unverified',
      kycVerified: 0,
      docVerification: 0,
      docReason: null,
      vat: 23,
      vatCheck: null,
      withdrawAvailable: false,
      kycAvailable: false,
      publisherPaymentOptions: null,
      blockedDeposit: false,
    });
  });

  it.each([
    ['a missing address', { ...INDIVIDUAL_DETAILS, address: '' }, M.fillInField],
    ['a missing first name', { ...INDIVIDUAL_DETAILS, firstName: '   ' }, M.fillInField],
    ['no country', { ...INDIVIDUAL_DETAILS, country: '' }, M.fillInField],
    ['a country that is not a code', { ...INDIVIDUAL_DETAILS, country: 'Germany' }, M.countryInvalid],
    ['a country nobody knows', { ...INDIVIDUAL_DETAILS, country: 'ZZ' }, M.countryInvalid],
    ['an address over 255 characters', { ...INDIVIDUAL_DETAILS, address: 'a'.repeat(256) }, M.tooLong(255)],
    ['a company without its registration number', { ...COMPANY_DETAILS, taxNumber: '' }, M.fillInField],
    ['a VAT code over 64 characters', { ...COMPANY_DETAILS, vatCode: '1'.repeat(65) }, M.tooLong(64)],
    ['a VAT code outside the EU', { ...COMPANY_DETAILS, country: 'CH', vatCode: 'CHE123' }, M.vatNotForCountry],
    ['a VAT code that is not valid', { ...COMPANY_DETAILS, vatCode: 'DE136695977' }, M.vatInvalid],
  ])('refuses %s with the message the form shows', async (_why, payload, reason) => {
    const { headers } = await loginAs(app, 'advertiser');
    const res = await postDetails(app, headers, payload);
    expect([res.statusCode, body(res).reason]).toEqual([400, reason]);
    expect((await getProfile(app, headers)).complete).toBe(false);
  });

  it('saves an individual and says so', async () => {
    const { headers } = await loginAs(app, 'publisher');
    const res = await postDetails(app, headers, { ...INDIVIDUAL_DETAILS, country: 'fr', firstName: '  Zoé ' });
    expect(res.statusCode).toBe(200);
    const saved = body<Saved>(res).response;
    expect(saved.message).toBe('Your identification details have been saved.');
    expect(saved.profile).toMatchObject({
      complete: true,
      isCompany: false,
      firstName: 'Zoé',
      lastName: 'Tester',
      name: 'Zoé Tester',
      country: 'FR',
      number: '',
      vatCode: '',
      vat: 20,
      kycAvailable: true,
    });
    expect(await getProfile(app, headers)).toEqual(saved.profile);
  });

  it('keeps a company VAT code that is only well-formed unconfirmed: no reverse charge', async () => {
    const { headers } = await loginAs(app, 'advertiser');
    const res = await postDetails(app, headers, { ...COMPANY_DETAILS, vatCode: 'de 136 695 976' });
    expect(res.statusCode).toBe(200);
    expect(body<Saved>(res).response.profile).toMatchObject({
      isCompany: true,
      name: 'Łukasz Żółć GmbH',
      number: 'HRB 12345',
      vatCode: 'DE136695976',
      vatValid: false,
      vat: 19,
      vatCheck: { status: 'valid', checkedBy: 'format', consultationNumber: null, message: M.vatFormatOnly },
    });
  });

  it('answers a customer outside the EU with no VAT (outside the scope of EU VAT)', async () => {
    const { headers } = await loginAs(app, 'advertiser');
    await saveDetails(app, headers, { ...INDIVIDUAL_DETAILS, country: 'US' });
    expect((await getProfile(app, headers)).vat).toBe(0);
  });

  it('lists every country by name and the EU member states with their VIES prefix', async () => {
    const { headers } = await loginAs(app, 'advertiser');
    const countries = body<{ code: string; name: string }[]>(
      await app.inject({ method: 'GET', url: '/api/billing/countries', headers }),
    ).response;
    expect(countries.length).toBeGreaterThan(240);
    expect(countries).toContainEqual({ code: 'CH', name: 'Switzerland' });
    const vat = body<{ code: string; prefix: string }[]>(
      await app.inject({ method: 'GET', url: '/api/billing/vat/countries', headers }),
    ).response;
    expect(vat).toHaveLength(27);
    expect(vat).toContainEqual({ code: 'GR', name: 'Greece', prefix: 'EL' });
    expect(vat.some((c) => c.code === 'GB' || c.code === 'CH')).toBe(false);
  });

  it.each([
    ['no code', { countryCode: 'DE' }, M.fillInField],
    ['a country outside the EU', { code: 'CHE123', countryCode: 'CH' }, M.vatNotForCountry],
  ])('refuses to check a VAT code with %s', async (_why, payload, reason) => {
    const { headers } = await loginAs(app, 'advertiser');
    const res = await app.inject({ method: 'POST', url: '/api/billing/vat/validate', headers, payload });
    expect([res.statusCode, body(res).reason]).toEqual([400, reason]);
  });

  it("answers the spec's texts when checking a code, and says the embedded check is format only", async () => {
    const { headers } = await loginAs(app, 'advertiser');
    const check = async (code: string) =>
      body<VatCheckResult>(
        await app.inject({
          method: 'POST',
          url: '/api/billing/vat/validate',
          headers,
          payload: { code, countryCode: 'DE' },
        }),
      ).response;
    expect(await check('DE136695977')).toMatchObject({ status: 'invalid', message: M.vatInvalid });
    expect(await check('DE136695976')).toMatchObject({
      status: 'valid',
      checkedBy: 'format',
      message: M.vatFormatOnly,
    });
  });
});

describe('billing details with VIES', () => {
  let app: TestApp;
  let vies: FakeVies;
  beforeAll(async () => {
    vies = await startFakeVies({ DE136695976: { name: 'Łukasz Żółć GmbH', address: 'Hauptstraße 1, Berlin' } });
    app = await createTestApp({
      VAT_CHECK_PROVIDER: 'vies',
      VIES_API_URL: vies.apiUrl,
      // Generous: a busy machine must not turn a working fake into 'not checked'.
      VIES_TIMEOUT_MS: '5000',
      INVOICE_ISSUER_COUNTRY: 'IE',
      INVOICE_ISSUER_VAT: 'IE6388047V',
    });
  });
  afterAll(async () => {
    await app.closeAll();
    await vies.close();
  });
  beforeEach(() => {
    vies.mode = 'up';
  });

  it('confirms a registered number: reverse charge, no VAT, the consultation number kept', async () => {
    const { headers } = await loginAs(app, 'advertiser');
    const res = await postDetails(app, headers, { ...COMPANY_DETAILS, vatCode: 'DE136695976' });
    const profile = body<Saved>(res).response.profile;
    expect(profile).toMatchObject({
      vatValid: true,
      vat: 0,
      vatCheck: { status: 'valid', checkedBy: 'vies', message: 'The VAT code provided is valid.' },
    });
    expect(profile.vatCheck?.consultationNumber).toMatch(/^WAPI[0-9A-F]{12}$/);
  });

  it('refuses a well-formed number VIES does not know', async () => {
    const { headers } = await loginAs(app, 'advertiser');
    const res = await postDetails(app, headers, { ...COMPANY_DETAILS, vatCode: 'DE129273398' });
    expect([res.statusCode, body(res).reason]).toEqual([400, M.vatInvalid]);
  });

  it('asks VIES once when the code was just verified with the button', async () => {
    const { headers } = await loginAs(app, 'advertiser');
    const before = vies.requests.length;
    await app.inject({
      method: 'POST',
      url: '/api/billing/vat/validate',
      headers,
      payload: { code: 'DE136695976', countryCode: 'DE' },
    });
    await saveDetails(app, headers, { ...COMPANY_DETAILS, vatCode: 'DE136695976' });
    expect(vies.requests.length - before).toBe(1);
    expect((await getProfile(app, headers)).vatValid).toBe(true);
  });
});

describe('re-checking VAT codes VIES could not check', () => {
  let app: TestApp;
  let vies: FakeVies;
  beforeAll(async () => {
    vies = await startFakeVies({ DE136695976: { name: 'Łukasz Żółć GmbH', address: 'Hauptstraße 1, Berlin' } });
    app = await createTestApp({
      VAT_CHECK_PROVIDER: 'vies',
      VIES_API_URL: vies.apiUrl,
      VIES_TIMEOUT_MS: '3000',
      INVOICE_ISSUER_COUNTRY: 'IE',
      INVOICE_ISSUER_VAT: 'IE6388047V',
    });
  });
  afterAll(async () => {
    await app.closeAll();
    await vies.close();
  });
  beforeEach(() => {
    vies.mode = 'up';
  });

  it('treats VIES down as not checked yet, never invalid, and the job confirms it later', async () => {
    const { user, headers } = await loginAs(app, 'advertiser');
    vies.mode = 'ms_unavailable';
    const button = await app.inject({
      method: 'POST',
      url: '/api/billing/vat/validate',
      headers,
      payload: { code: 'DE136695976', countryCode: 'DE' },
    });
    expect(body<VatCheckResult>(button).response).toMatchObject({
      status: 'not_checked',
      reason: 'MS_UNAVAILABLE',
      message: M.vatNotChecked,
    });
    const res = await postDetails(app, headers, { ...COMPANY_DETAILS, vatCode: 'DE136695976' });
    expect(res.statusCode).toBe(200);
    expect(body<Saved>(res).response.profile).toMatchObject({
      vatValid: false,
      vat: 19,
      vatCheck: { status: 'not_checked', message: M.vatNotChecked, consultationNumber: null },
    });

    // Still down at the first re-check: it waits longer.
    const soon = new Date(Date.now() + 16 * 60_000);
    expect(await recheckDueVatChecks(app.ctx, soon)).toMatchObject({ checked: 1, stillDown: 1 });
    const [waiting] = await app.ctx.db
      .select()
      .from(vatChecks)
      .where(eq(vatChecks.userId, user.id))
      .orderBy(vatChecks.id);
    expect(waiting?.status).toBe('not_checked');
    const [scheduled] = await app.ctx.db
      .select({ next: vatChecks.nextCheckAt, attempts: vatChecks.attempts })
      .from(vatChecks)
      .innerJoin(billingProfiles, eq(billingProfiles.vatCheckId, vatChecks.id))
      .where(eq(vatChecks.userId, user.id));
    expect(scheduled?.attempts).toBe(2);
    expect(scheduled?.next?.getTime()).toBe(soon.getTime() + 30 * 60_000);

    vies.mode = 'up';
    const later = new Date(soon.getTime() + 31 * 60_000);
    expect(await recheckDueVatChecks(app.ctx, later)).toMatchObject({ checked: 1, confirmed: 1 });
    const profile = await getProfile(app, headers);
    expect(profile).toMatchObject({ vatValid: true, vat: 0, vatCheck: { status: 'valid', checkedBy: 'vies' } });
    expect(profile.vatCheck?.consultationNumber).toMatch(/^WAPI/);
    // Nothing is due any more.
    expect(await recheckDueVatChecks(app.ctx, new Date(later.getTime() + 86_400_000))).toMatchObject({ checked: 0 });

    await drainEvents(app);
    const list = await app.inject({ method: 'GET', url: '/api/user/notifications', headers });
    expect(body<{ notifications: { title: string }[] }>(list).response.notifications.map((n) => n.title)).toContain(
      'VAT code confirmed',
    );
  });

  it('stops re-checking a code the customer replaced', async () => {
    const { headers } = await loginAs(app, 'advertiser');
    vies.mode = 'hang';
    await saveDetails(app, headers, { ...COMPANY_DETAILS, vatCode: 'DE136695976' });
    vies.mode = 'up';
    await saveDetails(app, headers, { ...COMPANY_DETAILS, vatCode: '' });
    const before = vies.requests.length;
    const summary = await recheckDueVatChecks(app.ctx, new Date(Date.now() + 86_400_000));
    expect(summary.checked).toBe(0);
    expect(vies.requests.length).toBe(before);
    expect((await getProfile(app, headers)).vatCheck).toBeNull();
  });
});

describe('identification while under review', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.closeAll();
  });

  it.each([
    [2, 'pending'],
    [1, 'verified'],
    [3, 'rejected'],
    [4, 'companyRejected'],
  ] as const)('is read-only while the document status is %i (%s)', async (status, state) => {
    const { user, headers } = await loginAs(app, 'advertiser');
    await saveDetails(app, headers, COMPANY_DETAILS);
    await app.ctx.db
      .update(billingProfiles)
      .set({ docVerification: status })
      .where(eq(billingProfiles.userId, user.id));
    expect((await getProfile(app, headers)).verification).toBe(state);
    const res = await postDetails(app, headers, { ...COMPANY_DETAILS, name: 'Other Ltd' });
    expect([res.statusCode, body(res).reason]).toEqual([409, PM.detailsLocked]);
    expect((await getProfile(app, headers)).name).toBe(COMPANY_DETAILS.name);
  });

  it('lets a company asked to recheck correct its details', async () => {
    const { user, headers } = await loginAs(app, 'advertiser');
    await saveDetails(app, headers, COMPANY_DETAILS);
    await app.ctx.db
      .update(billingProfiles)
      .set({ docVerification: 5, docReason: 'The certificate is unreadable.' })
      .where(eq(billingProfiles.userId, user.id));
    const res = await postDetails(app, headers, { ...COMPANY_DETAILS, name: 'Other Ltd' });
    expect(res.statusCode).toBe(200);
    expect(body<Saved>(res).response.profile).toMatchObject({ name: 'Other Ltd', docVerification: 5 });
  });
});
