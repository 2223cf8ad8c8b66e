import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositOverview } from '@cryptads/contract/deposits';
import { type FakeVies, startFakeVies } from '../../adapters/vat/fakes/fake-vies';
import { ledgerAccounts, ledgerTransfers } from '../../db/schema/ledger';
import { body, drainEvents, loginAs, loginAsOperator } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { runOperatorCommand } from '../../operator/run';
import { COMPANY_DETAILS, saveDetails } from '../billing-profile/test-helpers';
import { pdfText } from '../invoices/test-helpers';
import { deposit, depositor, paymentRow, pressSandboxButton } from './test-helpers';

/**
 * VAT by place of supply (docs/decisions/035-vat-place-of-supply.md), end to end for each
 * case: what the deposit screen is told, what is charged, what the ledger owes to which
 * country, and what the invoice prints. The issuer is in Ireland (the test configuration).
 */
let app: TestApp;
let vies: FakeVies;
beforeAll(async () => {
  vies = await startFakeVies({ DE136695976: { name: 'Łukasz Żółć GmbH', address: 'Hauptstraße 1, Berlin' } });
  app = await createTestApp({
    VAT_CHECK_PROVIDER: 'vies',
    VIES_API_URL: vies.apiUrl,
    VIES_TIMEOUT_MS: '20000',
    TRUST_PROXY: '1',
  });
});
afterAll(async () => {
  await app.closeAll();
  await vies.close();
});

const overview = async (headers: Record<string, string>) => {
  const res = await app.inject({ method: 'GET', url: '/api/billing/deposit', headers });
  expect(res.statusCode).toBe(200);
  return body<DepositOverview>(res).response;
};

/** A card deposit of `euros` from `country` (the payer's IP country header), paid on the sandbox page. */
async function paidDeposit(headers: Record<string, string>, euros: number, ipCountry = 'DE') {
  const started = await deposit(app, { ...headers, 'cf-ipcountry': ipCountry }, 'card', euros);
  expect(started.status, started.reason ?? '').toBe(200);
  await pressSandboxButton(app, started.paymentId, 'pay');
  await drainEvents(app);
  return paymentRow(app, started.paymentId);
}

async function vatPosting(paymentId: string) {
  const rows = await app.ctx.db
    .select({ amount: ledgerTransfers.amountMicros, account: ledgerAccounts.code })
    .from(ledgerTransfers)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerTransfers.creditAccountId))
    .where(eq(ledgerTransfers.reference, `payment:${paymentId}`));
  return rows.filter((r) => r.account.startsWith('platform:vat_payable'));
}

async function invoiceText(headers: Record<string, string>, paymentId: string) {
  const res = await app.inject({ method: 'GET', url: `/api/billing/history/deposit-${paymentId}`, headers });
  expect(res.statusCode).toBe(200);
  return pdfText(res.rawPayload);
}

type Case = {
  name: string;
  details: Record<string, unknown>;
  viesMode?: FakeVies['mode'];
  vat: DepositOverview['vat'];
  /** VAT charged on a 100.01 EUR card deposit (rounded up to the cent). */
  vatEuros: string;
  account: string | null;
  printed: RegExp[];
  notPrinted?: RegExp[];
};

const PERSON = { isCompany: false, firstName: 'Ada', lastName: 'Tester', address: '1 Main Street' };

const CASES: Case[] = [
  {
    name: 'a private customer in Germany pays German VAT through the OSS',
    details: { ...PERSON, country: 'DE' },
    vat: { rule: 'oss', country: 'DE', ratePercent: 19, wording: 'VAT 19 % (Germany)' },
    vatEuros: '19.01',
    account: 'platform:vat_payable_DE',
    printed: [/Net amount at 19 %/, /VAT 19 % \(Germany\)\s+€19\.01/, /Total\s+€119\.02/, /Currency\s+EUR/],
    // The rate derived back from the rounded amounts (19.01 / 100.01) would read 19.01 %.
    notPrinted: [/19\.01 %/],
  },
  {
    name: 'a private customer in France pays French VAT',
    details: { ...PERSON, country: 'FR' },
    vat: { rule: 'oss', country: 'FR', ratePercent: 20, wording: 'VAT 20 % (France)' },
    vatEuros: '20.01',
    account: 'platform:vat_payable_FR',
    printed: [/VAT 20 % \(France\)\s+€20\.01/],
  },
  {
    name: "a private customer in Ireland pays the issuer's own rate",
    details: { ...PERSON, country: 'IE' },
    vat: { rule: 'domestic', country: 'IE', ratePercent: 23, wording: 'VAT 23 % (Ireland)' },
    vatEuros: '23.01',
    account: 'platform:vat_payable_IE',
    printed: [/VAT 23 % \(Ireland\)\s+€23\.01/],
  },
  {
    name: 'a German company whose VAT number VIES could not confirm pays German VAT',
    details: { ...COMPANY_DETAILS, vatCode: 'DE136695976' },
    viesMode: 'ms_unavailable',
    vat: { rule: 'oss', country: 'DE', ratePercent: 19, wording: 'VAT 19 % (Germany)' },
    vatEuros: '19.01',
    account: 'platform:vat_payable_DE',
    printed: [/VAT 19 % \(Germany\)/],
    notPrinted: [/Reverse charge/],
  },
  {
    name: 'a German company with a confirmed VAT number is reverse charged',
    details: { ...COMPANY_DETAILS, vatCode: 'DE136695976' },
    vat: { rule: 'reverse_charge', country: 'DE', ratePercent: 0, wording: 'Reverse charge' },
    vatEuros: '0',
    account: null,
    printed: [/Reverse charge/, /Article 196/, /VAT number: DE136695976/, /Total\s+€100\.01/],
  },
  {
    name: 'a company in the United States is outside the scope of EU VAT',
    details: { ...COMPANY_DETAILS, name: 'Acme Inc.', address: '1 Market Street, San Francisco', country: 'US' },
    vat: { rule: 'outside_scope', country: 'US', ratePercent: 0, wording: 'Outside the scope of EU VAT' },
    vatEuros: '0',
    account: null,
    printed: [/Outside the scope of EU VAT/, /Total\s+€100\.01/],
  },
];

describe('VAT by place of supply on deposits', () => {
  for (const c of CASES)
    it(c.name, async () => {
      vies.mode = c.viesMode ?? 'up';
      const { headers } = await loginAs(app, 'advertiser');
      await saveDetails(app, headers, c.details);
      vies.mode = 'up';

      const screen = await overview(headers);
      expect(screen.vat).toEqual(c.vat);
      expect(screen.vatPercent).toBe(c.vat.ratePercent);

      const payment = await paidDeposit(headers, 100.01, c.vat.country);
      const vatMicros = BigInt(Math.round(Number(c.vatEuros) * 100)) * 10_000n;
      expect(payment).toMatchObject({
        vatRule: c.vat.rule,
        vatCountry: c.vat.country,
        vatPercent: c.vat.ratePercent,
        vatMicros,
        totalMicros: 100_010_000n + vatMicros,
        billingCountry: c.vat.country,
        ipCountry: c.vat.country,
        locationAgrees: true,
      });

      const posted = await vatPosting(payment.id);
      expect(posted).toEqual(c.account ? [{ account: c.account, amount: vatMicros }] : []);

      const text = await invoiceText(headers, payment.id);
      for (const pattern of c.printed) expect(text).toMatch(pattern);
      for (const pattern of c.notPrinted ?? []) expect(text).not.toMatch(pattern);
      expect(text).toMatch(/Date of supply/);
      expect(text).toMatch(/Cryptads Ltd/);
      expect(text).toMatch(/IE0000000DEMO/);
    });

  it('records when the payer’s IP country contradicts the billing country', async () => {
    const { headers } = await depositor(app, { country: 'FR' });
    const payment = await paidDeposit(headers, 150, 'US');
    expect(payment).toMatchObject({ billingCountry: 'FR', ipCountry: 'US', locationAgrees: false, vatRule: 'oss' });
  });
});

describe('the OSS return', () => {
  it('sums the quarter’s VAT owed to other member states per country and rate, as CSV for operators', async () => {
    const operator = await loginAsOperator(app);
    const now = new Date();
    const quarter = `${now.getUTCFullYear()}-Q${Math.floor(now.getUTCMonth() / 3) + 1}`;
    const res = await app.inject({
      method: 'GET',
      url: `/api/admin/vat/oss-return?quarter=${quarter}`,
      headers: operator.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="oss-return-${quarter}.csv"`);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('member_state,country,vat_rate_percent,payments,taxable_amount_eur,vat_eur');
    // Two German OSS deposits of 100.01 (a person, a company without a confirmed number), one
    // French of 100.01 and one of 150 (the contradicting evidence); Ireland is domestic.
    expect(lines.slice(1)).toEqual(['DE,Germany,19,2,200.02,38.02', 'FR,France,20,2,250.01,50.01']);

    const customer = await loginAs(app, 'advertiser');
    const refused = await app.inject({
      method: 'GET',
      url: `/api/admin/vat/oss-return?quarter=${quarter}`,
      headers: customer.headers,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('says in the file when a quarter had no EU consumer sales', async () => {
    const operator = await loginAsOperator(app);
    const res = await app.inject({
      method: 'GET',
      url: '/api/admin/vat/oss-return?quarter=2025-Q3',
      headers: operator.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="oss-return-2025-Q3.csv"');
    expect(res.body.split('\r\n')).toEqual([
      'member_state,country,vat_rate_percent,payments,taxable_amount_eur,vat_eur',
      'No EU consumer sales in 2025-Q3.,,,,,',
      '',
    ]);
    // The operator command too, for the current quarter when none is given.
    const now = new Date();
    const current = `${now.getUTCFullYear()}-Q${Math.floor(now.getUTCMonth() / 3) + 1}`;
    const file = await app.inject({
      method: 'GET',
      url: `/api/admin/vat/oss-return?quarter=${current}`,
      headers: operator.headers,
    });
    expect(await runOperatorCommand(app.ctx, { kind: 'command line' }, 'vat', 'oss-return', [])).toEqual({
      output: file.body.trimEnd(),
    });
  });
});
