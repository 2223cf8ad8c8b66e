import { and, desc, eq, inArray } from 'drizzle-orm';
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
import { type Actor, writeAudit } from '../audit/audit.service';
import { type PaymentRow, settlePaid } from '../payments/payments.service';
import { looksLikeCamt053, parseCamt053 } from './camt053';
import { parseStatementCsv } from './statement-csv';
import { depositReferenceIn, StatementError, type StatementLine } from './statement-line';

/**
 * Bank statement import (docs/product/billing.md#bank-statements; docs/decisions/038): each
 * credit line is stored under the bank's id of the entry and, in the same transaction,
 * credits the pending bank deposit whose reference it carries when the amount is exactly that
 * deposit's total, in euros. Everything else waits for an operator; debits are counted and
 * ignored. The unique bank id makes a second import, or two at once, change nothing.
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

/** Credits a pending bank deposit with a statement line: once, through the payment's paid path. */
export async function creditFromStatement(
  tx: Tx,
  purposes: AppContext['paidPurposes'],
  payment: PaymentRow,
  bankEntryId: string,
): Promise<void> {
  const now = new Date();
  await tx.insert(paymentEvents).values({
    provider: 'bank',
    providerEventId: `statement:${bankEntryId}`,
    paymentId: payment.id,
    status: 'paid',
    providerStatus: 'bank_statement',
    paidMicros: payment.totalMicros,
    outcome: 'moved',
    payload: { bankEntryId, totalMicros: payment.totalMicros.toString() },
  });
  await settlePaid(tx, payment, payment.totalMicros, 'bank_statement', now, purposes);
}

async function lockedDepositByReference(tx: Tx, reference: string | null) {
  if (!reference) return undefined;
  const [row] = await tx.select().from(payments).where(eq(payments.bankReference, reference)).limit(1).for('update');
  return row;
}

/** POST /admin/bank-statements. */
export async function importStatement(
  ctx: Ctx,
  actor: Actor,
  input: { fileName: string; content: string },
): Promise<StatementImportResult> {
  const { lines, notBooked } = parseStatement(input.content);
  const result: StatementImportResult = { credited: 0, alreadyImported: 0, waiting: 0, ignored: notBooked };
  const importedBy = actor.kind === 'operator' ? actor.userId : null;
  for (const line of lines) {
    if (line.direction === 'debit') {
      result.ignored++;
      continue;
    }
    const outcome = await ctx.db.transaction(async (tx) => {
      const reference = depositReferenceIn(line.remittance);
      // A second import of this line, even one running now, stops here: the unique bank id.
      const [stored] = await tx
        .insert(bankStatementLines)
        .values({
          bankEntryId: line.bankEntryId,
          bookedOn: line.bookedOn,
          amountMicros: line.amountMicros,
          currency: line.currency,
          remittance: line.remittance?.slice(0, 500) ?? null,
          reference,
          status: 'open',
          fileName: input.fileName,
          importedBy,
        })
        .onConflictDoNothing({ target: bankStatementLines.bankEntryId })
        .returning({ id: bankStatementLines.id });
      if (!stored) return 'already' as const;
      const payment = await lockedDepositByReference(tx, reference);
      const reason = mismatchOf(line, payment);
      if (reason || !payment) {
        await tx.update(bankStatementLines).set({ reason }).where(eq(bankStatementLines.id, stored.id));
        return 'waiting' as const;
      }
      await creditFromStatement(tx, ctx.paidPurposes, payment, line.bankEntryId);
      await tx
        .update(bankStatementLines)
        .set({ status: 'credited', paymentId: payment.id, resolvedAt: new Date() })
        .where(eq(bankStatementLines.id, stored.id));
      await writeAudit(tx, actor, {
        action: 'bank-statement.credit',
        objectType: 'payment',
        objectId: payment.id,
        changes: { bankEntryId: line.bankEntryId, lineId: stored.id, totalMicros: payment.totalMicros.toString() },
      });
      return 'credited' as const;
    });
    if (outcome === 'already') result.alreadyImported++;
    else if (outcome === 'waiting') result.waiting++;
    else result.credited++;
  }
  await ctx.db.transaction((tx) =>
    writeAudit(tx, actor, {
      action: 'bank-statement.import',
      objectType: 'bank-statement',
      objectId: input.fileName,
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
