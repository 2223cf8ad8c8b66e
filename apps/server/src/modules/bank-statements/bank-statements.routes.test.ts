import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BankTransferDetails } from '@cryptads/contract/deposits';
import type { StatementImportResult, StatementLines } from '@cryptads/contract/endpoints/bank-statements';
import { eurosToMicros } from '@cryptads/contract/money';
import { body, loginAs } from '../../testing/helpers';
import { setUpAdminApp } from '../admin/test-helpers';
import { balanceOf, depositor, paymentRow } from '../payments/test-helpers';

// setUpAdminApp builds a createTestApp: this file runs on PGlite and again on PostgreSQL
// (vitest.config.ts looks for that name), where the concurrent imports really run side by side.
const { s, get, post, auditCount } = setUpAdminApp();

/** An advertiser in Ireland (23 % VAT) who announced a bank deposit of 100 EUR: 123.00 to send. */
async function announcedDeposit() {
  const session = await depositor(s.app);
  const res = await post('/api/billing/deposit/bank-transfer', session.headers, { amount: 100 });
  expect(res.statusCode).toBe(200);
  const deposit = body<BankTransferDetails>(res).response.deposit;
  if (!deposit) throw new Error('no deposit announced');
  return { ...session, deposit };
}

/** A fixture with fresh bank ids (each test imports its own statement) and the deposits' references. */
function statement(name: string, references: Record<string, string>) {
  const run = randomUUID().slice(0, 8);
  const content = readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')
    .replaceAll('{{RUN}}', run)
    .replace(/\{\{REF_([A-E])\}\}/g, (_, letter: string) => references[letter] ?? 'DEPZZZZZZZZ');
  return { fileName: name, content, run };
}

const importFile = (file: { fileName: string; content: string }, headers = s.operator) =>
  post('/api/admin/bank-statements', headers, { fileName: file.fileName, content: file.content });

const ledgerEntriesOf = async (paymentId: string) => {
  const result = (await s.app.ctx.db.execute(
    sql`select count(*)::int as n from ledger_transfers where idempotency_key = ${`payment:${paymentId}`}`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
};

const openLines = async () =>
  body<StatementLines>(await get('/api/admin/bank-statements/lines', s.operator)).response.items;

describe('a customer announcing a bank transfer', () => {
  it('gets a reference of its own and the total with VAT to send, and the screen shows the demo beneficiary', async () => {
    const { deposit, headers, user } = await announcedDeposit();
    expect(deposit).toMatchObject({
      reference: expect.stringMatching(/^DEP[0-9A-HJKMNP-TV-Z]{8}$/),
      method: 'bank_transfer',
      amount: 100,
      fee: 0,
      vat: 23,
      total: 123,
      state: 'pending',
    });
    const details = body<BankTransferDetails>(await get('/api/billing/deposit/bank-transfer', headers)).response;
    expect(details.deposit?.reference).toBe(deposit.reference);
    expect(details.bank).toMatchObject({ iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' });
    expect(await balanceOf(s.app, user.id)).toBe(0n);
  });

  it('is refused below 100 EUR and beyond 5 transfers waiting', async () => {
    const { headers } = await depositor(s.app);
    const low = await post('/api/billing/deposit/bank-transfer', headers, { amount: 99.99 });
    expect(low.statusCode).toBe(400);
    expect(body(low).reason).toBe('A bank transfer deposit is from 100 to 1,000,000 EUR (before VAT).');
    for (let i = 0; i < 5; i++)
      expect((await post('/api/billing/deposit/bank-transfer', headers, { amount: 100 + i })).statusCode).toBe(200);
    const sixth = await post('/api/billing/deposit/bank-transfer', headers, { amount: 100 });
    expect(sixth.statusCode).toBe(409);
  });
});

describe('a camt.053 statement import', () => {
  it('credits the matching deposit once, queues the wrong lines, ignores the debit; a second import changes nothing', async () => {
    const a = await announcedDeposit();
    const b = await announcedDeposit();
    const c = await announcedDeposit();
    const file = statement('camt053.001.02.xml', {
      A: a.deposit.reference,
      B: b.deposit.reference,
      C: c.deposit.reference,
    });
    const first = await importFile(file);
    expect(first.statusCode).toBe(200);
    expect(body<StatementImportResult>(first).response).toEqual({
      credited: 1,
      alreadyImported: 1,
      waiting: 3,
      ignored: 1,
    });
    expect(await balanceOf(s.app, a.user.id)).toBe(eurosToMicros(100));
    expect(await ledgerEntriesOf(a.deposit.id)).toBe(1);
    expect(await paymentRow(s.app, a.deposit.id)).toMatchObject({
      status: 'paid',
      paidMicros: eurosToMicros(123),
      creditedMicros: eurosToMicros(100),
    });
    expect(await balanceOf(s.app, b.user.id)).toBe(0n);
    expect(await balanceOf(s.app, c.user.id)).toBe(0n);
    expect(await auditCount('payment', a.deposit.id)).toBe(1);

    const waiting = (await openLines()).filter((line) => line.fileName === file.fileName);
    const byReason = Object.fromEntries(waiting.map((line) => [line.reason, line]));
    expect(byReason.amount).toMatchObject({ amountMicros: '150000000', reference: b.deposit.reference });
    expect(byReason.amount?.deposit).toMatchObject({ id: b.deposit.id, totalMicros: '123000000', status: 'pending' });
    expect(byReason.reference).toMatchObject({ reference: null, remittance: 'ads for november' });
    expect(byReason.currency).toMatchObject({ currency: 'USD', reference: c.deposit.reference });

    const again = await importFile(file);
    expect(body<StatementImportResult>(again).response).toEqual({
      credited: 0,
      alreadyImported: 5,
      waiting: 0,
      ignored: 1,
    });
    expect(await balanceOf(s.app, a.user.id)).toBe(eurosToMicros(100));
    expect(await ledgerEntriesOf(a.deposit.id)).toBe(1);
  });

  it('reads version .08: a structured reference and a batch of two transfers', async () => {
    const d = await announcedDeposit();
    const e = await announcedDeposit();
    const res = await importFile(statement('camt053.001.08.xml', { D: d.deposit.reference, E: e.deposit.reference }));
    expect(body<StatementImportResult>(res).response).toEqual({
      credited: 2,
      alreadyImported: 0,
      waiting: 1,
      ignored: 1,
    });
    expect(await balanceOf(s.app, d.user.id)).toBe(eurosToMicros(100));
    expect(await balanceOf(s.app, e.user.id)).toBe(eurosToMicros(100));
  });

  it('credits once when two operators import the same statement at the same moment', async () => {
    const a = await announcedDeposit();
    const file = statement('camt053.001.02.xml', { A: a.deposit.reference });
    const results = await Promise.all([importFile(file), importFile(file)]);
    const answers = results.map((res) => body<StatementImportResult>(res).response);
    expect(answers.map((r) => r.credited).sort()).toEqual([0, 1]);
    expect(answers.reduce((sum, r) => sum + r.credited + r.waiting, 0)).toBe(4);
    expect(await balanceOf(s.app, a.user.id)).toBe(eurosToMicros(100));
    expect(await ledgerEntriesOf(a.deposit.id)).toBe(1);
  });

  it('answers 400 with a sentence for a broken file and imports nothing', async () => {
    const res = await importFile({ fileName: 'broken.xml', content: '<Document><BkToCstmrStmt><Stmt>' });
    expect(res.statusCode).toBe(400);
    expect(body(res).reason).toMatch(
      /^The statement is not well-formed XML \(line \d+: .*\); export it again from the bank\.$/,
    );
    const csv = await importFile({ fileName: 'x.csv', content: 'when,how much\n1,2' });
    expect(csv.statusCode).toBe(400);
    expect(body(csv).reason).toMatch(/^The CSV statement needs the columns date, amount, currency, reference, bank_id/);
  });

  it('is for operators only: an advertiser gets 403', async () => {
    const { headers } = await loginAs(s.app, 'advertiser');
    const file = statement('statement.csv', {});
    expect((await importFile(file, headers)).statusCode).toBe(403);
    expect((await get('/api/admin/bank-statements/lines', headers)).statusCode).toBe(403);
    expect((await post('/api/admin/bank-statements/lines/1/handled', headers, { note: 'x' })).statusCode).toBe(403);
  });
});

describe('the queue of waiting lines', () => {
  it('matches a line to a deposit only when the amounts agree, and marks the others handled with a note, audited', async () => {
    const a = await announcedDeposit();
    const b = await announcedDeposit();
    // Deposit A's transfer arrives without a usable reference; B's arrives short (99.99 for 123.00).
    const file = statement('statement.csv', { A: 'no reference', B: b.deposit.reference });
    const res = await importFile(file);
    expect(body<StatementImportResult>(res).response).toEqual({
      credited: 0,
      alreadyImported: 0,
      waiting: 2,
      ignored: 1,
    });
    const lines = (await openLines()).filter((line) => line.bankEntryId.startsWith(file.run));
    const unreferenced = lines.find((line) => line.amountMicros === '123000000');
    const short = lines.find((line) => line.amountMicros === '99990000');
    if (!unreferenced || !short) throw new Error('lines not in the queue');

    const wrong = await post(`/api/admin/bank-statements/lines/${short.id}/match`, s.operator, {
      paymentId: b.deposit.id,
    });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong).reason).toMatch(/^The amount received differs from the deposit’s total/);
    expect(await balanceOf(s.app, b.user.id)).toBe(0n);

    const matched = await post(`/api/admin/bank-statements/lines/${unreferenced.id}/match`, s.operator, {
      paymentId: a.deposit.id,
    });
    expect(matched.statusCode).toBe(200);
    expect(await balanceOf(s.app, a.user.id)).toBe(eurosToMicros(100));
    expect(await ledgerEntriesOf(a.deposit.id)).toBe(1);
    expect(await auditCount('bank-statement', unreferenced.id)).toBe(1);
    const twice = await post(`/api/admin/bank-statements/lines/${unreferenced.id}/match`, s.operator, {
      paymentId: a.deposit.id,
    });
    expect(twice.statusCode).toBe(409);

    const noNote = await post(`/api/admin/bank-statements/lines/${short.id}/handled`, s.operator, { note: ' ' });
    expect(noNote.statusCode).toBe(400);
    const handled = await post(`/api/admin/bank-statements/lines/${short.id}/handled`, s.operator, {
      note: 'Returned to the sender on 27 Nov',
    });
    expect(handled.statusCode).toBe(200);
    expect(await auditCount('bank-statement', short.id)).toBe(1);
    const open = await openLines();
    expect(open.find((line) => line.id === short.id || line.id === unreferenced.id)).toBeUndefined();
    expect(await balanceOf(s.app, b.user.id)).toBe(0n);
  });
});
