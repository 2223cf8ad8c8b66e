import { and, eq, isNull } from 'drizzle-orm';
import { AccountType } from '@cryptads/contract/account';
import { AppCode } from '@cryptads/contract/app-codes';
import { AUTH_MESSAGES } from '@cryptads/contract/auth-messages';
import {
  BILLING_MESSAGES as M,
  type BillingDetails,
  DocumentStatus,
  type VatCheckResult,
  type VatValidateInput,
  VAT_COUNTRY_CODES,
  viesCountryCode,
  type WithdrawOptions,
  withdrawTabAvailable,
} from '@cryptads/contract/billing';
import {
  BILLING_PROFILE_MESSAGES as PM,
  type BillingCountry,
  type BillingProfileView,
  type BillingSaveResult,
  type DocumentUploadInput,
  type DocumentUploadResult,
  type VatCountry,
} from '@cryptads/contract/billing-profile';
import { paths } from '@cryptads/contract/paths';
import { checkVatFormat } from '../../adapters/vat/vat-format';
import type { AppContext } from '../../context';
import { COUNTRIES, COUNTRY_CODES } from '../../data/countries';
import type { DbOrTx } from '../../db/client';
import { billingDocuments, billingProfiles, type vatChecks } from '../../db/schema/billing-profile';
import { users } from '../../db/schema/users';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { claimTotpStep, verifyTotpOrThrow } from '../../lib/totp';
import { emitEvent } from '../events/events';
import { type EventHandler, on } from '../events/worker';
import { NotificationType, notify } from '../notifications/notify';
import type { UserRow } from '../sessions/sessions.service';
import { billingAdapters } from './adapters';
import { presentDocument, uploadDocument } from './documents';
import { documentsSubmittedEmail, kycReviewedEmail, kycReviewText, withdrawOptionsSavedEmail } from './emails';
import {
  type BillingProfileRow,
  customerName,
  isReadOnly,
  latestVatCheck,
  loadKycVerified,
  loadProfile,
  presentProfile,
  vatRatePercentOf,
  verificationInput,
} from './profile';
import { checkVat, confirmsVat, recentDecidedCheck, recordVatCheck } from './vat-checks';

/**
 * The billing profile (docs/product/billing.md#billing-profile; docs/product/limits.md#billing): identification, VAT,
 * documents, identity verification and publishers' withdraw options. Other modules read a
 * customer's profile through `billingProfileOf` and `isReverseCharge`.
 */

export { listDocuments, sendDocumentFile } from './documents';
export { applyKycWebhook, findKycSession, reviewByOperator, startKyc, type OperatorReview } from './kyc';
export { recheckDueVatChecks } from './vat-checks';

// ---------------------------------------------------------------- for other modules

export type BillingProfileRecord = BillingProfileRow & {
  /** The name invoices print: the company's, or the person's. */
  name: string;
  kycVerified: 0 | 1;
  /** VIES's consultation number of the check that confirmed the VAT code, the proof for reverse charge. */
  vatConsultationNumber: string | null;
};

/** A customer's billing profile with their identity flag; null when no details were saved. */
export async function billingProfileOf(db: DbOrTx, userId: number): Promise<BillingProfileRecord | null> {
  const row = await loadProfile(db, userId);
  if (!row) return null;
  const check = await latestVatCheck(db, row);
  return {
    ...row,
    name: customerName(row),
    kycVerified: await loadKycVerified(db, userId),
    vatConsultationNumber: check && confirmsVat(check) ? check.consultationNumber : null,
  };
}

/**
 * Reverse charge (VAT Directive art. 44, 196): a company in another member state than ours
 * (`supplierCountry`, INVOICE_ISSUER_COUNTRY) whose VAT number VIES confirmed.
 */
export async function isReverseCharge(db: DbOrTx, userId: number, supplierCountry: string): Promise<boolean> {
  const row = await loadProfile(db, userId);
  if (!row) return false;
  return (
    row.isCompany &&
    row.vatValid &&
    (VAT_COUNTRY_CODES as readonly string[]).includes(row.country) &&
    row.country !== supplierCountry.toUpperCase()
  );
}

// ---------------------------------------------------------------- GET /billing

export async function profileView(ctx: AppContext, user: Pick<UserRow, 'id' | 'type'>): Promise<BillingProfileView> {
  const row = await loadProfile(ctx.db, user.id);
  const kycVerified = await loadKycVerified(ctx.db, user.id);
  return presentProfile({
    user: { id: user.id, type: user.type, kycVerified },
    row,
    kycVerified,
    vatCheck: await latestVatCheck(ctx.db, row),
    config: ctx.config,
    kycConfigured: billingAdapters(ctx).kyc !== null,
  });
}

export const billingCountries = (): BillingCountry[] => COUNTRIES;

export const vatCountries = (): VatCountry[] =>
  COUNTRIES.filter((c) => (VAT_COUNTRY_CODES as readonly string[]).includes(c.code)).map((c) => ({
    ...c,
    prefix: viesCountryCode(c.code),
  }));

export { vatRatePercentOf };

// ---------------------------------------------------------------- POST /billing/details

/**
 * Saves the identification (docs/product/billing.md#billing-profile): refused while verified, pending or rejected
 * (docs/product/billing.md#billing-profile: the form is read-only then). A company's VAT code is checked on save: a number that is
 * not valid is refused with the product's message; VIES down keeps the code unconfirmed and the
 * re-check job asks again later.
 */
export async function saveDetails(ctx: AppContext, user: UserRow, input: BillingDetails): Promise<BillingSaveResult> {
  if (!COUNTRY_CODES.has(input.country)) throw badRequest(M.countryInvalid);
  const current = await loadProfile(ctx.db, user.id);
  if (isReadOnly(current, await loadKycVerified(ctx.db, user.id))) throw conflict(PM.detailsLocked);

  const now = new Date();
  const vatCode = input.isCompany ? input.vatCode : '';
  let check: { row: typeof vatChecks.$inferSelect } | { result: VatCheckResult } | null = null;
  if (vatCode) {
    const recent = await recentDecidedCheck(ctx, user.id, input.country, vatCode, now);
    if (recent) check = { row: recent };
    else {
      const result = await checkVat(ctx, input.country, vatCode, now);
      check = { result };
    }
    const status = 'row' in check ? check.row.status : check.result.status;
    if (status === 'invalid') throw badRequest(M.vatInvalid);
  }

  await ctx.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ docVerification: billingProfiles.docVerification })
      .from(billingProfiles)
      .where(eq(billingProfiles.userId, user.id))
      .for('update');
    // Another request may have sent it for review meanwhile.
    if (locked && locked.docVerification !== (current?.docVerification ?? DocumentStatus.NoDocument))
      throw conflict(PM.detailsLocked);
    const checkRow =
      check === null
        ? null
        : 'row' in check
          ? check.row
          : await recordVatCheck(tx, {
              userId: user.id,
              country: input.country,
              result: check.result,
              recheckLater: true,
              now,
            });
    const values = {
      isCompany: input.isCompany,
      companyName: input.isCompany ? input.name : '',
      firstName: input.isCompany ? '' : input.firstName,
      lastName: input.isCompany ? '' : input.lastName,
      address: input.address,
      country: input.country,
      registrationNumber: input.isCompany ? input.taxNumber : '',
      vatCode: checkRow ? `${checkRow.countryCode}${checkRow.vatNumber}` : '',
      vatValid: checkRow ? confirmsVat(checkRow) : false,
      vatCheckId: checkRow?.id ?? null,
      updatedAt: now,
    };
    await tx
      .insert(billingProfiles)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: billingProfiles.userId, set: values });
  });
  return { message: M.identificationSaved, profile: await profileView(ctx, user) };
}

// ---------------------------------------------------------------- POST /billing/vat/validate

/**
 * The Verify button (docs/product/billing.md#billing-profile): format first, then VIES when configured. The check is
 * kept as proof; when it is the saved profile's code, the profile follows its answer.
 */
export async function validateVat(ctx: AppContext, user: UserRow, input: VatValidateInput): Promise<VatCheckResult> {
  const country = input.countryCode.toUpperCase();
  const now = new Date();
  const result = await checkVat(ctx, country, input.code, now);
  const profile = await loadProfile(ctx.db, user.id);
  const format = checkVatFormat(country, input.code);
  const isSavedCode =
    profile?.isCompany && profile.country === country && profile.vatCode === `${format.countryCode}${format.vatNumber}`;
  await ctx.db.transaction(async (tx) => {
    // Only a save schedules re-checks: a Verify press while VIES is down leaves the saved check as it is.
    const row = await recordVatCheck(tx, { userId: user.id, country, result, recheckLater: false, now });
    if (isSavedCode && result.status !== 'not_checked')
      await tx
        .update(billingProfiles)
        .set({ vatValid: confirmsVat(row), vatCheckId: row.id, updatedAt: now })
        .where(eq(billingProfiles.userId, user.id));
  });
  return result;
}

// ---------------------------------------------------------------- POST /billing/document

/** Uploads a document and answers it with the profile, now under review (docs/product/billing.md#billing-profile message). */
export async function sendDocument(
  ctx: AppContext,
  user: UserRow,
  input: DocumentUploadInput & { name: string },
): Promise<DocumentUploadResult> {
  const row = await uploadDocument(ctx, user, input);
  return { message: M.underReview, document: presentDocument(row), profile: await profileView(ctx, user) };
}

// ---------------------------------------------------------------- withdraw options

/** Checks the 2FA code of a withdraw save: 400 code 32 without one, code 33 when wrong (docs/product/billing.md#billing-profile). */
async function checkWithdrawCode(ctx: AppContext, user: UserRow, code: string | undefined): Promise<number | null> {
  if (!user.twoFactorSecret) return null;
  if (!code) throw new AppError(400, PM.twoFactorCodeRequired, { code: AppCode.TwoFactorRequiredOnWithdraw });
  return verifyTotpOrThrow(ctx, {
    userId: user.id,
    secret: user.twoFactorSecret,
    code,
    lastStep: user.twoFactorLastStep,
    onWrongCode: async () => {
      throw new AppError(400, AUTH_MESSAGES.twoFactorInvalid, { code: AppCode.TwoFactorInvalidOnWithdraw });
    },
  });
}

/**
 * Saves where a publisher's payouts go (docs/product/billing.md#billing-profile): only once verified (docs/product/billing.md#billing-profile), with
 * the 2FA code when 2FA is on, the self-billing agreement accepted (the schema requires it).
 * SWIFT is paused and Irish accounts go through support (the schema refuses both).
 */
export async function saveWithdrawOptions(
  ctx: AppContext,
  user: UserRow,
  input: WithdrawOptions,
): Promise<BillingSaveResult> {
  const row = await loadProfile(ctx.db, user.id);
  const kycVerified = await loadKycVerified(ctx.db, user.id);
  if (user.type !== AccountType.Publisher || !row || !withdrawTabAvailable(verificationInput(row, kycVerified)))
    throw conflict(PM.withdrawUnavailable);
  const step = await checkWithdrawCode(ctx, user, input.twoFactorCode);
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    // A code is never accepted twice, even by two requests racing with it.
    if (step !== null && !(await claimTotpStep(tx, user.id, step)))
      throw new AppError(400, AUTH_MESSAGES.twoFactorInvalid, { code: AppCode.TwoFactorInvalidOnWithdraw });
    const sepa = input.method === 'sepa' ? input : null;
    const crypto = input.method === 'cryptocurrency' ? input : null;
    await tx
      .update(billingProfiles)
      .set({
        payoutMethod: input.method,
        payoutFrequency: input.frequency,
        autoInvoicing: input.autoInvoicing,
        payoutIban: sepa?.sepa_iban ?? null,
        payoutBic: sepa?.sepa_bankIdentifier ?? null,
        payoutBankName: sepa?.sepa_bankName ?? null,
        payoutBankAddress: sepa?.sepa_bankAddress ?? null,
        payoutCryptoType: crypto?.cryptoType ?? null,
        payoutCryptoAddress: crypto?.cryptoAddress ?? null,
        payoutUpdatedAt: now,
        updatedAt: now,
      })
      .where(eq(billingProfiles.userId, user.id));
    // The first acceptance of the self-billing agreement is the one invoices rely on.
    await tx
      .update(billingProfiles)
      .set({ selfBillingAgreedAt: now })
      .where(and(eq(billingProfiles.userId, user.id), isNull(billingProfiles.selfBillingAgreedAt)));
    await emitEvent(tx, { type: 'withdraw-options.saved', userId: user.id, method: input.method });
    // The last accepted TOTP step moved.
    if (step !== null) await emitEvent(tx, { type: 'user.changed', userId: user.id });
  });
  return { message: M.withdrawSaved, profile: await profileView(ctx, user) };
}

// ---------------------------------------------------------------- after commit

async function recipient(db: DbOrTx, userId: number) {
  const [user] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return user ?? null;
}

/**
 * What happens after the profile changed (docs/decisions/010): the customer is told about
 * review decisions, payout changes and VAT answers (notification and mail); the support
 * address hears of documents to review. Each handler reads what it needs again.
 */
export function billingProfileEventHandlers(ctx: Pick<AppContext, 'db' | 'config' | 'mailer'>): EventHandler[] {
  const { db, config } = ctx;
  const detailsLink = `${config.publicUrl}${paths.billing.uploadDocuments}`;
  return [
    on('kyc.reviewed', 'kyc-notify', async (e) => {
      const text = kycReviewText(e.outcome, e.reason);
      await db.transaction(async (tx) => {
        await notify(tx, e.userId, {
          type: e.outcome === 'approved' ? NotificationType.Success : NotificationType.Error,
          title: text.title,
          message: text.message,
          link: paths.billing.uploadDocuments,
        });
      });
    }),
    on('kyc.reviewed', 'kyc-mail', async (e) => {
      const user = await recipient(db, e.userId);
      if (user)
        await ctx.mailer.send(kycReviewedEmail(config, user.email, user.firstName, e.outcome, e.reason, detailsLink));
    }),
    on('kyc.submitted', 'kyc-operator-mail', async (e) => {
      const user = await recipient(db, e.userId);
      const [doc] = await db
        .select({ name: billingDocuments.name })
        .from(billingDocuments)
        .where(eq(billingDocuments.id, e.documentId))
        .limit(1);
      if (user && doc) await ctx.mailer.send(documentsSubmittedEmail(config, user.email, doc.name));
    }),
    on('withdraw-options.saved', 'withdraw-notify', async (e) => {
      await db.transaction(async (tx) => {
        await notify(tx, e.userId, {
          type: NotificationType.Success,
          title: 'Withdraw options saved',
          message: 'Your withdraw options were changed. If you did not do this, contact us at once.',
          link: paths.billing.withdrawOptions,
        });
      });
    }),
    on('withdraw-options.saved', 'withdraw-mail', async (e) => {
      const user = await recipient(db, e.userId);
      if (user)
        await ctx.mailer.send(
          withdrawOptionsSavedEmail(
            config,
            user.email,
            user.firstName,
            e.method,
            `${config.publicUrl}${paths.billing.withdrawOptions}`,
          ),
        );
    }),
    on('vat.checked', 'vat-notify', async (e) => {
      await db.transaction(async (tx) => {
        await notify(tx, e.userId, {
          type: e.status === 'valid' ? NotificationType.Success : NotificationType.Error,
          title: e.status === 'valid' ? 'VAT code confirmed' : 'VAT code not valid',
          message: e.status === 'valid' ? M.vatValid : M.vatInvalid,
          link: paths.billing.identification,
        });
      });
    }),
  ];
}
