import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_PROFILE_MESSAGES as PM, type BillingProfileView } from '@cryptads/contract/billing-profile';
import { sumsubOutcome, veriffOutcome } from '../../adapters/kyc/port';
import { buildKycSandboxEvent, createKycSandbox } from '../../adapters/kyc/sandbox';
import { kycEvents } from '../../db/schema/billing-profile';
import { body, drainEvents, lastMailTo, loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { COMPANY_DETAILS, dataUrl, pdfBytes, saveDetails } from './test-helpers';

const SECRET = 'kyc-sandbox-secret-for-tests-0123456789';

describe('the KYC port', () => {
  it.each([
    [{ reviewStatus: 'completed', reviewAnswer: 'GREEN' }, 'approved'],
    [{ reviewStatus: 'completed', reviewAnswer: 'RED', reviewRejectType: 'RETRY' }, 'retry'],
    [{ reviewStatus: 'completed', reviewAnswer: 'RED', reviewRejectType: 'FINAL' }, 'rejected'],
    [{ reviewStatus: 'pending' }, 'pending'],
    [{ reviewStatus: 'init' }, null],
  ] as const)('maps Sumsub %j to %s', (input, outcome) => {
    expect(sumsubOutcome(input)).toBe(outcome);
  });

  it.each([
    ['approved', 'approved'],
    ['resubmission_requested', 'retry'],
    ['declined', 'rejected'],
    ['review', 'pending'],
    ['expired', null],
    ['abandoned', null],
  ] as const)('maps Veriff %s to %s', (status, outcome) => {
    expect(veriffOutcome(status)).toBe(outcome);
  });

  it('accepts its own signed decisions and refuses a wrong signature, a changed body or an old one', () => {
    const sandbox = createKycSandbox({ secret: SECRET, publicUrl: 'http://localhost:3000' });
    const event = buildKycSandboxEvent(SECRET, { providerRef: 'sandbox_kyc_x', outcome: 'retry', reason: ' Blurry ' });
    expect(sandbox.parseWebhook({ rawBody: event.body, headers: event.headers })).toEqual([
      expect.objectContaining({ providerRef: 'sandbox_kyc_x', outcome: 'retry', reason: 'Blurry' }),
    ]);
    const forged = buildKycSandboxEvent('another-secret-of-the-right-length-000', {
      providerRef: 'sandbox_kyc_x',
      outcome: 'approved',
      reason: null,
    });
    expect(() => sandbox.parseWebhook({ rawBody: forged.body, headers: forged.headers })).toThrow(/does not match/);
    expect(() =>
      sandbox.parseWebhook({ rawBody: event.body.replace('retry', 'approved'), headers: event.headers }),
    ).toThrow(/does not match/);
    const old = buildKycSandboxEvent(
      SECRET,
      { providerRef: 'sandbox_kyc_x', outcome: 'approved', reason: null },
      Math.floor(Date.now() / 1000) - 301,
    );
    expect(() => sandbox.parseWebhook({ rawBody: old.body, headers: old.headers })).toThrow(/tolerance/);
    expect(() => sandbox.parseWebhook({ rawBody: event.body, headers: {} })).toThrow(/Missing/);
  });
});

describe('identity verification through the sandbox provider', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ KYC_SANDBOX_SECRET: SECRET, PUBLIC_URL: 'http://ads.test' });
  });
  afterAll(async () => {
    await app.closeAll();
  });

  const profileOf = async (headers: Record<string, string>) =>
    body<BillingProfileView>(await app.inject({ method: 'GET', url: '/api/billing', headers })).response;
  const start = (headers: Record<string, string>) => app.inject({ method: 'POST', url: '/api/billing/kyc', headers });
  const decide = (path: string, form: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
  const notificationsOf = async (headers: Record<string, string>) =>
    body<{ notifications: { title: string; message: string }[] }>(
      await app.inject({ method: 'GET', url: '/api/user/notifications', headers }),
    ).response.notifications;

  it('needs the identification details first', async () => {
    const { headers } = await loginAs(app, 'advertiser');
    const res = await start(headers);
    expect([res.statusCode, body(res).reason]).toEqual([409, PM.detailsFirst]);
  });

  it('sends the customer to the sandbox page, which asks for a recheck and then approves', async () => {
    const { headers, email } = await loginAs(app, 'publisher');
    await saveDetails(app, headers);
    const res = await start(headers);
    expect(res.statusCode).toBe(200);
    const { url } = body<{ url: string }>(res).response;
    expect(url).toMatch(/^http:\/\/ads\.test\/sandbox\/kyc\/[A-Za-z0-9_-]{24}$/);
    const path = new URL(url).pathname;

    const page = await app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    for (const text of ['Ada Tester', 'Approve', 'Ask to recheck', 'Reject', 'Reason shown to the customer'])
      expect(page.body).toContain(text);

    const recheck = await decide(path, { action: 'recheck', reason: 'The photo is blurred.' });
    expect([recheck.statusCode, recheck.headers.location]).toEqual([
      303,
      '/billing/details/upload-documents/?kyc=done',
    ]);
    expect(await profileOf(headers)).toMatchObject({
      verification: 'recheck',
      docVerification: 5,
      docReason: 'The photo is blurred.',
      kycVerified: 0,
      kycAvailable: true,
    });
    await drainEvents(app);
    expect((await notificationsOf(headers))[0]).toMatchObject({
      title: 'Please send your documents again',
      message: 'We could not verify your documents and need new ones. Reason: The photo is blurred.',
      link: '/billing/details/upload-documents/',
    });

    await decide(path, { action: 'approve' });
    expect(await profileOf(headers)).toMatchObject({
      verification: 'verified',
      kycVerified: 1,
      docVerification: 1,
      docReason: null,
      withdrawAvailable: true,
      kycAvailable: false,
    });
    const me = body<{ kycVerified: number }>(await app.inject({ method: 'GET', url: '/api/user', headers })).response;
    expect(me.kycVerified).toBe(1);
    await drainEvents(app);
    expect((await notificationsOf(headers))[0]?.title).toBe('Identity verified');
    const mail = await lastMailTo(app, email);
    expect(mail?.subject).toBe('Identity verified - Cryptads');
    expect(mail?.text).toContain('http://ads.test/billing/details/upload-documents/');

    // The session is closed now: the page says so and a late decision changes nothing.
    expect((await app.inject({ method: 'GET', url: path })).body).toContain('This verification is closed: approved.');
    await decide(path, { action: 'reject', reason: 'Too late' });
    expect((await profileOf(headers)).verification).toBe('verified');
    const again = await start(headers);
    expect([again.statusCode, body(again).reason]).toEqual([409, PM.documentsVerified]);
  });

  it('rejects a company for good: CompanyRejected with the reason, no new verification', async () => {
    const { headers } = await loginAs(app, 'advertiser');
    await saveDetails(app, headers, COMPANY_DETAILS);
    const path = new URL(body<{ url: string }>(await start(headers)).response.url).pathname;
    await decide(path, { action: 'reject', reason: 'The company is on a sanctions list.' });
    expect(await profileOf(headers)).toMatchObject({
      verification: 'companyRejected',
      docVerification: 4,
      docReason: 'The company is on a sanctions list.',
    });
    const res = await start(headers);
    expect([res.statusCode, body(res).reason]).toEqual([409, PM.documentsRejected]);
    const upload = await app.inject({
      method: 'POST',
      url: '/api/billing/document',
      headers,
      payload: { name: 'again.pdf', file: dataUrl('application/pdf', pdfBytes()) },
    });
    expect([upload.statusCode, body(upload).reason]).toEqual([409, PM.documentsRejected]);
  });

  it('keeps a company that passed the identity check waiting for its company documents', async () => {
    const { headers } = await loginAs(app, 'publisher');
    await saveDetails(app, headers, COMPANY_DETAILS);
    const path = new URL(body<{ url: string }>(await start(headers)).response.url).pathname;
    await decide(path, { action: 'approve' });
    expect(await profileOf(headers)).toMatchObject({ kycVerified: 1, docVerification: 0, withdrawAvailable: false });
    const upload = await app.inject({
      method: 'POST',
      url: '/api/billing/document',
      headers,
      payload: { name: 'incorporation.pdf', file: dataUrl('application/pdf', pdfBytes()) },
    });
    expect(upload.statusCode).toBe(200);
  });

  it('refuses a webhook with a bad signature and applies a repeated one once', async () => {
    const { headers } = await loginAs(app, 'publisher');
    await saveDetails(app, headers);
    const { url } = body<{ url: string }>(await start(headers)).response;
    const providerRef = `sandbox_kyc_${url.split('/').pop()}`;
    const forged = buildKycSandboxEvent('a-secret-that-is-not-ours-but-long-enough', {
      providerRef,
      outcome: 'approved',
      reason: null,
    });
    const bad = await app.inject({
      method: 'POST',
      url: '/api/billing/webhooks/kyc',
      headers: forged.headers,
      payload: forged.body,
    });
    expect([bad.statusCode, body(bad).reason]).toEqual([400, 'The notification could not be verified.']);
    expect((await profileOf(headers)).kycVerified).toBe(0);

    const event = buildKycSandboxEvent(SECRET, { providerRef, outcome: 'pending', reason: null });
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/billing/webhooks/kyc',
        headers: event.headers,
        payload: event.body,
      });
      expect([res.statusCode, body(res).response]).toEqual([200, { ok: true }]);
    }
    const id = (JSON.parse(event.body) as { id: string }).id;
    const [stored] = await app.ctx.db.select({ n: count() }).from(kycEvents).where(eq(kycEvents.providerEventId, id));
    expect(stored?.n).toBe(1);
    expect(await profileOf(headers)).toMatchObject({ verification: 'pending', docVerification: 2 });
  });

  it('answers 404 for a sandbox page that does not exist', async () => {
    expect((await app.inject({ method: 'GET', url: '/sandbox/kyc/AAAAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/sandbox/kyc/..%2F..%2Fetc' })).statusCode).toBe(404);
  });
});

describe('identity review by an operator', () => {
  let app: TestApp;
  const token = 'operator-secret-for-kyc-tests';
  beforeAll(async () => {
    app = await createTestApp({ KYC_PROVIDER: 'manual' }, { operatorToken: token });
  });
  afterAll(async () => {
    await app.closeAll();
  });

  const run = (action: string, args: string[]) =>
    app.inject({
      method: 'POST',
      url: '/api/operator/run',
      headers: { 'x-operator-token': token },
      payload: { domain: 'kyc', action, args },
      remoteAddress: '127.0.0.1',
    });
  const profileOf = async (headers: Record<string, string>) =>
    body<BillingProfileView>(await app.inject({ method: 'GET', url: '/api/billing', headers })).response;

  it('has no online verification without a provider', async () => {
    const { headers } = await loginAs(app, 'advertiser');
    await saveDetails(app, headers);
    expect((await profileOf(headers)).kycAvailable).toBe(false);
    const res = await app.inject({ method: 'POST', url: '/api/billing/kyc', headers });
    expect([res.statusCode, body(res).reason]).toEqual([409, PM.kycUnavailable]);
  });

  it('approves, rejects with a reason and asks to recheck, telling the customer each time', async () => {
    const { user, headers, email } = await loginAs(app, 'advertiser');
    await saveDetails(app, headers, COMPANY_DETAILS);

    const recheck = await run('recheck', [email, 'The', 'certificate', 'is', 'older', 'than', 'a', 'year.']);
    expect(body<{ output: string }>(recheck).response.output).toMatch(
      /: Recheck \(The certificate is older than a year\.\)\.$/,
    );
    expect(await profileOf(headers)).toMatchObject({
      docVerification: 5,
      docReason: 'The certificate is older than a year.',
    });

    const approve = await run('approve', [email]);
    expect(body<{ output: string }>(approve).response.output).toBe(`Identity of ${email} (#${user.id}): Valid.`);
    expect(await profileOf(headers)).toMatchObject({ verification: 'verified', kycVerified: 1, docVerification: 1 });
    await drainEvents(app);
    expect((await lastMailTo(app, email))?.subject).toBe('Identity verified - Cryptads');

    await run('reject', [email, 'Forged', 'document.']);
    expect(await profileOf(headers)).toMatchObject({
      verification: 'companyRejected',
      kycVerified: 0,
      docVerification: 4,
      docReason: 'Forged document.',
    });
    await drainEvents(app);
    const mail = await lastMailTo(app, email);
    expect(mail?.subject).toBe('Verification declined - Cryptads');
    expect(mail?.text).toContain('Reason: Forged document.');
  });

  it('refuses a review of an account without billing details or without an account', async () => {
    const { email } = await loginAs(app, 'publisher');
    const none = await run('approve', [email]);
    expect([none.statusCode, body(none).reason]).toEqual([400, `${email} has not saved billing details yet.`]);
    const nobody = await run('approve', ['nobody@x.example']);
    expect(body(nobody).reason).toBe('No account with email nobody@x.example.');
  });
});
