// Bank statement import benchmark: a statement of 40,000 lines imported by the service the API
// calls (apps/server/src/modules/bank-statements), on the embedded PGlite and on PostgreSQL,
// beside a baseline measured in the same run on the same database. Budget: 5 s per 40,000 lines.
//
//   node --import tsx bench/bank-statements.ts
//   BENCH_LINES=40000                             # lines per statement
//   BENCH_CREDITS=250                             # of which transfers that credit an announced deposit (at most 250)
//   BENCH_TARGET=all|pglite|postgres
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres   (a bench_bank_statements database
//   is created there and dropped at the end; PGlite gets a temporary data directory on disk)
//
// World: 100 advertisers in Ireland with billing details, each with 5 bank deposits announced
// through the deposit service (100 to 104 EUR plus VAT), half of them for each statement. A
// statement: one exact transfer for each of BENCH_CREDITS deposits, spread through the file; the
// other lines a quarter debits, the rest credits that wait (a reference no deposit has, or
// none). Measures, each once (a run is a file, not a loop), with the wall time and this
// process's CPU (every thread: the embedded database's too):
//   - the CSV (about 1.5 MB, under the 2 MB upload limit) read, then read and imported (importStatement);
//   - the same CSV imported again (every line already there: nothing changes);
//   - a camt.053 of as many entries, with fresh bank ids, read and imported (importParsedStatement:
//     40,000 entries are some 9 MB of XML, over the upload limit, so below importStatement's
//     size check);
//   - baseline: one plain `insert … select … from generate_series` of as many rows into a copy of
//     bank_statement_lines (same columns and indexes): what writing the lines costs at the least.
// Prints each figure and its ratio to the baseline, and checks the counts the import answers.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { billingProfiles } from '../apps/server/src/db/schema/billing-profile';
import { payments } from '../apps/server/src/db/schema/payments';
import { users } from '../apps/server/src/db/schema/users';
import {
  importParsedStatement,
  importStatement,
} from '../apps/server/src/modules/bank-statements/bank-statements.service';
import { parseCamt053 } from '../apps/server/src/modules/bank-statements/camt053';
import { parseStatementCsv } from '../apps/server/src/modules/bank-statements/statement-csv';
import { startBankDeposit } from '../apps/server/src/modules/payments/bank-deposits';
import { paidPurposes } from '../apps/server/src/wiring';

const LINES = Number(process.env.BENCH_LINES ?? 40_000);
const CREDITS = Math.min(250, Number(process.env.BENCH_CREDITS ?? 250));
const TARGET = process.env.BENCH_TARGET ?? 'all';
const pgBase = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'bench_bank_statements';
const ADVERTISERS = 100;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

type Line = { id: string; debit: boolean; micros: bigint; remittance: string };
type Row = { measure: string; ms: number; cpuMs: number; ratio: string; answer: string };

const euros = (micros: bigint) =>
  `${micros / 1_000_000n}.${String(micros % 1_000_000n)
    .padStart(6, '0')
    .slice(0, 2)}`;

/** The statement's lines and what its import must answer. */
function statement(run: string, deposits: { reference: string; totalMicros: bigint }[]) {
  const every = Math.floor(LINES / CREDITS);
  const lines: Line[] = [];
  let credited = 0;
  for (let i = 0; i < LINES; i++) {
    const deposit = i % every === 0 && credited < CREDITS ? deposits[credited] : undefined;
    if (deposit) {
      lines.push({ id: `${run}${i}`, debit: false, micros: deposit.totalMicros, remittance: deposit.reference });
      credited++;
    } else if (i % 4 === 1) lines.push({ id: `${run}${i}`, debit: true, micros: 12_300_000n, remittance: 'fee' });
    else
      lines.push({
        id: `${run}${i}`,
        debit: false,
        micros: BigInt(100 + (i % 900)) * 1_000_000n,
        remittance: i % 4 === 2 ? `DEPZ${String(i).padStart(7, '0')}` : `inv ${i}`,
      });
  }
  const ignored = lines.filter((l) => l.debit).length;
  return { lines, expected: { credited, alreadyImported: 0, waiting: LINES - ignored - credited, ignored } };
}

const csvOf = (lines: Line[]) =>
  `date,amount,currency,reference,bank_id\n${lines
    .map((l) => `2026-11-27,${l.debit ? '-' : ''}${euros(l.micros)},EUR,${l.remittance},${l.id}`)
    .join('\n')}\n`;

const camtOf = (run: string, lines: Line[]) =>
  '<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">' +
  `<BkToCstmrStmt><GrpHdr><MsgId>${run}</MsgId></GrpHdr><Stmt><Id>${run}</Id>` +
  lines
    .map(
      (l) =>
        `<Ntry><Amt Ccy="EUR">${euros(l.micros)}</Amt><CdtDbtInd>${l.debit ? 'DBIT' : 'CRDT'}</CdtDbtInd>` +
        `<Sts>BOOK</Sts><BookgDt><Dt>2026-11-27</Dt></BookgDt><AcctSvcrRef>${l.id}</AcctSvcrRef>` +
        `<NtryDtls><TxDtls><RmtInf><Ustrd>${l.remittance}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`,
    )
    .join('\n') +
  '</Stmt></BkToCstmrStmt></Document>';

/** Wall time, and the CPU time of this process (every thread: the embedded database's too). */
async function timed<T>(fn: () => Promise<T> | T): Promise<{ value: T; ms: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const value = await fn();
  const used = process.cpuUsage(cpu);
  return { value, ms: performance.now() - start, cpuMs: (used.user + used.system) / 1000 };
}

async function bench(label: string, database: Database): Promise<Row[]> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const { db } = database;
  const ctx = { db, config, paidPurposes: paidPurposes(config) };
  const actor = { kind: 'command line' } as const;
  const advertisers = await db
    .insert(users)
    .values(
      Array.from({ length: ADVERTISERS }, (_, i) => ({
        email: `bench-${i}@bench.example`,
        passwordHash: '!',
        firstName: 'Bench',
        lastName: `Advertiser ${i}`,
        type: 1,
        com: `benchbs${i}`,
      })),
    )
    .returning();
  await db.insert(billingProfiles).values(
    advertisers.map((u) => ({
      userId: u.id,
      isCompany: false,
      firstName: 'Ada',
      lastName: 'Tester',
      address: '1 Quay Street, Galway',
      country: 'IE',
    })),
  );
  for (let i = 0; i < 5; i++) for (const user of advertisers) await startBankDeposit(ctx, user, 100 + i);
  const announced = await db
    .select({ id: payments.id, reference: payments.bankReference, totalMicros: payments.totalMicros })
    .from(payments)
    .where(
      inArray(
        payments.userId,
        advertisers.map((u) => u.id),
      ),
    )
    .orderBy(payments.id);
  const deposits = announced.map((d) => ({ reference: d.reference ?? '', totalMicros: d.totalMicros }));
  const half = Math.floor(deposits.length / 2);
  const csvFile = statement('c', deposits.slice(0, half));
  const camtFile = statement('x', deposits.slice(half));
  const csv = csvOf(csvFile.lines);
  const camt = camtOf('x', camtFile.lines);
  const check = (what: string, got: object, want: object) => {
    if (JSON.stringify(got) !== JSON.stringify(want)) {
      console.log(`  ${what}: MISMATCH ${JSON.stringify(got)} != ${JSON.stringify(want)}`);
      process.exitCode = 1;
    }
  };
  const rows: Row[] = [];
  let baselineMs = 0;
  const row = (measure: string, t: { ms: number; cpuMs: number; value?: unknown }) => {
    const ratio = baselineMs && t.ms !== baselineMs ? `${(t.ms / baselineMs).toFixed(1)}×` : '';
    const answer = t.value && typeof t.value === 'object' && 'credited' in t.value ? JSON.stringify(t.value) : '';
    rows.push({ measure: `${label}: ${measure}`, ms: t.ms, cpuMs: t.cpuMs, ratio, answer });
    console.log(
      `  ${measure.padEnd(58)} ${t.ms.toFixed(0).padStart(6)} ms  cpu ${t.cpuMs.toFixed(0).padStart(6)} ms  ${ratio.padStart(6)}  ${answer}`,
    );
  };
  console.log(`${label}, load average ${load()}`);

  // Baseline: the same number of rows written by one plain statement into a copy of the table.
  await db.execute(sql`create table bench_lines (like bank_statement_lines including all)`);
  await db.execute(sql`select 1`);
  const baseline = await timed(() =>
    db.execute(sql`
      insert into bench_lines (bank_entry_id, booked_on, amount_micros, currency, remittance, reference, status, file_name)
      select 'b' || i, '2026-11-27', i::bigint * 1000000, 'EUR', 'inv ' || i, null, 'open', 'baseline.csv'
      from generate_series(1, ${LINES}) as i`),
  );
  await db.execute(sql`drop table bench_lines`);
  row(`baseline: insert … select generate_series, ${LINES} rows`, baseline);
  baselineMs = baseline.ms;

  row(`CSV read (csv-parse), ${(csv.length / 1e6).toFixed(2)} MB`, await timed(() => parseStatementCsv(csv)));
  const first = await timed(() => importStatement(ctx, actor, { fileName: 'bench.csv', content: csv }));
  row(`CSV import (read + import), ${LINES} lines`, first);
  check('CSV import', first.value, csvFile.expected);
  const again = await timed(() => importStatement(ctx, actor, { fileName: 'bench.csv', content: csv }));
  row('the same CSV again (every line already there)', again);
  const { ignored } = csvFile.expected;
  check('CSV again', again.value, { credited: 0, alreadyImported: LINES - ignored, waiting: 0, ignored });
  row(`camt.053 read (fast-xml-parser), ${(camt.length / 1e6).toFixed(1)} MB`, await timed(() => parseCamt053(camt)));
  const xml = await timed(() => importParsedStatement(ctx, actor, 'bench.xml', parseCamt053(camt)));
  row(`camt.053 read + import, ${LINES} entries`, xml);
  check('camt.053 import', xml.value, camtFile.expected);
  const paid = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .where(sql`${payments.status} = 'paid'`);
  const paidExpected = csvFile.expected.credited + camtFile.expected.credited;
  check('deposits paid', { paid: paid[0]?.n }, { paid: paidExpected });
  console.log(`  deposits paid: ${paid[0]?.n} of ${paidExpected} expected; load average ${load()}`);
  return rows;
}

const rows: Row[] = [];
if (TARGET === 'all' || TARGET === 'pglite') {
  // A data directory on disk, as the server keeps it (the tests' in-memory file system grows
  // its files by copying them, which a large import pays for and a server does not).
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-bank-statements-'));
  const database = await openDatabase({ dataDir });
  try {
    rows.push(...(await bench('PGlite (data directory on disk)', database)));
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
if (TARGET === 'all' || TARGET === 'postgres') {
  const admin = new pg.Client({ connectionString: pgBase });
  await admin.connect();
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.query(`create database ${DB_NAME}`);
  const url = new URL(pgBase);
  url.pathname = `/${DB_NAME}`;
  const database = await openDatabase({ url: url.toString() });
  try {
    rows.push(...(await bench(`PostgreSQL (${url.host})`, database)));
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${DB_NAME} with (force)`);
    await admin.end();
  }
}
console.log('\n| measure | wall | CPU of this process | ÷ baseline | answer |\n|---|---:|---:|---:|---|');
for (const r of rows)
  console.log(`| ${r.measure} | ${r.ms.toFixed(0)} ms | ${r.cpuMs.toFixed(0)} ms | ${r.ratio} | ${r.answer} |`);
