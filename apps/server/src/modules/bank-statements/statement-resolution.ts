import { eq } from 'drizzle-orm';
import { BANK_STATEMENT_MESSAGES as M } from '@cryptads/contract/bank-statements';
import { PAYMENT_ID_PATTERN } from '@cryptads/contract/deposits';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { bankStatementLines } from '../../db/schema/bank-statements';
import { payments } from '../../db/schema/payments';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { creditFromStatement, mismatchOf } from './bank-statements.service';

/**
 * An operator resolves a waiting statement line (operator commands `bank-statement match` and
 * `bank-statement handled`, audited by the runner): match it to a pending bank deposit whose
 * total it is exactly, in euros, which credits that deposit once; or mark it handled outside
 * (returned, credited by hand) with a note. Nothing else: no credit of another amount here.
 */

const lineIdOf = (text: string | undefined) => {
  const id = Number(text);
  if (!Number.isSafeInteger(id) || id < 1) throw notFound(M.lineNotFound);
  return id;
};

async function lockedOpenLine(tx: Tx, id: number) {
  const [line] = await tx.select().from(bankStatementLines).where(eq(bankStatementLines.id, id)).limit(1).for('update');
  if (!line) throw notFound(M.lineNotFound);
  if (line.status !== 'open') throw conflict(M.lineNotOpen);
  return line;
}

/** The line's amount, for the two-operator rule; null when the line does not exist. */
export async function statementLineAmount(ctx: Pick<AppContext, 'db'>, lineId: string | undefined) {
  const id = Number(lineId);
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const [line] = await ctx.db
    .select({ amount: bankStatementLines.amountMicros })
    .from(bankStatementLines)
    .where(eq(bankStatementLines.id, id))
    .limit(1);
  return line?.amount ?? null;
}

export async function matchStatementLine(
  ctx: Pick<AppContext, 'db' | 'paidPurposes'>,
  lineIdText: string | undefined,
  paymentId: string | undefined,
): Promise<string> {
  const id = lineIdOf(lineIdText);
  if (!paymentId || !PAYMENT_ID_PATTERN.test(paymentId)) throw notFound(M.depositNotFound);
  return ctx.db.transaction(async (tx) => {
    const line = await lockedOpenLine(tx, id);
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).limit(1).for('update');
    const reason = mismatchOf(line, payment);
    if (!payment || reason === 'reference') throw notFound(M.depositNotFound);
    if (reason === 'deposit_not_pending') throw conflict(M.depositNotPending);
    if (reason === 'currency') throw badRequest(M.currencyNotEuro);
    if (reason === 'amount') throw badRequest(M.amountDiffers);
    await creditFromStatement(tx, ctx.paidPurposes, payment, line.bankEntryId);
    await tx
      .update(bankStatementLines)
      .set({ status: 'matched', paymentId: payment.id, resolvedAt: new Date() })
      .where(eq(bankStatementLines.id, id));
    return `Statement line ${id} credited to deposit ${payment.id}.`;
  });
}

export async function markStatementLineHandled(
  ctx: Pick<AppContext, 'db'>,
  lineIdText: string | undefined,
  note: string,
): Promise<string> {
  const id = lineIdOf(lineIdText);
  const trimmed = note.trim();
  if (!trimmed || trimmed.length > 500) throw badRequest(M.noteRequired);
  return ctx.db.transaction(async (tx) => {
    await lockedOpenLine(tx, id);
    await tx
      .update(bankStatementLines)
      .set({ status: 'handled', note: trimmed, resolvedAt: new Date() })
      .where(eq(bankStatementLines.id, id));
    return `Statement line ${id} marked as handled outside: ${trimmed}`;
  });
}
