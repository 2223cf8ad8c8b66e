// Invoice benchmark: how long an invoice PDF takes, beside baselines measured
// in the same run, and an invoice made end to end (number from the locked counter, stored
// document, PDF rendered and kept) on the embedded database and on PostgreSQL.
//
//   node --import tsx bench/invoices.ts          # npm run bench:invoices
//   BENCH_RUNS=200                                # renders per measure (after 10 warm-up ones)
//   BENCH_TARGET=all|pdf|pglite|postgres
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres   (a bench_invoices database is
//   created there and dropped at the end)
//
// Nothing asserts: it prints p50/p95/mean per measure.
import { performance } from 'node:perf_hooks';
import { eurosToMicros } from '@cryptads/contract/money';
import PDFDocument from 'pdfkit';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { users } from '../apps/server/src/db/schema/users';
import { type InvoiceData, invoiceFonts, renderInvoicePdf } from '../apps/server/src/modules/invoices/invoice-pdf';
import { invoiceDeposit, invoicePdf } from '../apps/server/src/modules/invoices/invoices.service';

const runs = Number(process.env.BENCH_RUNS ?? 200);
const target = process.env.BENCH_TARGET ?? 'all';
const pgBase = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type Row = { measure: string; p50: number; p95: number; mean: number; n: number; note?: string };
const rows: Row[] = [];

async function time(measure: string, n: number, fn: (i: number) => Promise<unknown>, note?: string) {
  for (let i = 0; i < Math.min(10, n); i++) await fn(-1 - i);
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await fn(i);
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? 0;
  const row = { measure, p50: at(0.5), p95: at(0.95), mean: ms.reduce((s, v) => s + v, 0) / ms.length, n, note };
  rows.push(row);
  console.log(`${measure}: p50 ${row.p50.toFixed(2)} ms, p95 ${row.p95.toFixed(2)} ms (${n} runs)`);
}

const toBuffer = (doc: PDFKit.PDFDocument) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });

const invoice: InvoiceData = {
  kind: 'invoice',
  number: 'INV-2026-000042',
  issueDate: new Date('2026-11-23T10:15:00Z'),
  issuer: {
    name: 'Cryptads Ltd',
    addressLines: ['1 Grand Canal Square', 'Dublin 2, D02 P820'],
    country: 'IE',
    vatNumber: 'IE6388047V',
    registrationNumber: '123456',
    email: 'billing@cryptads.example',
    bank: { iban: 'IE29AIBK93115212345678', bic: 'AIBKIE2D', bankName: 'AIB' },
  },
  counterparty: {
    name: 'Łukasz Żółć Sp. z o.o.',
    addressLines: ['ul. Świętokrzyska 12', '00-916 Warszawa'],
    country: 'PL',
    vatNumber: 'PL5260250274',
  },
  lines: [
    { description: 'Advertising balance top-up (deposit)', quantity: 1, unitMicros: eurosToMicros(1234.56) },
    { description: 'Payment processing fee', quantity: 1, unitMicros: eurosToMicros(12.35) },
  ],
  vat: { treatment: 'reverse_charge', ratePercent: 23 },
  paymentMethod: 'Cryptocurrency',
  paymentReference: 'pay_7Qm2xY',
};

let size = 0;
if (target === 'all' || target === 'pdf') {
  // Baselines: what pdfkit costs with nothing in it, and with a page of standard-font text.
  await time('pdfkit, empty document (baseline)', runs, async () => toBuffer(new PDFDocument({ size: 'A4' })));
  await time('pdfkit, one page of Helvetica text, no embedded font (baseline)', runs, async () => {
    const doc = new PDFDocument({ size: 'A4', margin: 50 });
    doc.fontSize(16).text('Cryptads Ltd');
    for (let i = 0; i < 30; i++)
      doc.fontSize(10).text(`Line ${i}: Advertising balance top-up (deposit) 1 EUR 1,234.56`);
    return toBuffer(doc);
  });
  // The first invoice of a process parses DejaVu Sans (regular and bold) once.
  const cold = performance.now();
  invoiceFonts();
  const parse = performance.now() - cold;
  rows.push({
    measure: 'parse DejaVu Sans regular + bold (once per process)',
    p50: parse,
    p95: parse,
    mean: parse,
    n: 1,
  });
  console.log(`font parse: ${parse.toFixed(1)} ms`);
  await time('invoice PDF, one page, embedded subset fonts (renderInvoicePdf)', runs, async () => {
    size = (await renderInvoicePdf(invoice)).length;
  });
  const many: InvoiceData = {
    ...invoice,
    lines: Array.from({ length: 45 }, (_, i) => ({
      description: `Placement ${i + 1}: sponsored article`,
      quantity: 1,
      unitMicros: eurosToMicros(10),
    })),
  };
  await time('invoice PDF, 45 lines on two pages', Math.max(20, Math.floor(runs / 4)), () => renderInvoicePdf(many));
  console.log(`one-page invoice: ${(size / 1024).toFixed(1)} KB`);
}

/** An invoice made as the deposit.paid handler makes it: finalise (counter, document), then render and keep the PDF. */
async function endToEnd(label: string, database: Database) {
  const config = loadConfig({ NODE_ENV: 'test', INVOICE_ISSUER_VAT: 'IE6388047V' });
  const ctx = { db: database.db, config };
  const [user] = await database.db
    .insert(users)
    .values({
      email: `bench-${Date.now()}@bench.example`,
      passwordHash: '!',
      firstName: 'Łukasz',
      lastName: 'Żółć',
      type: 1,
      com: `bench${Date.now()}`,
    })
    .returning();
  if (!user) throw new Error('no user');
  const make = async (i: number) => {
    const { invoice: row } = await invoiceDeposit(ctx, {
      type: 'deposit.paid',
      paymentId: `pay_bench_${i}`,
      userId: user.id,
      amountMicros: String(eurosToMicros(150)),
      feeMicros: '0',
      vatMicros: String(eurosToMicros(34.5)),
      totalMicros: String(eurosToMicros(184.5)),
      method: 'card',
      provider: 'sandbox',
    });
    await invoicePdf(database.db, row);
  };
  await time(`${label}: invoice made end to end (number, document, PDF kept), one at a time`, runs, make);
  let next = 1_000_000;
  const batch = 200;
  const start = performance.now();
  await Promise.all(Array.from({ length: batch }, () => make(next++)));
  const perSecond = batch / ((performance.now() - start) / 1000);
  rows.push({
    measure: `${label}: ${batch} invoices at once (pool of 10 on PostgreSQL)`,
    p50: 0,
    p95: 0,
    mean: 1000 / perSecond,
    n: batch,
    note: `${perSecond.toFixed(0)} invoices/s`,
  });
  console.log(`${label}: ${perSecond.toFixed(0)} invoices/s with ${batch} at once`);
}

if (target === 'all' || target === 'pglite') {
  const database = await openDatabase({});
  try {
    await endToEnd('PGlite (in memory)', database);
  } finally {
    await database.close();
  }
}

if (target === 'all' || target === 'postgres') {
  const admin = new pg.Client({ connectionString: pgBase });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS bench_invoices');
  await admin.query('CREATE DATABASE bench_invoices');
  const url = new URL(pgBase);
  url.pathname = '/bench_invoices';
  const database = await openDatabase({ url: url.toString() });
  try {
    await endToEnd('PostgreSQL', database);
  } finally {
    await database.close();
    await admin.query('DROP DATABASE IF EXISTS bench_invoices');
    await admin.end();
  }
}

console.log('\n| measure | p50 | p95 | mean | runs |\n|---|---|---|---|---|');
for (const r of rows)
  console.log(
    `| ${r.measure} | ${r.p50 ? `${r.p50.toFixed(2)} ms` : '—'} | ${r.p95 ? `${r.p95.toFixed(2)} ms` : '—'} | ${r.mean.toFixed(2)} ms${r.note ? ` (${r.note})` : ''} | ${r.n} |`,
  );
