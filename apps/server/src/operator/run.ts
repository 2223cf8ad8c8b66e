import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { UNKNOWN_OPERATOR_COMMAND } from './handoff';
import type { AppContext } from '../context';
import type { MailMessage, Mailer } from '../adapters/mail/port';
import type { Db, Tx } from '../db/client';
import type { Bus } from '../lib/bus';
import { auditEntries, operatorApprovals } from '../db/schema/audit';
import { AppError } from '../lib/errors';
import { type Actor, writeAudit } from '../modules/audit/audit.service';
import { commands } from './registry';

/**
 * Runs an operator command for the command line, its hand-off and the back office
 * (docs/decisions/032): the change and its audit entry commit together or not at all. A money
 * call at or above APPROVAL_THRESHOLD_EUR is not applied: it becomes a pending approval that a
 * second operator decides (modules/audit/approvals.service.ts).
 */

export type CommandResult = { output: string } | { pendingApproval: { id: number; amountMicros: string } };

/**
 * What a command does outside the database waits for its commit, and is dropped with a
 * rollback: mails (the outbox writes through another handle, which the embedded database's
 * single connection would make wait on the open transaction forever) and bus messages (a
 * session cache told before the commit could read the old row again and keep it). Inside an
 * outer deferral (an approval), they join the outer queue.
 */
type Deferred = { mailer: Mailer; bus: Bus; flush: () => Promise<void> };
const DEFERRED = Symbol('deferred until commit');
type Marked<T> = T & { [DEFERRED]?: true };

export function deferEffects(ctx: AppContext): Deferred {
  if ((ctx.mailer as Marked<Mailer>)[DEFERRED] && (ctx.bus as Marked<Bus>)[DEFERRED])
    return { mailer: ctx.mailer, bus: ctx.bus, flush: async () => {} };
  const mails: MailMessage[] = [];
  const messages: [string, string][] = [];
  const mailer: Marked<Mailer> = {
    kind: ctx.mailer.kind,
    [DEFERRED]: true,
    send: async (message) => {
      mails.push(message);
    },
    close: () => ctx.mailer.close(),
  };
  const bus: Marked<Bus> = {
    [DEFERRED]: true,
    publish: async (topic, message) => {
      messages.push([topic, message]);
    },
    subscribe: (topic, handler) => ctx.bus.subscribe(topic, handler),
    ...(ctx.bus.onGap ? { onGap: ctx.bus.onGap.bind(ctx.bus) } : {}),
    close: () => ctx.bus.close(),
  };
  return {
    mailer,
    bus,
    flush: async () => {
      for (const [topic, message] of messages.splice(0)) await ctx.bus.publish(topic, message);
      for (const message of mails.splice(0)) await ctx.mailer.send(message);
    },
  };
}

export async function runOperatorCommand(
  ctx: AppContext,
  actor: Actor,
  domain: string,
  action: string,
  args: string[],
  opts: { approvalId?: number } = {},
): Promise<CommandResult> {
  const group = Object.hasOwn(commands, domain) ? commands[domain] : undefined;
  const command = group && Object.hasOwn(group, action) ? group[action] : undefined;
  if (!command) throw new AppError(404, UNKNOWN_OPERATOR_COMMAND);
  const { mailer, bus, flush } = deferEffects(ctx);
  let result: CommandResult;
  let money: { amount: bigint; target: string } | null = null;
  try {
    result = await ctx.db.transaction(async (tx) => {
      // Commands keep calling ctx.db.transaction: on the transaction, that is a savepoint.
      const inner: AppContext = { ...ctx, db: tx as unknown as Db, mailer, bus };
      if (opts.approvalId !== undefined) {
        // Only decideApproval passes it, for the pending request it holds locked: the very
        // command of that request, nothing else, skips the threshold.
        const [approval] = await tx
          .select()
          .from(operatorApprovals)
          .where(and(eq(operatorApprovals.id, opts.approvalId), eq(operatorApprovals.status, 'pending')));
        if (
          !approval ||
          approval.domain !== domain ||
          approval.action !== action ||
          JSON.stringify(approval.args) !== JSON.stringify(args)
        )
          throw new AppError(409, 'This request has already been decided.');
      } else if (command.amount) {
        const amount = await command.amount(inner, args);
        const target = command.moneyTarget?.(args) ?? `${domain}:${args[0] ?? ''}`;
        money = amount === null ? null : { amount, target };
        if (
          amount !== null &&
          (await needsSecondOperator(tx, actor, target, amount, ctx.config.operators.approvalThresholdMicros))
        ) {
          const [approval] = await tx
            .insert(operatorApprovals)
            .values({
              domain,
              action,
              args,
              amountMicros: amount,
              requestedBy: actor.kind === 'operator' ? actor.userId : null,
              requestedByEmail: actor.kind === 'operator' ? actor.email : null,
              requestedVia: actor.kind === 'operator' ? 'screen' : 'command line',
            })
            .returning({ id: operatorApprovals.id });
          if (!approval) throw new Error('approval insert returned nothing');
          await writeAudit(tx, actor, {
            action: 'approval requested',
            objectType: 'approval',
            objectId: approval.id,
            changes: { domain, action, args, amountMicros: amount.toString() },
            approvalId: approval.id,
          });
          return { pendingApproval: { id: approval.id, amountMicros: amount.toString() } };
        }
      }
      const output = await command.run(inner, args);
      const object = command.audit?.(args, output) ?? { objectType: domain, objectId: args[0] ?? '' };
      await writeAudit(tx, actor, {
        action: `${domain} ${action}`,
        objectType: object.objectType,
        objectId: object.objectId,
        // A money call applied without an approval counts towards its operator's and its
        // target's 24 hours (needsSecondOperator).
        changes: money
          ? { args, result: output, amountMicros: money.amount.toString(), moneyTarget: money.target }
          : { args, result: output },
        approvalId: opts.approvalId ?? null,
      });
      return { output };
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(400, error instanceof Error ? error.message : String(error));
  }
  await flush();
  return result;
}

/**
 * The two-operator rule cannot be split (docs/decisions/032): a money call waits for a second
 * operator when it, added to what the same operator applied without approval in the last 24
 * hours, or to what was applied that way to the same target by anyone (the command line
 * included, which has no operator of its own), reaches the threshold. Transaction-scoped advisory locks on the operator, then the target
 * (always in that order), serialise concurrent calls until their commit, so two calls cannot
 * both see the same total and both slip under it.
 */
async function needsSecondOperator(tx: Tx, actor: Actor, target: string, amount: bigint, threshold: bigint) {
  if (amount >= threshold) return true;
  const operatorId = actor.kind === 'operator' ? actor.userId : null;
  if (operatorId !== null)
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`operator-money:${operatorId}`}, 0))`);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`operator-money-target:${target}`}, 0))`);
  const applied = (where: SQL) =>
    tx
      .select({ total: sql<string>`coalesce(sum((${auditEntries.changes}->>'amountMicros')::bigint), 0)::text` })
      .from(auditEntries)
      .where(
        and(
          sql`${auditEntries.at} > now() - interval '24 hours'`,
          isNull(auditEntries.approvalId),
          sql`${auditEntries.changes} ? 'amountMicros'`,
          where,
        ),
      );
  if (operatorId !== null) {
    const [byOperator] = await applied(eq(auditEntries.actorId, operatorId));
    if (amount + BigInt(byOperator?.total ?? '0') >= threshold) return true;
  }
  const [byTarget] = await applied(sql`${auditEntries.changes}->>'moneyTarget' = ${target}`);
  return amount + BigInt(byTarget?.total ?? '0') >= threshold;
}

/** The line the command line prints for a result. */
export function outputOf(result: CommandResult): string {
  if ('output' in result) return result.output;
  const euros = (Number(BigInt(result.pendingApproval.amountMicros) / 10_000n) / 100).toFixed(2);
  return `This moves ${euros} EUR: it waits for a second operator's approval in the back office (approval #${result.pendingApproval.id}).`;
}
