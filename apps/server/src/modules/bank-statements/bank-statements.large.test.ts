import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { STATEMENT_MAX_CHARS } from '@cryptads/contract/bank-statements';
import type { BankTransferDetails } from '@cryptads/contract/deposits';
import type { StatementImportResult } from '@cryptads/contract/endpoints/bank-statements';
import { body } from '../../testing/helpers';
import { setUpAdminApp } from '../admin/test-helpers';
import { depositor } from '../payments/test-helpers';
import { importParsedStatement } from './bank-statements.service';
import { parseCamt053 } from './camt053';

// Statements of 40,000 lines, on PGlite and again on PostgreSQL (setUpAdminApp): every line
// and every credit as the import of a small file makes them, at a cost that grows with the
// file, not with a query per line. The duration is printed, not asserted (bench/bank-statements.ts
// measures it); the test timeout only keeps a regression from holding CI for minutes.
const { s, post } = setUpAdminApp();

const LINES = 40_000;
const TIMEOUT = 90_000;

type Deposit = { id: string; userId: number; reference: string; totalMicros: bigint; amountMicros: bigint };

/** `customers` advertisers with 5 announced bank deposits each (100 to 104 EUR, plus 23 % VAT). */
async function announcedDeposits(customers: number): Promise<Deposit[]> {
  const ids: string[] = [];
  for (let c = 0; c < customers; c++) {
    const { headers } = await depositor(s.app);
    for (let i = 0; i < 5; i++) {
      const res = await post('/api/billing/deposit/bank-transfer', headers, { amount: 100 + i });
      const deposit = body<BankTransferDetails>(res).response.deposit;
      if (!deposit) throw new Error('no deposit announced');
      ids.push(deposit.id);
    }
  }
  const rows = await query<{ id: string; user_id: number; bank_reference: string; total: string; amount: string }>(
    sql`select id, user_id, bank_reference, total_micros::text as total, amount_micros::text as amount
        from payments where id in ${ids}`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const r = byId.get(id);
    if (!r) throw new Error(`deposit ${id} not stored`);
    return {
      id,
      userId: r.user_id,
      reference: r.bank_reference,
      totalMicros: BigInt(r.total),
      amountMicros: BigInt(r.amount),
    };
  });
}

async function query<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await s.app.ctx.db.execute(statement)) as unknown as { rows: T[] }).rows;
}

const euros = (micros: bigint) =>
  `${micros / 1_000_000n}.${String(micros % 1_000_000n)
    .padStart(6, '0')
    .slice(0, 2)}`;

/**
 * What a statement of `LINES` lines holds, in file order, and what its import must answer:
 * one exact transfer per deposit but the last (which stays waiting), and around them lines
 * that must wait for each reason, a repeated bank id, debits and unreferenced credits.
 */
function statementLines(run: string, deposits: Deposit[]) {
  type Line = { id: string; amountMicros: bigint; currency: string; remittance: string; debit?: boolean };
  const special = new Map<number, Line[]>();
  const at = (index: number, ...lines: Line[]) => special.set(index, [...(special.get(index) ?? []), ...lines]);
  const step = Math.floor(LINES / deposits.length);
  const expected = { credited: 0, waiting: 0, alreadyImported: 0, ignored: 0 };
  const reasons = { reference: 0, amount: 0, currency: 0, deposit_not_pending: 0 };
  const credited: Deposit[] = [];
  deposits.slice(0, -1).forEach((d, k) => {
    const exact = { id: `${run}-d${k}`, amountMicros: d.totalMicros, currency: 'EUR', remittance: d.reference };
    if (k === 0) {
      // One cent more, before the exact transfer: waits for the amount; the quoted line break
      // and comma of the exact one are read as one field.
      at(k * step + 1, { ...exact, id: `${run}-short`, amountMicros: d.totalMicros + 10_000n });
      exact.remittance = `Deposit ${d.reference.toLowerCase()},\nthanks`;
      reasons.amount++;
    }
    if (k === 1) exact.remittance = `dep-${d.reference.slice(3, 7)} ${d.reference.slice(7)}`;
    if (k === 2) {
      at(k * step + 1, { ...exact, id: `${run}-usd`, currency: 'USD' });
      reasons.currency++;
    }
    at(k * step + 2, exact);
    credited.push(d);
    if (k === 3) {
      // The same transfer again later: its bank id is already there.
      at(k * step + 3, { ...exact });
      expected.alreadyImported++;
    }
    if (k === 4) {
      // A second transfer for a deposit already credited by this file.
      at(k * step + 3, { ...exact, id: `${run}-again` });
      reasons.deposit_not_pending++;
    }
  });
  const lines: Line[] = [];
  for (let i = 0; lines.length < LINES; i++) {
    const here = special.get(i);
    if (here) lines.push(...here);
    else if (i % 4 === 0)
      lines.push({ id: `${run}${i}`, amountMicros: 12_300_000n, currency: 'EUR', remittance: 'fee', debit: true });
    else
      lines.push({
        id: `${run}${i}`,
        amountMicros: BigInt(100 + (i % 900)) * 1_000_000n,
        currency: 'EUR',
        // A reference no deposit has, or none at all.
        remittance: i % 4 === 1 ? `DEPZ${String(i).padStart(7, '0')}` : `inv ${i}`,
      });
  }
  for (const line of lines) if (line.debit) expected.ignored++;
  expected.credited = credited.length;
  reasons.reference = lines.length - expected.ignored - expected.alreadyImported - expected.credited;
  reasons.reference -= reasons.amount + reasons.currency + reasons.deposit_not_pending;
  expected.waiting = reasons.reference + reasons.amount + reasons.currency + reasons.deposit_not_pending;
  return { lines, expected, reasons, credited };
}

function csvOf(lines: ReturnType<typeof statementLines>['lines']) {
  const quoted = (text: string) => (/[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
  const rows = lines.map(
    (l) => `2026-11-27,${l.debit ? '-' : ''}${euros(l.amountMicros)},${l.currency},${quoted(l.remittance)},${l.id}`,
  );
  return `date,amount,currency,reference,bank_id\n${rows.join('\n')}\n`;
}

function camtOf(run: string, lines: ReturnType<typeof statementLines>['lines']) {
  const entries = lines.map(
    (l) =>
      `<Ntry><Amt Ccy="${l.currency}">${euros(l.amountMicros)}</Amt><CdtDbtInd>${l.debit ? 'DBIT' : 'CRDT'}</CdtDbtInd>` +
      `<Sts>BOOK</Sts><BookgDt><Dt>2026-11-27</Dt></BookgDt><AcctSvcrRef>${l.id}</AcctSvcrRef>` +
      `<NtryDtls><TxDtls><RmtInf><Ustrd>${l.remittance}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`,
  );
  // An entry not booked yet: counted with the ignored ones.
  entries.push(
    `<Ntry><Amt Ccy="EUR">5.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>PDNG</Sts><BookgDt><Dt>2026-11-27</Dt></BookgDt><AcctSvcrRef>${run}-pending</AcctSvcrRef></Ntry>`,
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">' +
    `<BkToCstmrStmt><GrpHdr><MsgId>${run}</MsgId></GrpHdr><Stmt><Id>${run}</Id>${entries.join('\n')}</Stmt></BkToCstmrStmt></Document>`
  );
}

/** After an import: the lines as stored, the deposits paid once each, the ledger and the audit. */
async function expectStored(
  fileName: string,
  plan: ReturnType<typeof statementLines>,
  deposits: Deposit[],
  options: { checkOrder: boolean },
) {
  const byStatus = await query<{ status: string; reason: string | null; n: number; linked: number; resolved: number }>(
    sql`select status, reason, count(*)::int as n, count(payment_id)::int as linked, count(resolved_at)::int as resolved
        from bank_statement_lines where file_name = ${fileName} group by status, reason order by status, reason`,
  );
  const { credited, reasons } = plan;
  expect(byStatus).toEqual([
    { status: 'credited', reason: null, n: credited.length, linked: credited.length, resolved: credited.length },
    ...(['amount', 'currency', 'deposit_not_pending', 'reference'] as const)
      .filter((reason) => reasons[reason] > 0)
      .map((reason) => ({ status: 'open', reason, n: reasons[reason], linked: 0, resolved: 0 })),
  ]);
  const ids = deposits.map((d) => d.id);
  const paid = await query<{ id: string; status: string; paid: string | null; credited: string | null }>(
    sql`select id, status, paid_micros::text as paid, credited_micros::text as credited from payments where id in ${ids}`,
  );
  const creditedIds = new Set(credited.map((d) => d.id));
  for (const d of deposits) {
    const row = paid.find((p) => p.id === d.id);
    expect(row, d.id).toEqual(
      creditedIds.has(d.id)
        ? { id: d.id, status: 'paid', paid: String(d.totalMicros), credited: String(d.amountMicros) }
        : { id: d.id, status: 'pending', paid: null, credited: null },
    );
  }
  // Each credited deposit: its line points at it, one ledger transfer, one 'moved' event, one audit entry.
  const [links] = await query<{ n: number }>(
    sql`select count(*)::int as n from bank_statement_lines l join payments p on p.id = l.payment_id
        where l.file_name = ${fileName} and l.status = 'credited' and l.amount_micros = p.total_micros
          and l.reference = p.bank_reference`,
  );
  expect(links?.n).toBe(credited.length);
  const keys = ids.map((id) => `payment:${id}`);
  const [ledger] = await query<{ n: number; keys: number }>(
    sql`select count(*)::int as n, count(distinct idempotency_key)::int as keys from ledger_transfers where idempotency_key in ${keys}`,
  );
  expect(ledger).toEqual({ n: credited.length, keys: credited.length });
  const [events] = await query<{ n: number }>(
    sql`select count(*)::int as n from payment_events where payment_id in ${ids} and outcome = 'moved'`,
  );
  expect(events?.n).toBe(credited.length);
  const [audit] = await query<{ n: number }>(
    sql`select count(*)::int as n from audit_entries where action = 'bank-statement.credit' and object_id in ${ids}`,
  );
  expect(audit?.n).toBe(credited.length);
  const balances = await query<{ id: number; balance: string }>(
    sql`select id, balance_micros::text as balance from users where id in ${[...new Set(ids.map((id) => deposits.find((d) => d.id === id)?.userId ?? 0))]}`,
  );
  for (const { id, balance } of balances) {
    const expected = credited.filter((d) => d.userId === id).reduce((sum, d) => sum + d.amountMicros, 0n);
    expect(BigInt(balance), `balance of user ${id}`).toBe(expected);
  }
  if (options.checkOrder) {
    // Stored in file order (the queue lists the newest first): ids follow the file's bank ids.
    const stored = await query<{ bank_entry_id: string }>(
      sql`select bank_entry_id from bank_statement_lines where file_name = ${fileName} order by id`,
    );
    const inFile = [...new Set(plan.lines.filter((l) => !l.debit).map((l) => l.id))];
    expect(stored.map((r) => r.bank_entry_id)).toEqual(inFile);
  }
}

describe('a statement of 40,000 lines', () => {
  it(
    'in CSV (1.75 MB) imports every line once, credits each exact transfer and answers as a small file does; again: nothing changes',
    async () => {
      const deposits = await announcedDeposits(6);
      const run = randomUUID().slice(0, 6);
      const plan = statementLines(run, deposits);
      const content = csvOf(plan.lines);
      expect(content.length).toBeLessThan(STATEMENT_MAX_CHARS);
      const fileName = `large-${run}.csv`;

      const started = performance.now();
      const res = await post('/api/admin/bank-statements', s.operator, { fileName, content });
      const ms = performance.now() - started;
      console.log(
        `[${process.env.TEST_DB_DRIVER}] CSV import of ${LINES} lines (${(content.length / 1e6).toFixed(2)} MB): ${ms.toFixed(0)} ms`,
      );
      expect(res.statusCode).toBe(200);
      expect(body<StatementImportResult>(res).response).toEqual(plan.expected);
      await expectStored(fileName, plan, deposits, { checkOrder: true });
      const [quoted] = await query<{ remittance: string }>(
        sql`select remittance from bank_statement_lines where bank_entry_id = ${`${run}-d0`}`,
      );
      expect(quoted?.remittance).toBe(`Deposit ${deposits[0]?.reference.toLowerCase()},\nthanks`);

      const againStarted = performance.now();
      const again = await post('/api/admin/bank-statements', s.operator, { fileName, content });
      console.log(
        `[${process.env.TEST_DB_DRIVER}] the same CSV again: ${(performance.now() - againStarted).toFixed(0)} ms`,
      );
      expect(body<StatementImportResult>(again).response).toEqual({
        credited: 0,
        alreadyImported: LINES - plan.expected.ignored,
        waiting: 0,
        ignored: plan.expected.ignored,
      });
      await expectStored(fileName, plan, deposits, { checkOrder: false });
      const imports = await query<{ changes: StatementImportResult }>(
        sql`select changes from audit_entries where action = 'bank-statement.import' and object_id = ${fileName} order by id`,
      );
      expect(imports.map((i) => i.changes)).toEqual([
        plan.expected,
        { credited: 0, alreadyImported: LINES - plan.expected.ignored, waiting: 0, ignored: plan.expected.ignored },
      ]);
    },
    TIMEOUT,
  );

  it(
    'in camt.053 imports as the CSV does (over the 2 MB upload limit: the service below it)',
    async () => {
      const deposits = await announcedDeposits(2);
      const run = randomUUID().slice(0, 6);
      const plan = statementLines(run, deposits);
      const content = camtOf(run, plan.lines);
      // 40,000 entries are some 9 MB of XML: the API refuses the file before reading it.
      expect(content.length).toBeGreaterThan(STATEMENT_MAX_CHARS);
      const refused = await post('/api/admin/bank-statements', s.operator, { fileName: 'big.xml', content });
      expect(refused.statusCode).toBe(413);
      const fileName = `large-${run}.xml`;

      const started = performance.now();
      const result = await importParsedStatement(s.app.ctx, { kind: 'command line' }, fileName, parseCamt053(content));
      console.log(
        `[${process.env.TEST_DB_DRIVER}] camt.053 parse and import of ${LINES} entries (${(content.length / 1e6).toFixed(1)} MB): ${(performance.now() - started).toFixed(0)} ms`,
      );
      expect(result).toEqual({ ...plan.expected, ignored: plan.expected.ignored + 1 });
      await expectStored(fileName, plan, deposits, { checkOrder: true });
    },
    TIMEOUT,
  );
});
