import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { operatorApprovals } from '../../db/schema/audit';
import { AppError, notFound } from '../../lib/errors';
import { deferEffects, runOperatorCommand } from '../../operator/run';
import { type Actor, writeAudit } from './audit.service';

export { listApprovals } from './audit.service';

export const APPROVAL_MESSAGES = {
  secondOperator: 'A second operator must approve this.',
  notPending: 'This request has already been decided.',
} as const;

/**
 * A second operator approves or rejects a pending money action (docs/decisions/032). Only an
 * operator of the back office decides (never the command line), never the one who asked. The
 * approval row is locked, so two operators approving at once apply it once; an approval runs
 * the command in the transaction that marks it approved.
 */
export async function decideApproval(
  ctx: AppContext,
  actor: Actor,
  id: number,
  decision: 'approve' | 'reject',
  reason?: string,
): Promise<{ status: 'approved' | 'rejected'; output: string | null }> {
  if (actor.kind !== 'operator') throw new AppError(403, APPROVAL_MESSAGES.secondOperator);
  // One transaction; a nested runOperatorCommand is a savepoint of it.
  let decided: { status: 'approved' | 'rejected'; output: string | null } | undefined;
  const { mailer, bus, flush } = deferEffects(ctx);
  await ctx.db.transaction(async (tx) => {
    const [approval] = await tx.select().from(operatorApprovals).where(eq(operatorApprovals.id, id)).for('update');
    if (!approval) throw notFound();
    if (approval.requestedBy !== null && approval.requestedBy === actor.userId)
      throw new AppError(403, APPROVAL_MESSAGES.secondOperator);
    if (approval.status !== 'pending') throw new AppError(409, APPROVAL_MESSAGES.notPending);
    if (decision === 'reject') {
      await tx
        .update(operatorApprovals)
        .set({
          status: 'rejected',
          decidedBy: actor.userId,
          decidedByEmail: actor.email,
          decidedAt: new Date(),
          reason: reason ?? null,
        })
        .where(eq(operatorApprovals.id, id));
      await writeAudit(tx, actor, {
        action: 'approval rejected',
        objectType: 'approval',
        objectId: id,
        changes: { domain: approval.domain, action: approval.action, args: approval.args, reason: reason ?? null },
        approvalId: id,
      });
      decided = { status: 'rejected', output: null };
      return;
    }
    const result = await runOperatorCommand(
      { ...ctx, db: tx as unknown as Db, mailer, bus },
      actor,
      approval.domain,
      approval.action,
      approval.args,
      { approvalId: id },
    );
    const output = 'output' in result ? result.output : '';
    await tx
      .update(operatorApprovals)
      .set({
        status: 'approved',
        decidedBy: actor.userId,
        decidedByEmail: actor.email,
        decidedAt: new Date(),
        output,
        reason: reason ?? null,
      })
      .where(eq(operatorApprovals.id, id));
    await writeAudit(tx, actor, {
      action: 'approval approved',
      objectType: 'approval',
      objectId: id,
      changes: { domain: approval.domain, action: approval.action, args: approval.args, result: output },
      approvalId: id,
    });
    decided = { status: 'approved', output };
  });
  await flush();
  if (!decided) throw new Error('approval decision missing');
  return decided;
}
