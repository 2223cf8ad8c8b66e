import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { payments } from './payments';
import { users } from './users';

/**
 * One credit line of an imported bank statement (docs/decisions/038-bank-statement-import.md),
 * stored under the bank's own id of the entry: a statement imported twice, even by two
 * operators at once, meets the unique index and changes nothing. A line that matched a pending
 * bank deposit (reference and amount) is `credited` in the transaction that stored it; the
 * others wait (`open`) until an operator matches them or marks them handled outside.
 */
export const bankStatementLines = pgTable(
  'bank_statement_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The bank's id of the entry (camt.053 AcctSvcrRef, else NtryRef; the CSV's bank id). */
    bankEntryId: text('bank_entry_id').notNull(),
    /** The day the bank booked it, YYYY-MM-DD. */
    bookedOn: text('booked_on').notNull(),
    amountMicros: bigint('amount_micros', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    /** What the payer wrote (remittance information), as written. */
    remittance: text('remittance'),
    /** The deposit reference found in it, normalised ('DEP' + 8), or null. */
    reference: text('reference'),
    /** credited | open | matched | handled. */
    status: text('status').notNull(),
    /** Why an open line did not match: reference | amount | currency | deposit_not_pending. */
    reason: text('reason'),
    paymentId: text('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    /** The operator's note of a line handled outside. */
    note: text('note'),
    fileName: text('file_name').notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
    importedBy: integer('imported_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('bank_statement_lines_entry_uq').on(t.bankEntryId),
    index('bank_statement_lines_open_idx').on(t.importedAt).where(sql`${t.status} = 'open'`),
    check('bank_statement_lines_status_valid', sql`${t.status} in ('credited', 'open', 'matched', 'handled')`),
  ],
);
