import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The back-office audit trail (docs/decisions/032): one row per operator change, written in
 * the transaction of the change. Append-only in the database: a trigger (migration
 * 0013_audit_append_only) refuses UPDATE, DELETE and TRUNCATE. No foreign key to users:
 * entries outlive the accounts they name.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id'),
    actorEmail: text('actor_email'),
    sessionId: integer('session_id'),
    /** 'screen' (an operator's session) or 'command line'. */
    via: text('via').notNull(),
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id').notNull(),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
    approvalId: integer('approval_id'),
  },
  (t) => [
    index('audit_entries_at_idx').on(t.at.desc()),
    index('audit_entries_object_idx').on(t.objectType, t.objectId),
    index('audit_entries_actor_idx').on(t.actorId, t.at),
    check('audit_entries_via_valid', sql`${t.via} in ('screen', 'command line')`),
  ],
);

/**
 * A money action at or above APPROVAL_THRESHOLD_EUR waiting for a second operator
 * (docs/decisions/032): the command and its arguments, run when another operator approves.
 */
export const operatorApprovals = pgTable(
  'operator_approvals',
  {
    id: serial('id').primaryKey(),
    domain: text('domain').notNull(),
    action: text('action').notNull(),
    args: jsonb('args').$type<string[]>().notNull(),
    amountMicros: bigint('amount_micros', { mode: 'bigint' }).notNull(),
    requestedBy: integer('requested_by'),
    requestedByEmail: text('requested_by_email'),
    requestedVia: text('requested_via').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status').notNull().default('pending'),
    decidedBy: integer('decided_by'),
    decidedByEmail: text('decided_by_email'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    output: text('output'),
    reason: text('reason'),
  },
  (t) => [
    index('operator_approvals_status_idx').on(t.status, t.requestedAt),
    check('operator_approvals_status_valid', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);

export type AuditEntryRow = typeof auditEntries.$inferSelect;
export type OperatorApprovalRow = typeof operatorApprovals.$inferSelect;
