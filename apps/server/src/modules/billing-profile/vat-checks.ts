import { and, asc, desc, eq, gte, inArray, isNotNull, lte } from 'drizzle-orm';
import type { VatCheckResult } from '@cryptads/contract/billing';
import { checkVatFormat } from '../../adapters/vat/vat-format';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { billingProfiles, vatChecks } from '../../db/schema/billing-profile';
import { emitEvent } from '../events/events';
import { billingAdapters } from './adapters';
import type { VatCheckRow } from './profile';

/**
 * VAT number checks and their proof (vat_checks). VIES down is 'not_checked', never
 * 'invalid' (docs/decisions/011): the check of a saved profile's code then gets a
 * `next_check_at`, and the re-check job (jobs/vat-recheck.ts) asks VIES again, with a growing
 * wait, until it answers; the answer and its consultation number land in the same row.
 */

const FIRST_RECHECK_MS = 15 * 60_000;
const MAX_RECHECK_MS = 24 * 60 * 60_000;

/** 15 minutes after the first failed check, doubling, at most a day. */
export const nextRecheckAt = (attempts: number, now: Date) =>
  new Date(now.getTime() + Math.min(FIRST_RECHECK_MS * 2 ** Math.max(0, attempts - 1), MAX_RECHECK_MS));

/** Reverse charge follows only from a number VIES confirmed (docs/decisions/011). */
export const confirmsVat = (check: Pick<VatCheckRow, 'status' | 'checkedBy'>) =>
  check.status === 'valid' && check.checkedBy === 'vies';

export async function recordVatCheck(
  db: DbOrTx,
  input: { userId: number; country: string; result: VatCheckResult; recheckLater: boolean; now: Date },
): Promise<VatCheckRow> {
  const { result } = input;
  const [row] = await db
    .insert(vatChecks)
    .values({
      userId: input.userId,
      country: input.country,
      countryCode: result.countryCode,
      vatNumber: result.vatNumber,
      status: result.status,
      checkedBy: result.checkedBy,
      consultationNumber: result.consultationNumber,
      traderName: result.name,
      traderAddress: result.address,
      reason: result.reason,
      checkedAt: new Date(result.checkedAt),
      nextCheckAt: result.status === 'not_checked' && input.recheckLater ? nextRecheckAt(1, input.now) : null,
    })
    .returning();
  if (!row) throw new Error('vat check insert returned nothing');
  return row;
}

/** Asks the configured checker (format, or VIES after the format). */
export const checkVat = (ctx: AppContext, country: string, code: string, now = new Date()) =>
  billingAdapters(ctx).vat.check(country, code, now);

/**
 * A decided check of the same number by the same checker in the last hour, so that saving
 * right after pressing Verify does not ask VIES twice.
 */
export async function recentDecidedCheck(ctx: AppContext, userId: number, country: string, code: string, now: Date) {
  const format = checkVatFormat(country, code);
  const [row] = await ctx.db
    .select()
    .from(vatChecks)
    .where(
      and(
        eq(vatChecks.userId, userId),
        eq(vatChecks.countryCode, format.countryCode),
        eq(vatChecks.vatNumber, format.vatNumber),
        eq(vatChecks.checkedBy, billingAdapters(ctx).vat.provider === 'vies' ? 'vies' : 'format'),
        inArray(vatChecks.status, ['valid', 'invalid']),
        gte(vatChecks.createdAt, new Date(now.getTime() - 60 * 60_000)),
      ),
    )
    .orderBy(desc(vatChecks.id))
    .limit(1);
  return row ?? null;
}

export type RecheckSummary = { checked: number; confirmed: number; invalid: number; stillDown: number };

/**
 * The re-check job's work: every saved profile's check that VIES could not answer and whose
 * time has come is asked again; an answer updates the check and the profile's `vatValid`
 * and tells the customer (event `vat.checked`); another failure waits longer.
 */
export async function recheckDueVatChecks(ctx: AppContext, now = new Date(), limit = 25): Promise<RecheckSummary> {
  const summary: RecheckSummary = { checked: 0, confirmed: 0, invalid: 0, stillDown: 0 };
  const due = await ctx.db
    .select()
    .from(vatChecks)
    .where(and(eq(vatChecks.status, 'not_checked'), isNotNull(vatChecks.nextCheckAt), lte(vatChecks.nextCheckAt, now)))
    .orderBy(asc(vatChecks.nextCheckAt))
    .limit(limit);
  for (const check of due) {
    const [profile] = await ctx.db
      .select({ vatCheckId: billingProfiles.vatCheckId })
      .from(billingProfiles)
      .where(eq(billingProfiles.userId, check.userId))
      .limit(1);
    // The customer changed or removed the code since: nothing left to confirm.
    if (profile?.vatCheckId !== check.id) {
      await ctx.db.update(vatChecks).set({ nextCheckAt: null }).where(eq(vatChecks.id, check.id));
      continue;
    }
    const result = await checkVat(ctx, check.country, `${check.countryCode}${check.vatNumber}`, now);
    summary.checked++;
    await ctx.db.transaction(async (tx) => {
      const attempts = check.attempts + 1;
      if (result.status === 'not_checked') {
        summary.stillDown++;
        await tx
          .update(vatChecks)
          .set({ attempts, reason: result.reason, nextCheckAt: nextRecheckAt(attempts, now) })
          .where(eq(vatChecks.id, check.id));
        return;
      }
      const [updated] = await tx
        .update(vatChecks)
        .set({
          attempts,
          status: result.status,
          checkedBy: result.checkedBy,
          consultationNumber: result.consultationNumber,
          traderName: result.name,
          traderAddress: result.address,
          reason: result.reason,
          checkedAt: new Date(result.checkedAt),
          nextCheckAt: null,
        })
        .where(and(eq(vatChecks.id, check.id), eq(vatChecks.status, 'not_checked')))
        .returning();
      if (!updated) return;
      const valid = confirmsVat(updated);
      if (valid) summary.confirmed++;
      else if (updated.status === 'invalid') summary.invalid++;
      await tx
        .update(billingProfiles)
        .set({ vatValid: valid, updatedAt: now })
        .where(and(eq(billingProfiles.userId, check.userId), eq(billingProfiles.vatCheckId, check.id)));
      if (updated.status === 'valid' || updated.status === 'invalid')
        await emitEvent(tx, { type: 'vat.checked', userId: check.userId, status: updated.status });
    });
  }
  return summary;
}
