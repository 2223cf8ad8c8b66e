import { and, count, eq, isNull } from 'drizzle-orm';
import { PaymentFrequency } from '@cryptads/contract/billing-messages';
import { isoDay } from '@cryptads/contract/dates';
import type { AppContext } from '../../context';
import { billingProfiles } from '../../db/schema/billing-profile';
import { payouts } from '../../db/schema/ledger';
import { users } from '../../db/schema/users';
import { emitEvent, emitEvents } from '../events/events';
import { eurosToMicros } from '@cryptads/contract/money';
import {
  available,
  clearing,
  hold,
  holdDeadline,
  operatorCredit,
  platform,
  postHold,
  transfer,
} from '../ledger/ledger.service';
import { payoutHoldKey, payoutReturnedKey, payoutSettledKey } from './payouts.service';

const DAY_MS = 86_400_000;
const DEMO_IBAN = 'DE89370400440532013000';

/**
 * The demo publisher's past payouts, on the 1st of the last three months: one completed, one
 * the bank returned (failed, the money came back), then both paid together. The simulated
 * traffic earns less than the 50 EUR minimum a month, so these are paid from earnings the
 * publisher had before it (an operator credit), through the ledger like any payout.
 */
const DEMO_PAYOUTS = [
  { monthsAgo: 2, euros: 180.4, outcome: 'completed' },
  { monthsAgo: 1, euros: 239.6, outcome: 'failed' },
  { monthsAgo: 0, euros: 239.6, outcome: 'completed' },
] as const;
const RETURNED = 'Returned by the bank: the account holder’s name did not match';

/**
 * The demo publisher is verified, has SEPA withdraw options (Monthly, self-billing invoices)
 * and the payouts above. Does nothing when the publisher already has payouts. The ledger has
 * each step on its day (held when requested, sent, completed or returned), never after `now`,
 * and the earlier earnings at `earningsBefore` (the traffic history's start) or the first
 * payout's day, whichever is first.
 */
export async function seedDemoPayouts(
  ctx: Pick<AppContext, 'db' | 'bus' | 'sessionCache' | 'config'>,
  publisherEmail: string,
  now = new Date(),
  opts: { earningsBefore?: Date } = {},
) {
  const [publisher] = await ctx.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.email, publisherEmail))
    .limit(1);
  if (!publisher) return 0;
  const [done] = await ctx.db.select({ n: count() }).from(payouts).where(eq(payouts.userId, publisher.id));
  if ((done?.n ?? 0) > 0) return 0;

  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ kycVerified: 1 }).where(eq(users.id, publisher.id));
    await emitEvent(tx, { type: 'user.changed', userId: publisher.id });
  });
  await ctx.db
    .insert(billingProfiles)
    .values({
      userId: publisher.id,
      isCompany: false,
      firstName: publisher.firstName,
      lastName: publisher.lastName,
      address: 'Friedrichstraße 68, 10117 Berlin',
      country: 'DE',
    })
    .onConflictDoNothing();
  // Withdraw options, unless the publisher saved some already.
  await ctx.db
    .update(billingProfiles)
    .set({
      payoutMethod: 'sepa',
      payoutFrequency: PaymentFrequency.Monthly,
      autoInvoicing: true,
      selfBillingAgreedAt: now,
      payoutIban: DEMO_IBAN,
      payoutBic: 'COBADEFFXXX',
      payoutBankName: 'Commerzbank',
      payoutBankAddress: 'Kaiserplatz, 60311 Frankfurt am Main',
      payoutUpdatedAt: now,
    })
    .where(and(eq(billingProfiles.userId, publisher.id), isNull(billingProfiles.payoutMethod)));

  const paydayOf = (monthsAgo: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, 1));
  const firstPayday = paydayOf(Math.max(...DEMO_PAYOUTS.map((p) => p.monthsAgo)));
  await ctx.db.transaction((tx) =>
    operatorCredit(tx, {
      userId: publisher.id,
      amountMicros: eurosToMicros(180.4 + 239.6),
      description: 'Earnings before the traffic history (demo)',
      idempotencyKey: `demo-payout-earnings:${publisher.id}`,
      at: new Date(Math.min(firstPayday.getTime(), opts.earningsBefore?.getTime() ?? Number.POSITIVE_INFINITY)),
    }),
  );
  // A step of this month's payout that would come after now (early in the month) happened now.
  const notAfterNow = (ms: number) => new Date(Math.min(ms, now.getTime()));
  let made = 0;
  for (const demo of DEMO_PAYOUTS) {
    const payday = paydayOf(demo.monthsAgo);
    const period = isoDay(payday);
    const amount = eurosToMicros(demo.euros);
    const requested = payday.getTime() + 6 * 3_600_000;
    const requestedAt = notAfterNow(requested);
    const sentAt = notAfterNow(requested + DAY_MS);
    const endedAt = notAfterNow(requested + (demo.outcome === 'failed' ? 5 : 2) * DAY_MS);
    const reference = `SEPA-DEMO-${period.replaceAll('-', '')}`;
    await ctx.db.transaction(async (tx) => {
      const { hold: h } = await hold(tx, {
        userId: publisher.id,
        to: platform('payouts_in_transit'),
        amountMicros: amount,
        kind: 'payout',
        description: `Payout of ${period}`,
        reference: payoutHoldKey(publisher.id, period),
        idempotencyKey: payoutHoldKey(publisher.id, period),
        expiresAt: holdDeadline(requestedAt, ctx.config.holds.expiryDays),
        at: requestedAt,
      });
      const [payout] = await tx
        .insert(payouts)
        .values({
          userId: publisher.id,
          amountMicros: amount,
          status: demo.outcome,
          period,
          frequency: PaymentFrequency.Monthly,
          method: 'sepa',
          destination: { iban: DEMO_IBAN, bic: 'COBADEFFXXX', bankName: 'Commerzbank' },
          autoInvoicing: true,
          holdId: h.id,
          reference,
          requestedAt,
          sentAt,
          ...(demo.outcome === 'failed' ? { failedAt: endedAt, failureReason: RETURNED } : { completedAt: endedAt }),
        })
        .returning();
      if (!payout) throw new Error('demo payout insert returned nothing');
      await postHold(tx, h.id, { at: sentAt });
      await transfer(tx, {
        from: platform('payouts_in_transit'),
        to: demo.outcome === 'failed' ? available(publisher.id) : clearing('bank'),
        amountMicros: amount,
        kind: demo.outcome === 'failed' ? 'payout_returned' : 'payout_settled',
        description:
          demo.outcome === 'failed' ? `Payout ${payout.id} returned: ${RETURNED}` : `Payout ${payout.id} completed`,
        reference,
        idempotencyKey: demo.outcome === 'failed' ? payoutReturnedKey(payout.id) : payoutSettledKey(payout.id),
        at: endedAt,
      });
      // The self-billing invoice of a paid one (invoices module); the returned one would need its
      // credit note. The publisher is not notified of the past.
      if (demo.outcome === 'completed')
        await emitEvents(tx, [
          { type: 'payout.requested', payoutId: payout.id, userId: publisher.id, amountMicros: amount.toString() },
        ]);
    });
    made++;
  }
  return made;
}
