import { and, count, eq } from 'drizzle-orm';
import { DocumentStatus } from '@cryptads/contract/billing-messages';
import { vatOnNet } from '@cryptads/contract/money';
import { eurosToMicros, microsToEuros } from '@cryptads/contract/money';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { billingProfiles } from '../db/schema/billing-profile';
import { ledgerTransfers } from '../db/schema/ledger';
import { payments } from '../db/schema/payments';
import { users } from '../db/schema/users';
import { emitEvent } from '../modules/events/events';
import { depositCustomer, depositVatPercent } from '../modules/payments/customer';
import { confirmBankTransfer, currentBankReference, startDeposit } from '../modules/payments/deposits.service';
import { applyProviderEvent } from '../modules/payments/payments.service';
import { paymentsOf } from '../modules/payments/providers';

/**
 * The demo advertiser's paid deposits, made through the payments service like real ones (a
 * sandbox card payment whose paid event is applied as the webhook applies it, and a bank
 * transfer confirmed as the operator confirms it), so that `deposit.paid` gives each its
 * invoice. A card deposit becomes a bank transfer when the card provider is not the sandbox.
 */
export const DEMO_DEPOSITS = [
  { method: 'bank_transfer', euros: 1000 },
  { method: 'card', euros: 500 },
] as const;

/** What the demo deposits credit: the opening credit of the demo advertiser leaves room for it. */
export const DEMO_DEPOSITS_EUROS = DEMO_DEPOSITS.reduce((sum, d) => sum + d.euros, 0);

/** The opening credit's key; a world without it was seeded before the deposits existed and gets none. */
export const demoOpeningKey = (email: string) => `demo-opening-balance:${email}`;

/** The demo advertiser's company, verified (identity and documents Valid). */
const DEMO_COMPANY = {
  isCompany: true,
  companyName: 'Ada Media Ltd',
  address: '12 Harcourt Street, Dublin 2, D02 XY45',
  country: 'IE',
  registrationNumber: '654321',
  docVerification: DocumentStatus.Valid,
} as const;

/**
 * Gives the demo advertiser its verified company billing profile and its paid deposits.
 * Does nothing for the deposits once the advertiser has any (seeding twice changes nothing).
 */
export async function seedDemoBilling(ctx: AppContext, advertiserEmail: string): Promise<number> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, advertiserEmail)).limit(1);
  if (!user) return 0;
  await ctx.db
    .insert(billingProfiles)
    .values({ userId: user.id, ...DEMO_COMPANY })
    .onConflictDoNothing();
  if (user.kycVerified !== 1) {
    await ctx.db.transaction(async (tx) => {
      await tx.update(users).set({ kycVerified: 1 }).where(eq(users.id, user.id));
      await emitEvent(tx, { type: 'user.changed', userId: user.id });
    });
  }

  const [paid] = await ctx.db
    .select({ n: count() })
    .from(payments)
    .where(and(eq(payments.userId, user.id), eq(payments.purpose, 'deposit')));
  if ((paid?.n ?? 0) > 0) return 0;
  const [opening] = await ctx.db
    .select({ id: ledgerTransfers.id })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.idempotencyKey, demoOpeningKey(advertiserEmail)))
    .limit(1);
  if (!opening) return 0;

  const cardBySandbox = paymentsOf(ctx).forMethod('card').name === 'sandbox';
  let made = 0;
  for (const demo of DEMO_DEPOSITS) {
    if (demo.method === 'card' && cardBySandbox) {
      const { paymentId } = await startDeposit(ctx, user, 'card', demo.euros);
      const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
      if (!payment?.providerRef) throw new Error(`demo card deposit ${paymentId} was not opened`);
      const result = await applyProviderEvent(
        ctx.db as Db,
        {
          provider: 'sandbox',
          providerEventId: `demo:${paymentId}:paid`,
          providerRef: payment.providerRef,
          paymentId,
          status: 'paid',
          paidMicros: payment.totalMicros,
          providerStatus: 'payment.paid',
        },
        ctx.paidPurposes,
      );
      if (!result.fulfilled) throw new Error(`demo card deposit ${paymentId}: ${result.outcome}`);
    } else {
      // The transfer carries the VAT on top, as the deposit screen asks for.
      const amount = eurosToMicros(demo.euros);
      const vatPercent = depositVatPercent(await depositCustomer(ctx.db, ctx.config, user.id));
      const received = amount + vatOnNet(amount, vatPercent);
      const reference = await currentBankReference(ctx.db, user.id);
      const confirmed = await confirmBankTransfer(ctx, reference, microsToEuros(received));
      if (confirmed.kind !== 'credited' || confirmed.payment.creditedMicros !== amount)
        throw new Error(`demo bank transfer ${reference} did not credit ${demo.euros} EUR`);
    }
    made++;
  }
  ctx.events?.wake();
  return made;
}
