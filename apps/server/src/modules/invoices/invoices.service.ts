import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import {
  type BillingHistoryEntrySchema,
  historyUnique,
  type PayoutTimelineStep,
  parseHistoryUnique,
} from '@cryptads/contract/billing-history';
import {
  BillingHistoryType,
  DEPOSIT_METHOD_LABELS,
  type DepositMethod,
  PAYOUT_METHOD_LABELS,
  type PayoutMethod,
  PaymentStatusCode,
} from '@cryptads/contract/billing-messages';
import { formatDay } from '@cryptads/contract/dates';
import type { Served } from '@cryptads/contract/money-schema';
import { invoiceTotals } from '@cryptads/contract/money-rules';
import type { VatRule } from '@cryptads/contract/vat';
import { PAYMENT_STATUSES, type PaymentStatus, paymentStatusCode } from '../payments/payments.service';
import type { AppContext } from '../../context';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { invoices } from '../../db/schema/invoices';
import { payouts } from '../../db/schema/ledger';
import { payments } from '../../db/schema/payments';
import { notFound } from '../../lib/errors';
import type { EventOf } from '../events/events';
import { type EventHandler, on } from '../events/worker';
import { type DocumentSource, fromStoredDocument, type StoredDocument, toStoredDocument } from './invoice-document';
import { INVOICE_TITLES, type InvoiceData, type InvoiceKind, type InvoiceLine, renderInvoicePdf } from './invoice-pdf';
import { takeInvoiceNumber } from './numbering';
import { customerSnapshot, depositVat, issuerParty, type StoredPaymentVat, selfBillingVat } from './parties';

/** A row of GET /billing/history with its amount in micro-euros (the schema writes euros). */
type BillingHistoryEntry = Served<typeof BillingHistoryEntrySchema>;

/**
 * Invoices: made after commit from the events of what they bill (a paid
 * deposit, a requested payout), once per source; numbered when final from a locked counter
 * (numbering.ts); the PDF rendered from the stored document and kept.
 */

type Ctx = Pick<AppContext, 'db' | 'config'>;
export type InvoiceRow = typeof invoices.$inferSelect;

export const DEPOSIT_LINE = 'Advertising balance top-up (deposit)';
export const PROCESSING_FEE_LINE = 'Payment processing fee';
export const DEPOSIT_NOTE = 'Paid in full. The deposit was credited to your advertising balance.';
export const payoutLine = (payoutId: number | string) => `Publisher earnings paid out (payout ${payoutId})`;

type Draft = {
  userId: number;
  kind: InvoiceKind;
  source: DocumentSource;
  correctsId?: number | null;
  /** The document without its number and date, which finalising gives it. */
  data: Omit<InvoiceData, 'number' | 'issueDate'>;
};

/**
 * Makes the document of a source final in one transaction: a draft row claims the source
 * (a second event for it, even at the same time, finds the first and changes nothing), then
 * the series' counter gives the number. Nothing is numbered that is not kept.
 */
async function finalise(tx: Tx, draft: Draft): Promise<{ invoice: InvoiceRow; created: boolean }> {
  const totals = invoiceTotals(draft.data);
  const [claimed] = await tx
    .insert(invoices)
    .values({
      userId: draft.userId,
      kind: draft.kind,
      sourceType: draft.source.type,
      sourceId: draft.source.id,
      correctsId: draft.correctsId ?? null,
      netMicros: totals.netMicros,
      vatMicros: totals.vatMicros,
      totalMicros: totals.totalMicros,
      vatTreatment: draft.data.vat.treatment,
      document: {},
    })
    .onConflictDoNothing({ target: [invoices.kind, invoices.sourceType, invoices.sourceId] })
    .returning({ id: invoices.id });
  if (!claimed) {
    const existing = await findBySource(tx, draft.kind, draft.source.type, draft.source.id);
    if (!existing) throw new Error(`invoices: ${draft.kind} of ${draft.source.type} ${draft.source.id} vanished`);
    return { invoice: existing, created: false };
  }
  const taken = await takeInvoiceNumber(tx, draft.kind);
  const data: InvoiceData = { ...draft.data, number: taken.number, issueDate: taken.issuedAt };
  const [invoice] = await tx
    .update(invoices)
    .set({
      series: taken.series,
      seq: taken.seq,
      number: taken.number,
      issuedAt: taken.issuedAt,
      document: toStoredDocument(data, draft.source) as unknown as Record<string, unknown>,
    })
    .where(eq(invoices.id, claimed.id))
    .returning();
  if (!invoice) throw new Error('invoices: the claimed row disappeared');
  return { invoice, created: true };
}

const findBySource = async (db: DbOrTx, kind: InvoiceKind, sourceType: string, sourceId: string) =>
  (
    await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.kind, kind), eq(invoices.sourceType, sourceType), eq(invoices.sourceId, sourceId)))
      .limit(1)
  )[0];

/**
 * The invoice of a paid deposit: the amount credited and the processing fee as lines, the VAT
 * charged, so that its total is exactly what the provider charged. The customer's details are
 * copied from the account as they are now.
 */
export async function invoiceDeposit(ctx: Ctx, event: EventOf<'deposit.paid'>) {
  const amount = BigInt(event.amountMicros);
  const vat = BigInt(event.vatMicros);
  const total = BigInt(event.totalMicros);
  // Net is what was charged without VAT; the fee is the rest of it beside the amount credited.
  const net = total - vat;
  const fee = net - amount;
  const lines: InvoiceLine[] =
    fee >= 0n
      ? [
          { description: DEPOSIT_LINE, quantity: 1, unitMicros: amount },
          ...(fee > 0n ? [{ description: PROCESSING_FEE_LINE, quantity: 1, unitMicros: fee }] : []),
        ]
      : [{ description: DEPOSIT_LINE, quantity: 1, unitMicros: net }];
  const issuer = issuerParty(ctx.config);
  return ctx.db.transaction(async (tx) => {
    const customer = await customerSnapshot(tx, event.userId);
    const [payment] = await tx
      .select({
        vatRule: payments.vatRule,
        vatCountry: payments.vatCountry,
        vatPercent: payments.vatPercent,
        paidAt: payments.paidAt,
      })
      .from(payments)
      .where(eq(payments.id, event.paymentId))
      .limit(1);
    const stored: StoredPaymentVat | null = payment?.vatRule
      ? { rule: payment.vatRule as VatRule, country: payment.vatCountry, ratePercent: Number(payment.vatPercent) }
      : null;
    return finalise(tx, {
      userId: event.userId,
      kind: 'invoice',
      source: { type: 'deposit', id: event.paymentId, amountMicros: String(amount), method: event.method },
      data: {
        kind: 'invoice',
        issuer,
        counterparty: customer.party,
        lines,
        // A prepayment: the supply is dated when the payment was received.
        supplyDate: payment?.paidAt ?? null,
        vat: depositVat(customer, issuer.country, vat, net, stored),
        paymentMethod: DEPOSIT_METHOD_LABELS[event.method as DepositMethod] ?? event.method,
        paymentReference: event.paymentId,
        note: DEPOSIT_NOTE,
      },
    });
  });
}

/**
 * The self-billing invoice of a payout: the publisher supplies, we issue it
 * for them under the self-billing agreement they accepted with their withdraw options.
 */
export async function selfBillPayout(ctx: Ctx, event: EventOf<'payout.requested'>) {
  const amount = BigInt(event.amountMicros);
  const issuer = issuerParty(ctx.config);
  return ctx.db.transaction(async (tx) => {
    const publisher = await customerSnapshot(tx, event.userId);
    const [payout] = await tx
      .select({ method: payouts.method })
      .from(payouts)
      .where(and(eq(payouts.id, event.payoutId), eq(payouts.userId, event.userId)))
      .limit(1);
    const method = payout?.method ?? null;
    return finalise(tx, {
      userId: event.userId,
      kind: 'self_billing',
      source: { type: 'payout', id: String(event.payoutId), amountMicros: String(amount), method },
      data: {
        kind: 'self_billing',
        issuer,
        counterparty: publisher.party,
        lines: [{ description: payoutLine(event.payoutId), quantity: 1, unitMicros: amount }],
        vat: selfBillingVat(publisher, issuer.country),
        paymentMethod: method ? methodLabel(method) : null,
        paymentReference: `Payout ${event.payoutId}`,
      },
    });
  });
}

/**
 * A credit note cancelling a final invoice or self-billing invoice (a failed payout, a refund):
 * the same parties, lines and VAT as the document it corrects, which it names; its own series.
 * One per corrected document.
 */
export async function issueCreditNote(ctx: Ctx, invoiceId: number, reason: string) {
  return ctx.db.transaction(async (tx) => {
    const [original] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).limit(1);
    if (!original?.number || original.kind === 'credit_note') throw notFound();
    const stored = original.document as unknown as StoredDocument;
    const corrected = fromStoredDocument(stored);
    return finalise(tx, {
      userId: original.userId,
      kind: 'credit_note',
      source: stored.source,
      correctsId: original.id,
      data: { ...corrected, kind: 'credit_note', correctsNumber: original.number, supplyDate: null, note: reason },
    });
  });
}

/** The invoice's PDF: rendered from its stored document once, then kept as it is. */
export async function invoicePdf(db: Db, invoice: InvoiceRow): Promise<Buffer> {
  if (invoice.pdf) return invoice.pdf;
  if (!invoice.number) throw new Error(`invoices: ${invoice.id} is a draft`);
  const pdf = await renderInvoicePdf(fromStoredDocument(invoice.document as unknown as StoredDocument));
  const [kept] = await db
    .update(invoices)
    .set({ pdf })
    .where(and(eq(invoices.id, invoice.id), isNull(invoices.pdf)))
    .returning({ pdf: invoices.pdf });
  if (kept?.pdf) return kept.pdf;
  // Another process kept its rendering first: answer that one, so every download is the same file.
  const [row] = await db.select({ pdf: invoices.pdf }).from(invoices).where(eq(invoices.id, invoice.id));
  return row?.pdf ?? pdf;
}

/** 'Invoice-INV-2026-000042.pdf', 'Self-billing-invoice-SB-2026-000007.pdf'. */
export const invoiceFileName = (kind: InvoiceKind, number: string) =>
  `${INVOICE_TITLES[kind].replace(/\s+/g, '-')}-${number}.pdf`;

/** The document behind a history row of the user; another account's row, or one without a document, is not found. */
export async function historyDocument(ctx: Ctx, userId: number, unique: string) {
  const parsed = parseHistoryUnique(unique);
  if (!parsed) throw notFound();
  const owned = and(eq(invoices.userId, userId), isNotNull(invoices.number));
  const where =
    parsed.source === 'credit'
      ? /^\d{1,9}$/.test(parsed.id)
        ? and(owned, eq(invoices.kind, 'credit_note'), eq(invoices.id, Number(parsed.id)))
        : null
      : and(
          owned,
          eq(invoices.kind, parsed.source === 'deposit' ? 'invoice' : 'self_billing'),
          eq(invoices.sourceType, parsed.source),
          eq(invoices.sourceId, parsed.id),
        );
  if (!where) throw notFound();
  const [invoice] = await ctx.db.select().from(invoices).where(where).limit(1);
  if (!invoice?.number) throw notFound();
  return {
    pdf: await invoicePdf(ctx.db, invoice),
    fileName: invoiceFileName(invoice.kind as InvoiceKind, invoice.number),
  };
}

const methodLabel = (method: string | null) =>
  method
    ? (DEPOSIT_METHOD_LABELS[method as DepositMethod] ?? PAYOUT_METHOD_LABELS[method as PayoutMethod] ?? method)
    : '';

/** A payout's status as a history code: requested Pending, sent Processing, completed Completed, failed Failed. */
const PAYOUT_STATUS_CODES: Record<string, number> = {
  requested: PaymentStatusCode.Pending,
  sent: PaymentStatusCode.Processing,
  completed: PaymentStatusCode.Completed,
  failed: PaymentStatusCode.Failed,
};
/** Unknown values read 'Contact Us' on the screen (docs/product/billing.md#invoices). */
const UNKNOWN_STATUS = -1;

type PayoutRow = typeof payouts.$inferSelect;

/** requested → sent (with the bank reference or transaction hash) → completed, or failed with its reason. */
export function payoutTimeline(payout: PayoutRow): PayoutTimelineStep[] {
  const steps: PayoutTimelineStep[] = [{ step: 'requested', at: payout.requestedAt.toISOString(), detail: null }];
  if (payout.sentAt) steps.push({ step: 'sent', at: payout.sentAt.toISOString(), detail: payout.reference });
  if (payout.completedAt) steps.push({ step: 'completed', at: payout.completedAt.toISOString(), detail: null });
  if (payout.failedAt) steps.push({ step: 'failed', at: payout.failedAt.toISOString(), detail: payout.failureReason });
  return steps;
}

const entry = (at: Date, fields: Omit<BillingHistoryEntry, 'date' | 'printDate'>): BillingHistoryEntry => ({
  date: at.toISOString(),
  printDate: formatDay(at),
  ...fields,
});

/**
 * GET /billing/history (docs/product/billing.md#invoices): the account's deposits (every payment it opened, with
 * its status), payouts (with their timeline) and credit notes, newest first; a row has a
 * document once its invoice, self-billing invoice or credit note is final.
 */
export async function billingHistory(ctx: Ctx, userId: number): Promise<BillingHistoryEntry[]> {
  const [documents, deposits, paid] = await Promise.all([
    ctx.db
      .select({
        id: invoices.id,
        kind: invoices.kind,
        sourceType: invoices.sourceType,
        sourceId: invoices.sourceId,
        number: invoices.number,
        issuedAt: invoices.issuedAt,
        document: invoices.document,
      })
      .from(invoices)
      .where(and(eq(invoices.userId, userId), isNotNull(invoices.number))),
    ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.purpose, 'deposit'))),
    ctx.db.select().from(payouts).where(eq(payouts.userId, userId)),
  ]);
  const numberOf = new Map<string, string>();
  for (const d of documents)
    if (d.kind !== 'credit_note' && d.number) numberOf.set(`${d.sourceType}:${d.sourceId}`, d.number);
  const rows: BillingHistoryEntry[] = [];
  const listed = new Set<string>();

  for (const p of deposits) {
    const number = numberOf.get(`deposit:${p.id}`) ?? null;
    listed.add(`deposit:${p.id}`);
    rows.push(
      entry(p.paidAt ?? p.createdAt, {
        unique: historyUnique('deposit', p.id),
        type: BillingHistoryType.Deposit,
        method: methodLabel(p.method),
        amount: p.creditedMicros ?? p.amountMicros,
        valid: (PAYMENT_STATUSES as readonly string[]).includes(p.status)
          ? paymentStatusCode(p.status as PaymentStatus)
          : UNKNOWN_STATUS,
        hasDocument: number !== null,
        number,
        timeline: null,
      }),
    );
  }
  for (const p of paid) {
    const number = numberOf.get(`payout:${p.id}`) ?? null;
    listed.add(`payout:${p.id}`);
    rows.push(
      entry(p.requestedAt, {
        unique: historyUnique('payout', p.id),
        type: BillingHistoryType.Payout,
        method: methodLabel(p.method),
        amount: p.amountMicros,
        valid: PAYOUT_STATUS_CODES[p.status] ?? UNKNOWN_STATUS,
        hasDocument: number !== null,
        number,
        timeline: payoutTimeline(p),
      }),
    );
  }
  for (const d of documents) {
    const source = (d.document as unknown as StoredDocument).source;
    const at = d.issuedAt ?? new Date(0);
    const common = {
      method: methodLabel(source.method),
      amount: BigInt(source.amountMicros),
      number: d.number,
    };
    if (d.kind === 'credit_note') {
      rows.push(
        entry(at, {
          ...common,
          unique: historyUnique('credit', d.id),
          type: BillingHistoryType.CreditNote,
          valid: PaymentStatusCode.Completed,
          hasDocument: true,
          timeline: null,
        }),
      );
      continue;
    }
    // A document whose deposit or payout is not listed above (its row is gone or not ours to
    // read): the invoice still is the account's, so it is listed from what it printed.
    if (listed.has(`${d.sourceType}:${d.sourceId}`)) continue;
    const payout = d.sourceType === 'payout';
    rows.push(
      entry(at, {
        ...common,
        unique: historyUnique(payout ? 'payout' : 'deposit', d.sourceId),
        type: payout ? BillingHistoryType.Payout : BillingHistoryType.Deposit,
        valid: payout ? PaymentStatusCode.Pending : PaymentStatusCode.Completed,
        hasDocument: true,
        timeline: payout ? [{ step: 'requested', at: at.toISOString(), detail: null }] : null,
      }),
    );
  }
  return rows.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : b.unique.localeCompare(a.unique)));
}

/**
 * Invoices are side effects of money that moved (docs/decisions/010): each handler makes its
 * document (idempotent per source) and then its PDF; a failure is retried by the worker.
 */
export function invoiceEventHandlers(ctx: Ctx): EventHandler[] {
  return [
    on('deposit.paid', 'invoice-deposit', async (event) => {
      const { invoice } = await invoiceDeposit(ctx, event);
      await invoicePdf(ctx.db, invoice);
    }),
    on('payout.requested', 'self-billing-invoice', async (event) => {
      const { invoice } = await selfBillPayout(ctx, event);
      await invoicePdf(ctx.db, invoice);
    }),
    on('payout.changed', 'credit-failed-payout', async (event) => {
      if (event.status !== 'failed') return;
      const note = await creditFailedPayout(ctx, event.payoutId);
      if (note) await invoicePdf(ctx.db, note.invoice);
    }),
  ];
}

export const failedPayoutNote = (number: string, payoutId: number, reason: string | null) =>
  `Cancels ${number}: payout ${payoutId} failed${reason ? ` (${reason})` : ''}. The amount was returned to the publisher's balance.`;

/**
 * A payout that failed is not paid, and its amount goes back to the balance and into a later
 * payout with a self-billing invoice of its own: its self-billing invoice is cancelled by a
 * credit note, so the same earnings are never invoiced twice. Waits (throws, the worker
 * retries) while the self-billing invoice it cancels is still to be made.
 */
export async function creditFailedPayout(ctx: Ctx, payoutId: number) {
  const [payout] = await ctx.db.select().from(payouts).where(eq(payouts.id, payoutId)).limit(1);
  if (payout?.status !== 'failed' || !payout.autoInvoicing) return null;
  const invoice = await findBySource(ctx.db, 'self_billing', 'payout', String(payoutId));
  if (!invoice?.number) throw new Error(`payout ${payoutId} failed before its self-billing invoice was made; retrying`);
  return issueCreditNote(ctx, invoice.id, failedPayoutNote(invoice.number, payoutId, payout.failureReason));
}
