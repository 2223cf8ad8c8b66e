import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  BANK_STATEMENT_MESSAGES as M,
  STATEMENT_MAX_CHARS,
  type StatementLineReason,
} from '@cryptads/contract/bank-statements';
import type { StatementImportResult, StatementLines } from '@cryptads/contract/endpoints/bank-statements';
import { CURRENCY } from '@cryptads/contract/money';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { bankStatementLines } from '../../db/schema/bank-statements';
import { paymentEvents, payments } from '../../db/schema/payments';
import { users } from '../../db/schema/users';
import { badRequest } from '../../lib/errors';
import { type Actor, writeAudit, writeAudits } from '../audit/audit.service';
import { type PaymentRow, settlePaid, settlePaidMany } from '../payments/payments.service';
import { looksLikeCamt053, parseCamt053 } from './camt053';
import { parseStatementCsv } from './statement-csv';
import { depositReferenceIn, StatementError, type StatementLine } from './statement-line';

/**
 * Bank statement import (docs/product/billing.md#bank-statements; docs/decisions/038): credit
 * lines are stored under the bank's id of the entry, a batch of them per transaction, and in
 * the same transaction each credits the pending bank deposit whose reference it carries when
 * the amount is exactly that deposit's total, in euros. Everything else waits for an operator;
 * debits are counted and ignored. The unique bank id makes a second import, or two at once,
 * change nothing.
 */

type Ctx = Pick<AppContext, 'db' | 'paidPurposes'>;

function parseStatement(content: string): { lines: StatementLine[]; notBooked: number } {
  if (content.length > STATEMENT_MAX_CHARS) throw badRequest(M.fileTooLarge);
  try {
    const trimmed = content.replace(/^\uFEFF/, '').trimStart();
    if (trimmed.startsWith('<')) {
      if (!looksLikeCamt053(trimmed) && !/^<\?xml/.test(trimmed))
        throw new StatementError('The file is not a camt.053 statement (no BkToCstmrStmt).');
      return parseCamt053(trimmed);
    }
    return { lines: parseStatementCsv(trimmed), notBooked: 0 };
  } catch (error) {
    if (error instanceof StatementError) throw badRequest(error.message);
    throw error;
  }
}

/** The deposit a line may pay: a pending bank deposit with its total, else why not. */
export function mismatchOf(
  line: Pick<StatementLine, 'amountMicros' | 'currency'>,
  payment: Pick<PaymentRow, 'method' | 'purpose' | 'status' | 'totalMicros'> | undefined,
): StatementLineReason | null {
  if (payment?.method !== 'bank_transfer' || payment.purpose !== 'deposit') return 'reference';
  if (payment.status !== 'pending') return 'deposit_not_pending';
  if (line.currency !== CURRENCY) return 'currency';
  if (line.amountMicros !== payment.totalMicros) return 'amount';
  return null;
}

/** The payment event of a statement line paying a deposit: once per line (its bank id). */
const statementPaymentEvent = (payment: PaymentRow, bankEntryId: string) => ({
  provider: 'bank',
  providerEventId: `statement:${bankEntryId}`,
  paymentId: payment.id,
  status: 'paid',
  providerStatus: 'bank_statement',
  paidMicros: payment.totalMicros,
  outcome: 'moved',
  payload: { bankEntryId, totalMicros: payment.totalMicros.toString() },
});

/** Credits a pending bank deposit with a statement line: once, through the payment's paid path. */
export async function creditFromStatement(
  tx: Tx,
  purposes: AppContext['paidPurposes'],
  payment: PaymentRow,
  bankEntryId: string,
): Promise<void> {
  await tx.insert(paymentEvents).values(statementPaymentEvent(payment, bankEntryId));
  await settlePaid(tx, payment, payment.totalMicros, 'bank_statement', new Date(), purposes);
}

/**
 * Lines imported per transaction. A batch costs a dozen statements whatever its size and
 * however many deposits it pays (one read of the bank ids already stored, one locked read of
 * the deposits its references name, one insert of its lines, and for its credits one insert of
 * payment events, one of audit entries, one update of the payments and one ledger posting);
 * and on the embedded database, whose one connection serves every request, other requests run
 * between batches instead of waiting for the whole file.
 */
const LINES_PER_TRANSACTION = 1_000;

type Rows<T> = { rows: T[] };
type ImportTotals = Pick<StatementImportResult, 'credited' | 'alreadyImported' | 'waiting'>;

/** A batch found lines stored by someone else between its read and its insert. */
class BatchRaced extends Error {}

/**
 * A batch that kept nothing runs again, reading what is stored now: it raced another writer of
 * its lines, or PostgreSQL ended it to break a deadlock (its deposits, locked several at a
 * time, against another transaction locking some of them in another order, as the expiry
 * job's update may).
 */
async function runAgainIfUnkept<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
      const deadlock = e?.code === '40P01' || e?.cause?.code === '40P01';
      if (attempt >= 3 || !(error instanceof BatchRaced || deadlock)) throw error;
    }
  }
}

/**
 * One batch of credit lines (bank ids distinct), in file order, in one transaction, with the
 * outcome of importing them one by one: a line whose bank id is stored already changes nothing;
 * the others are decided in file order against the deposit their reference names, locked, so
 * that a second transfer for a deposit an earlier line pays finds it no longer waiting. Each
 * line is inserted once, already decided, and the deposits its lines pay are credited through
 * the payments' paid path, all in one ledger posting (one per transaction: the ledger's
 * locking rule). The unique bank id stays the guarantee: should the insert meet a line that
 * the read did not, nothing of the batch is kept and it runs again.
 */
async function importBatch(
  tx: Tx,
  purposes: AppContext['paidPurposes'],
  actor: Actor,
  file: { fileName: string; importedBy: number | null },
  batch: StatementLine[],
): Promise<ImportTotals> {
  // Imports take turns batch by batch: two never insert the same lines at once, nor lock the
  // same deposits in two orders.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('bank-statement-import', 0))`);
  const existing = (await tx.execute(
    sql`select bank_entry_id from bank_statement_lines
        where bank_entry_id = any(${sql.param(batch.map((line) => line.bankEntryId))}::text[])`,
  )) as unknown as Rows<{ bank_entry_id: string }>;
  const stored = new Set(existing.rows.map((row) => row.bank_entry_id));
  const fresh = batch
    .filter((line) => !stored.has(line.bankEntryId))
    .map((line) => ({ line, reference: depositReferenceIn(line.remittance) }));
  const named = [...new Set(fresh.map((f) => f.reference).filter((ref): ref is string => ref !== null))];
  const deposits = named.length
    ? await tx.select().from(payments).where(inArray(payments.bankReference, named)).orderBy(payments.id).for('update')
    : [];
  const byReference = new Map(deposits.map((payment) => [payment.bankReference, payment]));
  const decided = fresh.map(({ line, reference }) => {
    const payment = reference ? byReference.get(reference) : undefined;
    const reason = mismatchOf(line, payment);
    if (reason || !payment) return { line, reference, reason: reason ?? 'reference', paying: null };
    byReference.set(payment.bankReference, { ...payment, status: 'paid' });
    return { line, reference, reason: null, paying: payment };
  });
  const now = new Date();
  if (decided.length > 0) {
    const column = <T>(value: (d: (typeof decided)[number]) => T) => sql.param(decided.map(value));
    const inserted = (await tx.execute(sql`
      insert into bank_statement_lines (bank_entry_id, booked_on, amount_micros, currency, remittance, reference,
        status, reason, payment_id, resolved_at, file_name, imported_by)
      select bank_entry_id, booked_on, amount_micros, currency, remittance, reference,
        status, reason, payment_id, resolved_at, ${file.fileName}, ${file.importedBy}
      from unnest(
        ${column((d) => d.line.bankEntryId)}::text[],
        ${column((d) => d.line.bookedOn)}::text[],
        ${column((d) => d.line.amountMicros)}::bigint[],
        ${column((d) => d.line.currency)}::text[],
        ${column((d) => d.line.remittance?.slice(0, 500) ?? null)}::text[],
        ${column((d) => d.reference)}::text[],
        ${column((d) => (d.paying ? 'credited' : 'open'))}::text[],
        ${column((d) => d.reason)}::text[],
        ${column((d) => d.paying?.id ?? null)}::text[],
        ${column((d) => (d.paying ? now : null))}::timestamptz[]
      ) with ordinality as line (bank_entry_id, booked_on, amount_micros, currency, remittance, reference,
        status, reason, payment_id, resolved_at, position)
      order by position
      on conflict (bank_entry_id) do nothing
      returning id, bank_entry_id`)) as unknown as Rows<{ id: string; bank_entry_id: string }>;
    if (inserted.rows.length !== decided.length) throw new BatchRaced();
    const lineIdOf = new Map(inserted.rows.map((row) => [row.bank_entry_id, Number(row.id)]));
    const paid = decided.flatMap((d) => (d.paying ? [{ line: d.line, payment: d.paying }] : []));
    if (paid.length > 0) {
      await tx
        .insert(paymentEvents)
        .values(paid.map(({ line, payment }) => statementPaymentEvent(payment, line.bankEntryId)));
      await writeAudits(
        tx,
        actor,
        paid.map(({ line, payment }) => ({
          action: 'bank-statement.credit',
          objectType: 'payment',
          objectId: payment.id,
          changes: {
            bankEntryId: line.bankEntryId,
            lineId: lineIdOf.get(line.bankEntryId),
            totalMicros: payment.totalMicros.toString(),
          },
        })),
      );
      // Last: the ledger posting locks the accounts every deposit shares until the commit.
      await settlePaidMany(
        tx,
        paid.map(({ payment }) => ({ payment, paidMicros: payment.totalMicros })),
        'bank_statement',
        now,
        purposes,
      );
    }
  }
  const credited = decided.filter((d) => d.paying).length;
  return { credited, alreadyImported: batch.length - fresh.length, waiting: decided.length - credited };
}

/** POST /admin/bank-statements. */
export async function importStatement(
  ctx: Ctx,
  actor: Actor,
  input: { fileName: string; content: string },
): Promise<StatementImportResult> {
  return importParsedStatement(ctx, actor, input.fileName, parseStatement(input.content));
}

/**
 * The lines of a statement already read, imported: debits counted and ignored, a bank id seen
 * earlier in the file counted as already imported (the earlier line is the one stored), the
 * other lines in batches in file order, then the import's own audit entry.
 */
export async function importParsedStatement(
  ctx: Ctx,
  actor: Actor,
  fileName: string,
  statement: { lines: StatementLine[]; notBooked: number },
): Promise<StatementImportResult> {
  const result: StatementImportResult = { credited: 0, alreadyImported: 0, waiting: 0, ignored: statement.notBooked };
  const file = { fileName, importedBy: actor.kind === 'operator' ? actor.userId : null };
  const seen = new Set<string>();
  const creditLines: StatementLine[] = [];
  for (const line of statement.lines) {
    if (line.direction === 'debit') result.ignored++;
    else if (seen.has(line.bankEntryId)) result.alreadyImported++;
    else {
      seen.add(line.bankEntryId);
      creditLines.push(line);
    }
  }
  for (let from = 0; from < creditLines.length; from += LINES_PER_TRANSACTION) {
    const batch = creditLines.slice(from, from + LINES_PER_TRANSACTION);
    const totals = await runAgainIfUnkept(() =>
      ctx.db.transaction((tx) => importBatch(tx, ctx.paidPurposes, actor, file, batch)),
    );
    result.credited += totals.credited;
    result.alreadyImported += totals.alreadyImported;
    result.waiting += totals.waiting;
  }
  await ctx.db.transaction((tx) =>
    writeAudit(tx, actor, {
      action: 'bank-statement.import',
      objectType: 'bank-statement',
      objectId: fileName,
      changes: { ...result },
    }),
  );
  return result;
}

/** GET /admin/bank-statements/lines: the newest 200 open (or resolved) credit lines. */
export async function statementLines(
  ctx: Pick<AppContext, 'db'>,
  status: 'open' | 'resolved',
): Promise<StatementLines> {
  const rows = await ctx.db
    .select()
    .from(bankStatementLines)
    .where(
      status === 'open'
        ? eq(bankStatementLines.status, 'open')
        : inArray(bankStatementLines.status, ['credited', 'matched', 'handled']),
    )
    .orderBy(desc(bankStatementLines.importedAt), desc(bankStatementLines.id))
    .limit(200);
  const references = [...new Set(rows.map((r) => r.reference).filter((r): r is string => r !== null))];
  const deposits = references.length
    ? await ctx.db
        .select({ p: payments, email: users.email })
        .from(payments)
        .innerJoin(users, eq(users.id, payments.userId))
        .where(and(inArray(payments.bankReference, references), eq(payments.method, 'bank_transfer')))
    : [];
  const byReference = new Map(deposits.map(({ p, email }) => [p.bankReference, { p, email }]));
  return {
    items: rows.map((r) => {
      const found = r.reference ? byReference.get(r.reference) : undefined;
      return {
        id: r.id,
        bankEntryId: r.bankEntryId,
        bookedOn: r.bookedOn,
        amountMicros: r.amountMicros.toString(),
        currency: r.currency,
        remittance: r.remittance,
        reference: r.reference,
        status: r.status as StatementLines['items'][number]['status'],
        reason: r.reason as StatementLineReason | null,
        note: r.note,
        fileName: r.fileName,
        importedAt: r.importedAt.toISOString(),
        deposit: found
          ? { id: found.p.id, email: found.email, totalMicros: found.p.totalMicros.toString(), status: found.p.status }
          : null,
      };
    }),
  };
}
