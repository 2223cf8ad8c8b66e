import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@cryptads/contract/dates';
import type { BankTransferDetails, DepositOverview } from '@cryptads/contract/deposits';
import type { StatementImportResult, StatementLines } from '@cryptads/contract/endpoints/bank-statements';
import { setUpAdminApp } from '../modules/admin/test-helpers';
import { expireBankDeposits } from '../modules/payments/bank-deposits';
import { balanceOf, depositor, paymentRow } from '../modules/payments/test-helpers';
import { body } from '../testing/helpers';

// setUpAdminApp builds a createTestApp: this file runs on PGlite and again on PostgreSQL.
const { s, get, post } = setUpAdminApp();

async function announcedDeposit() {
  const session = await depositor(s.app);
  const res = await post('/api/billing/deposit/bank-transfer', session.headers, { amount: 100 });
  expect(res.statusCode).toBe(200);
  const deposit = body<BankTransferDetails>(res).response.deposit;
  if (!deposit) throw new Error('no deposit announced');
  return { ...session, deposit };
}

/** The CSV fixture: its line A pays 123.00 EUR quoting the reference given. */
function statementPaying(reference: string) {
  const run = randomUUID().slice(0, 8);
  const content = readFileSync(new URL('../modules/bank-statements/fixtures/statement.csv', import.meta.url), 'utf8')
    .replaceAll('{{RUN}}', run)
    .replace(/\{\{REF_([A-E])\}\}/g, (_, letter: string) => (letter === 'A' ? reference : 'DEPZZZZZZZZ'));
  return { fileName: `late-${run}.csv`, content };
}

describe('announced bank deposits expire', () => {
  it('after the configured days without a matching line; the customer reads Expired and a late transfer waits for an operator', async () => {
    const days = s.app.ctx.config.payments.bankDepositExpiryDays;
    expect(days).toBe(30);
    const a = await announcedDeposit();
    const created = (await paymentRow(s.app, a.deposit.id))?.createdAt as Date;

    expect(await expireBankDeposits(s.app.ctx.db, days, new Date(created.getTime() + 29 * DAY_MS))).not.toContain(
      a.deposit.id,
    );
    expect(await expireBankDeposits(s.app.ctx.db, days, new Date(created.getTime() + days * DAY_MS + 1000))).toContain(
      a.deposit.id,
    );
    // Once: a second run finds nothing to expire.
    expect(await expireBankDeposits(s.app.ctx.db, days, new Date(created.getTime() + 40 * DAY_MS))).not.toContain(
      a.deposit.id,
    );
    expect(await paymentRow(s.app, a.deposit.id)).toMatchObject({ status: 'expired' });

    const overview = body<DepositOverview>(await get('/api/billing/deposit', a.headers)).response;
    expect(overview.latestDeposits.find((d) => d.id === a.deposit.id)).toMatchObject({ state: 'expired' });
    const details = body<BankTransferDetails>(await get('/api/billing/deposit/bank-transfer', a.headers)).response;
    expect(details.deposit).toBeNull();

    // The transfer arrives after all, with the right reference and total: not credited by itself.
    const res = await post('/api/admin/bank-statements', s.operator, statementPaying(a.deposit.reference));
    expect(res.statusCode).toBe(200);
    expect(body<StatementImportResult>(res).response.credited).toBe(0);
    expect(await balanceOf(s.app, a.user.id)).toBe(0n);
    const lines = body<StatementLines>(await get('/api/admin/bank-statements/lines', s.operator)).response.items;
    const late = lines.find((l) => l.reference === a.deposit.reference);
    expect(late).toMatchObject({ reason: 'deposit_not_pending', amountMicros: '123000000' });
    expect(late?.deposit).toMatchObject({ id: a.deposit.id, status: 'expired' });
  });

  it('leaves a deposit that was paid in time alone', async () => {
    const a = await announcedDeposit();
    const res = await post('/api/admin/bank-statements', s.operator, statementPaying(a.deposit.reference));
    expect(body<StatementImportResult>(res).response.credited).toBe(1);
    const created = (await paymentRow(s.app, a.deposit.id))?.createdAt as Date;
    expect(await expireBankDeposits(s.app.ctx.db, 30, new Date(created.getTime() + 60 * DAY_MS))).not.toContain(
      a.deposit.id,
    );
    expect(await paymentRow(s.app, a.deposit.id)).toMatchObject({ status: 'paid' });
  });
});
