import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { App } from '../../app';
import { billingProfiles } from '../../db/schema/billing-profile';
import { ledgerAccounts, ledgerHolds, payouts } from '../../db/schema/ledger';
import { payments } from '../../db/schema/payments';
import { drainEvents } from '../../testing/helpers';
import { type DomainEvent, emitEvent } from '../events/events';

const run = promisify(execFile);

/** What a PDF viewer shows, read back with poppler's pdftotext (Debian poppler-utils); words only. */
export async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'invoice-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run('pdftotext', ['-layout', file, '-']);
    return stdout.replace(/\s+/g, ' ');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Writes events as their modules do (in a transaction) and waits until they are handled. */
export async function emitAndDrain(app: App, ...events: DomainEvent[]) {
  await app.ctx.db.transaction(async (tx) => {
    for (const event of events) await emitEvent(tx, event);
  });
  await drainEvents(app);
}

export const micros = (euros: number) => BigInt(Math.round(euros * 100)) * 10_000n;

/** A billing profile as the identification form saves it. */
export async function givesBillingDetails(
  app: App,
  userId: number,
  details: Partial<typeof billingProfiles.$inferInsert> & { country: string },
) {
  await app.ctx.db
    .insert(billingProfiles)
    .values({ userId, isCompany: false, address: '1 Main Street', ...details })
    .onConflictDoUpdate({ target: billingProfiles.userId, set: { ...details, updatedAt: new Date() } });
}

/** A deposit payment row as the deposits module keeps it; paid ones are credited with the amount. */
export async function depositPayment(
  app: App,
  userId: number,
  opts: { method?: 'card' | 'crypto' | 'bank_transfer'; amount: number; fee?: number; vat?: number; status?: string },
) {
  const amountMicros = micros(opts.amount);
  const feeMicros = micros(opts.fee ?? 0);
  const vatMicros = micros(opts.vat ?? 0);
  const status = opts.status ?? 'paid';
  const [row] = await app.ctx.db
    .insert(payments)
    .values({
      id: `pay_${randomBytes(10).toString('hex')}`,
      userId,
      purpose: 'deposit',
      method: opts.method ?? 'card',
      provider: 'sandbox',
      amountMicros,
      feePercent: 0,
      feeMicros,
      vatPercent: 0,
      vatMicros,
      totalMicros: amountMicros + feeMicros + vatMicros,
      status,
      paidMicros: status === 'paid' ? amountMicros + feeMicros + vatMicros : null,
      creditedMicros: status === 'paid' ? amountMicros : null,
      paidAt: status === 'paid' ? new Date() : null,
    })
    .returning();
  if (!row) throw new Error('payment insert returned nothing');
  return row;
}

/** The event the deposits module writes when a payment is paid. */
export const depositPaid = (payment: typeof payments.$inferSelect): DomainEvent => ({
  type: 'deposit.paid',
  paymentId: payment.id,
  userId: payment.userId,
  amountMicros: String(payment.amountMicros),
  feeMicros: String(payment.feeMicros),
  vatMicros: String(payment.vatMicros),
  totalMicros: String(payment.totalMicros),
  method: payment.method,
  provider: payment.provider,
});

/**
 * A payout row with its hold, as the payout job leaves it (rows written directly: the
 * ledger module's payout job is tested there; here only the documents matter).
 */
export async function payoutRow(app: App, userId: number, opts: { amount: number; method?: string }) {
  const db = app.ctx.db;
  const [account] = await db
    .insert(ledgerAccounts)
    .values({ code: `platform:invoices-test-${randomBytes(6).toString('hex')}`, kind: 'invoices_test' })
    .returning();
  if (!account) throw new Error('account insert returned nothing');
  const [hold] = await db
    .insert(ledgerHolds)
    .values({
      userId,
      destinationAccountId: account.id,
      amountMicros: micros(opts.amount),
      kind: 'payout',
      description: 'Payout (test)',
      expiresAt: new Date(Date.now() + 30 * 86_400_000),
    })
    .returning();
  if (!hold) throw new Error('hold insert returned nothing');
  const [payout] = await db
    .insert(payouts)
    .values({
      userId,
      amountMicros: micros(opts.amount),
      period: `2026-11-${String(10 + Math.floor(Math.random() * 18)).padStart(2, '0')}-${hold.id}`,
      frequency: 1,
      method: opts.method ?? 'sepa',
      destination: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
      autoInvoicing: true,
      holdId: hold.id,
    })
    .returning();
  if (!payout) throw new Error('payout insert returned nothing');
  return payout;
}

export const payoutRequested = (payout: typeof payouts.$inferSelect): DomainEvent => ({
  type: 'payout.requested',
  payoutId: payout.id,
  userId: payout.userId,
  amountMicros: String(payout.amountMicros),
});
