import { and, asc, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { type AuditEntryRow, auditEntries, type OperatorApprovalRow, operatorApprovals } from '../../db/schema/audit';
import type { Auth } from '../../plugins/auth';

export type { AuditEntryRow, OperatorApprovalRow } from '../../db/schema/audit';

/**
 * The back-office audit trail (docs/decisions/032). Every operator change writes one entry in
 * the transaction of the change (operator/run.ts does it for every command); the table refuses
 * UPDATE, DELETE and TRUNCATE (a trigger of migration 0014).
 */

/** Who made a change: an operator through a session ("screen"), or the command line. */
export type Actor = { kind: 'operator'; userId: number; sessionId: number; email: string } | { kind: 'command line' };

/** The actor of a request's session. */
export function actorOf(auth: Auth): Actor {
  return { kind: 'operator', userId: auth.user.id, sessionId: auth.session.id, email: auth.user.email };
}

/** An entry of the audit trail, as writeAudit takes it. */
export type AuditEntryInput = {
  action: string;
  objectType: string;
  objectId: string | number;
  changes?: Record<string, unknown>;
  approvalId?: number | null;
};

/** Appends an entry; call it with the transaction of the change it records. */
export async function writeAudit(tx: Tx, actor: Actor, entry: AuditEntryInput): Promise<void> {
  await writeAudits(tx, actor, [entry]);
}

/** Appends several entries of one actor in one statement (one per credit of a bank statement's batch). */
export async function writeAudits(tx: Tx, actor: Actor, entries: readonly AuditEntryInput[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(auditEntries).values(
    entries.map((entry) => ({
      actorId: actor.kind === 'operator' ? actor.userId : null,
      actorEmail: actor.kind === 'operator' ? actor.email : null,
      sessionId: actor.kind === 'operator' ? actor.sessionId : null,
      via: actor.kind === 'operator' ? 'screen' : 'command line',
      action: entry.action,
      objectType: entry.objectType,
      objectId: String(entry.objectId),
      changes: entry.changes ?? {},
      approvalId: entry.approvalId ?? null,
    })),
  );
}

export type AuditFilter = {
  /** Free text: the action, the operator's email, the object id or anything in the changes. */
  q?: string;
  actorId?: number;
  action?: string;
  objectType?: string;
  objectId?: string;
  /** Inclusive lower and exclusive upper bound of `at`. */
  from?: Date;
  to?: Date;
  /** 1-based. */
  page: number;
  pageSize: number;
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Entries newest first, filtered, one page, and how many match in all. */
export async function listAudit(db: DbOrTx, filter: AuditFilter): Promise<{ items: AuditEntryRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.q?.trim()) {
    const like = `%${escapeLike(filter.q.trim())}%`;
    const text = or(
      ilike(auditEntries.action, like),
      ilike(auditEntries.actorEmail, like),
      ilike(auditEntries.objectId, like),
      ilike(auditEntries.objectType, like),
      sql`${auditEntries.changes}::text ilike ${like}`,
    );
    if (text) conditions.push(text);
  }
  if (filter.actorId !== undefined) conditions.push(eq(auditEntries.actorId, filter.actorId));
  if (filter.action) conditions.push(eq(auditEntries.action, filter.action));
  if (filter.objectType) conditions.push(eq(auditEntries.objectType, filter.objectType));
  if (filter.objectId) conditions.push(eq(auditEntries.objectId, filter.objectId));
  if (filter.from) conditions.push(gte(auditEntries.at, filter.from));
  if (filter.to) conditions.push(lt(auditEntries.at, filter.to));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const page = Math.max(1, Math.trunc(filter.page));
  const pageSize = Math.min(500, Math.max(1, Math.trunc(filter.pageSize)));
  const [items, [totals]] = await Promise.all([
    db
      .select()
      .from(auditEntries)
      .where(where)
      .orderBy(desc(auditEntries.at), desc(auditEntries.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(auditEntries).where(where),
  ]);
  return { items, total: totals?.total ?? 0 };
}

export type ApprovalStatus = 'pending' | 'approved' | 'rejected';

/** Two-operator approvals (docs/decisions/032), oldest pending first, else newest first. */
export async function listApprovals(
  db: DbOrTx,
  filter: { status?: ApprovalStatus; page: number; pageSize: number },
): Promise<{ items: OperatorApprovalRow[]; total: number }> {
  const where = filter.status ? eq(operatorApprovals.status, filter.status) : undefined;
  const page = Math.max(1, Math.trunc(filter.page));
  const pageSize = Math.min(500, Math.max(1, Math.trunc(filter.pageSize)));
  const order =
    filter.status === 'pending'
      ? [asc(operatorApprovals.requestedAt), asc(operatorApprovals.id)]
      : [desc(operatorApprovals.requestedAt), desc(operatorApprovals.id)];
  const [items, [totals]] = await Promise.all([
    db
      .select()
      .from(operatorApprovals)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(operatorApprovals).where(where),
  ]);
  return { items, total: totals?.total ?? 0 };
}
