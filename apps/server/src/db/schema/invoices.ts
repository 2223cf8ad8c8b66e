import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** PDF bytes: node-postgres answers a Buffer, PGlite a Uint8Array. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Invoices, credit notes and self-billing invoices (modules/invoices). A row is
 * made from the event of what it bills (a paid deposit, a requested payout), once per
 * source and kind; it is final from the moment it has a number, which the same transaction
 * takes from its series' counter row (invoice_counters), so numbers have no gaps. `document`
 * holds everything printed (both parties as they were then, lines, VAT), so the PDF never
 * changes when a profile does; `pdf` keeps the bytes once rendered.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** 'invoice' | 'credit_note' | 'self_billing'. */
    kind: text('kind').notNull(),
    /** What the document bills: 'deposit' (a payment id) or 'payout' (a payout id). */
    sourceType: text('source_type').notNull(),
    sourceId: text('source_id').notNull(),
    /** A credit note names the invoice it corrects. */
    correctsId: integer('corrects_id'),
    /** Series (e.g. 'INV-2026'), its sequence number and the printed number ('INV-2026-000042'); null while a draft. */
    series: text('series'),
    seq: integer('seq'),
    number: text('number'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    netMicros: bigint('net_micros', { mode: 'bigint' }).notNull(),
    vatMicros: bigint('vat_micros', { mode: 'bigint' }).notNull(),
    totalMicros: bigint('total_micros', { mode: 'bigint' }).notNull(),
    /** 'standard' | 'reverse_charge' | 'outside_scope'. */
    vatTreatment: text('vat_treatment').notNull(),
    /** The printed document (modules/invoices/invoice-document.ts), amounts as strings of micro-euros. */
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    pdf: bytea('pdf'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One document of a kind per source: a repeated event finds it instead of billing twice.
    uniqueIndex('invoices_source_uq').on(t.kind, t.sourceType, t.sourceId),
    uniqueIndex('invoices_number_uq').on(t.number),
    uniqueIndex('invoices_series_seq_uq').on(t.series, t.seq),
    index('invoices_user_idx').on(t.userId, t.createdAt),
    check('invoices_kind_valid', sql`${t.kind} in ('invoice', 'credit_note', 'self_billing')`),
    check(
      'invoices_final_has_number',
      sql`(${t.number} is null) = (${t.seq} is null) and (${t.number} is null) = (${t.issuedAt} is null)`,
    ),
  ],
);

/** The last number given in each series; locked by the transaction that gives the next one. */
export const invoiceCounters = pgTable('invoice_counters', {
  series: text('series').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});
