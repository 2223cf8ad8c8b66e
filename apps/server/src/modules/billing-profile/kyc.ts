import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { DocumentStatus } from '@cryptads/contract/billing';
import { BILLING_PROFILE_MESSAGES as PM } from '@cryptads/contract/billing-profile';
import { paths } from '@cryptads/contract/paths';
import { type KycOutcome, type KycWebhookRequest, KycWebhookVerificationError } from '../../adapters/kyc/port';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { billingProfiles, kycEvents, kycSessions } from '../../db/schema/billing-profile';
import { users } from '../../db/schema/users';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { emitEvent } from '../events/events';
import type { UserRow } from '../sessions/sessions.service';
import { billingAdapters } from './adapters';
import { identityCheckState, loadKycVerified, loadProfile } from './profile';

/**
 * Identity verification (docs/product/billing.md#documents; research: KYC). A start opens a session at the
 * provider and sends the browser there; the provider's decisions come back signed (webhook,
 * or the sandbox page) and are stored under their id before they change anything. Operators
 * decide too (`npm run operator -- kyc ...`). Either way the customer is told by notification
 * and mail after commit (event kyc.reviewed).
 */

export type KycSessionRow = typeof kycSessions.$inferSelect;
export type ReviewSource = 'provider' | 'operator';

/** Where the browser comes back to after the provider's flow. */
export const kycReturnPath = `${paths.billing.uploadDocuments}?kyc=done`;

/** POST /billing/kyc: a new session at the provider; answers the page to send the browser to. */
export async function startKyc(ctx: AppContext, user: UserRow): Promise<{ url: string }> {
  const provider = billingAdapters(ctx).kyc;
  if (!provider) throw conflict(PM.kycUnavailable);
  const row = await loadProfile(ctx.db, user.id);
  if (!row) throw conflict(PM.detailsFirst);
  const state = identityCheckState(row, await loadKycVerified(ctx.db, user.id));
  if (state === 'verified') throw conflict(PM.documentsVerified);
  if (state === 'rejected') throw conflict(PM.documentsRejected);
  const sessionId = randomBytes(18).toString('base64url');
  const started = await provider.start({
    sessionId,
    applicant: {
      userId: user.id,
      email: user.email,
      isCompany: row.isCompany,
      firstName: row.firstName,
      lastName: row.lastName,
      companyName: row.companyName,
      country: row.country,
    },
    returnUrl: `${ctx.config.publicUrl}${kycReturnPath}`,
  });
  await ctx.db
    .insert(kycSessions)
    .values({ id: sessionId, userId: user.id, provider: provider.name, providerRef: started.providerRef });
  return { url: started.redirectUrl };
}

export async function findKycSession(db: DbOrTx, id: string) {
  const [row] = await db.select().from(kycSessions).where(eq(kycSessions.id, id)).limit(1);
  return row ?? null;
}

/**
 * Applies a decision to the customer's profile (docs/product/billing.md#documents):
 * - approved: identity verified (kycVerified 1); an individual's documents Valid; a
 *   company's documents Valid only when an operator says so (the provider checks the person);
 * - retry: Recheck 5 with the reason, the customer may send again;
 * - rejected: Rejected 3 (CompanyRejected 4 for a company) with the reason, final;
 * - pending: under review (Pending 2), unless already decided.
 * Returns false when the customer has no billing details.
 */
export async function applyKycOutcome(
  tx: Tx,
  input: { userId: number; outcome: KycOutcome; reason: string | null; source: ReviewSource },
): Promise<boolean> {
  const row = await loadProfile(tx, input.userId, { forUpdate: true });
  if (!row) return false;
  const now = new Date();
  const reason = input.reason?.trim() || null;
  const setKyc = (value: 0 | 1) =>
    tx.update(users).set({ kycVerified: value, updatedAt: now }).where(eq(users.id, input.userId));
  let docVerification: number = row.docVerification;
  let docReason: string | null = row.docReason;
  switch (input.outcome) {
    case 'approved':
      await setKyc(1);
      if (input.source === 'operator' || !row.isCompany) docVerification = DocumentStatus.Valid;
      docReason = null;
      break;
    case 'retry':
      await setKyc(0);
      docVerification = DocumentStatus.Recheck;
      docReason = reason;
      break;
    case 'rejected':
      await setKyc(0);
      docVerification = row.isCompany ? DocumentStatus.CompanyRejected : DocumentStatus.Rejected;
      docReason = reason;
      break;
    case 'pending':
      if (row.docVerification === DocumentStatus.NoDocument || row.docVerification === DocumentStatus.Recheck) {
        docVerification = DocumentStatus.Pending;
        docReason = null;
      }
      break;
  }
  await tx
    .update(billingProfiles)
    .set({ docVerification, docReason, updatedAt: now })
    .where(eq(billingProfiles.userId, input.userId));
  if (input.outcome !== 'pending')
    await emitEvent(tx, { type: 'kyc.reviewed', userId: input.userId, outcome: input.outcome, reason });
  return true;
}

const FINAL_SESSION_STATUSES = new Set(['approved', 'rejected']);

/**
 * A provider's notification (webhook route, sandbox page): verified, then each decision
 * stored under (provider, event id) in the transaction that applies it, so a repeat changes
 * nothing. A session already approved or rejected takes no later decision, and only the
 * customer's latest session moves their profile.
 */
export async function applyKycWebhook(ctx: AppContext, request: KycWebhookRequest): Promise<{ applied: number }> {
  const provider = billingAdapters(ctx).kyc;
  if (!provider) throw notFound();
  let decisions: ReturnType<typeof provider.parseWebhook>;
  try {
    decisions = provider.parseWebhook(request);
  } catch (error) {
    if (error instanceof KycWebhookVerificationError) throw badRequest('The notification could not be verified.');
    throw error;
  }
  let applied = 0;
  for (const decision of decisions) {
    await ctx.db.transaction(async (tx) => {
      const [event] = await tx
        .insert(kycEvents)
        .values({
          provider: provider.name,
          providerEventId: decision.providerEventId,
          outcome: decision.outcome,
          payload: decision,
        })
        .onConflictDoNothing()
        .returning({ id: kycEvents.id });
      if (!event) return;
      const [session] = await tx
        .select()
        .from(kycSessions)
        .where(and(eq(kycSessions.provider, provider.name), eq(kycSessions.providerRef, decision.providerRef)))
        .for('update');
      if (!session) return;
      await tx.update(kycEvents).set({ sessionId: session.id }).where(eq(kycEvents.id, event.id));
      if (FINAL_SESSION_STATUSES.has(session.status)) return;
      await tx
        .update(kycSessions)
        .set({ status: decision.outcome, reason: decision.reason, updatedAt: new Date() })
        .where(eq(kycSessions.id, session.id));
      const [latest] = await tx
        .select({ id: kycSessions.id })
        .from(kycSessions)
        .where(eq(kycSessions.userId, session.userId))
        .orderBy(desc(kycSessions.createdAt), desc(kycSessions.id))
        .limit(1);
      if (latest?.id !== session.id) return;
      if (
        await applyKycOutcome(tx, {
          userId: session.userId,
          outcome: decision.outcome,
          reason: decision.reason,
          source: 'provider',
        })
      ) {
        applied++;
        await emitEvent(tx, { type: 'user.changed', userId: session.userId });
      }
    });
  }
  return { applied };
}

export type OperatorReview = 'approve' | 'reject' | 'recheck';
const OPERATOR_OUTCOMES: Record<OperatorReview, KycOutcome> = {
  approve: 'approved',
  reject: 'rejected',
  recheck: 'retry',
};

/** An operator's decision on a customer's identity and documents (`npm run operator -- kyc ...`). */
export async function reviewByOperator(
  ctx: AppContext,
  input: { email: string; action: OperatorReview; reason: string | null },
) {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, input.email.trim().toLowerCase())).limit(1);
  if (!user) throw new Error(`No account with email ${input.email}.`);
  const done = await ctx.db.transaction(async (tx) => {
    const applied = await applyKycOutcome(tx, {
      userId: user.id,
      outcome: OPERATOR_OUTCOMES[input.action],
      reason: input.reason,
      source: 'operator',
    });
    if (applied) await emitEvent(tx, { type: 'user.changed', userId: user.id });
    return applied;
  });
  if (!done) throw new Error(`${user.email} has not saved billing details yet.`);
  const row = await loadProfile(ctx.db, user.id);
  return { user, docVerification: row?.docVerification ?? DocumentStatus.NoDocument };
}
