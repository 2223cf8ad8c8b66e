import { and, desc, eq } from 'drizzle-orm';
import { AccountType } from '@cryptads/contract/account';
import {
  DocumentStatus,
  identificationReadOnly,
  type PublisherPaymentOptions,
  verificationState,
  withdrawTabAvailable,
} from '@cryptads/contract/billing';
import type { BillingProfileView, VatCheckSummary } from '@cryptads/contract/billing-profile';
import { BILLING_MESSAGES } from '@cryptads/contract/billing-messages';
import type { Config } from '../../config';
import { decideVat } from '../tax/tax.service';
import type { DbOrTx } from '../../db/client';
import { billingProfiles, vatChecks } from '../../db/schema/billing-profile';
import { users } from '../../db/schema/users';

export type BillingProfileRow = typeof billingProfiles.$inferSelect;
export type VatCheckRow = typeof vatChecks.$inferSelect;
type UserLike = { id: number; type: number; kycVerified: number };

export async function loadProfile(db: DbOrTx, userId: number, opts: { forUpdate?: boolean } = {}) {
  const query = db.select().from(billingProfiles).where(eq(billingProfiles.userId, userId)).limit(1);
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** The user's current identity flag (users.kyc_verified, also in GET /user). */
export async function loadKycVerified(db: DbOrTx, userId: number): Promise<0 | 1> {
  const [row] = await db.select({ kyc: users.kycVerified }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.kyc === 1 ? 1 : 0;
}

export const verificationInput = (row: BillingProfileRow | null, kycVerified: number) => ({
  kycVerified: kycVerified === 1 ? (1 as const) : (0 as const),
  docVerification: row?.docVerification ?? DocumentStatus.NoDocument,
  isCompany: row?.isCompany ?? false,
});

export const isReadOnly = (row: BillingProfileRow | null, kycVerified: number) =>
  identificationReadOnly(verificationInput(row, kycVerified));

/** The name invoices and the withdraw form show: the company's, or the person's. */
export const customerName = (row: BillingProfileRow) =>
  row.isCompany ? row.companyName : `${row.firstName} ${row.lastName}`.trim();

/**
 * The VAT rate this customer pays on deposits (docs/product/billing.md#billing-profile `vat`): the rate of the place of
 * supply (modules/tax), none under reverse charge (a company in another member state with a
 * VIES-confirmed number) or outside the EU; the issuer's own rate before any details are given.
 */
export function vatRatePercentOf(row: BillingProfileRow | null, config: Config): number {
  const issuer = config.invoiceIssuer.country;
  const customer = row
    ? { country: row.country, isCompany: row.isCompany, vatValid: row.isCompany && row.vatValid }
    : { country: issuer, isCompany: false, vatValid: false };
  return decideVat(issuer, customer).ratePercent;
}

export function paymentOptionsOf(row: BillingProfileRow | null): PublisherPaymentOptions | null {
  if (!row?.payoutMethod || (row.payoutFrequency !== 0 && row.payoutFrequency !== 1)) return null;
  const method = row.payoutMethod as PublisherPaymentOptions['method'];
  const details: PublisherPaymentOptions['details'] =
    method === 'cryptocurrency'
      ? { type: row.payoutCryptoType ?? undefined, address: row.payoutCryptoAddress ?? undefined }
      : {
          iban: row.payoutIban ?? undefined,
          bank_identifier: row.payoutBic ?? undefined,
          bank_name: row.payoutBankName ?? undefined,
          bank_address: row.payoutBankAddress ?? undefined,
        };
  return { method, frequency: row.payoutFrequency, autoInvoicing: row.autoInvoicing, details };
}

export async function latestVatCheck(db: DbOrTx, row: BillingProfileRow | null): Promise<VatCheckRow | null> {
  if (!row?.vatCheckId) return null;
  const [check] = await db
    .select()
    .from(vatChecks)
    .where(and(eq(vatChecks.id, row.vatCheckId), eq(vatChecks.userId, row.userId)))
    .orderBy(desc(vatChecks.id))
    .limit(1);
  return check ?? null;
}

export function vatCheckSummary(check: VatCheckRow | null): VatCheckSummary | null {
  if (!check) return null;
  const status = check.status as VatCheckSummary['status'];
  const checkedBy = check.checkedBy as VatCheckSummary['checkedBy'];
  const message =
    status === 'not_checked'
      ? BILLING_MESSAGES.vatNotChecked
      : status === 'invalid'
        ? BILLING_MESSAGES.vatInvalid
        : checkedBy === 'vies'
          ? BILLING_MESSAGES.vatValid
          : BILLING_MESSAGES.vatFormatOnly;
  return {
    status,
    checkedBy,
    consultationNumber: check.consultationNumber,
    checkedAt: check.checkedAt.toISOString(),
    message,
  };
}

/** GET /billing: the profile of docs/product/billing.md#billing-profile with what the screens derive from it. */
export function presentProfile(input: {
  user: UserLike;
  row: BillingProfileRow | null;
  kycVerified: 0 | 1;
  vatCheck: VatCheckRow | null;
  config: Config;
  kycConfigured: boolean;
}): BillingProfileView {
  const { user, row, kycVerified, config } = input;
  const verification = verificationInput(row, kycVerified);
  const state = verificationState(verification);
  return {
    isCompany: row?.isCompany ?? false,
    name: row ? customerName(row) : '',
    firstName: row?.firstName ?? '',
    lastName: row?.lastName ?? '',
    address: row?.address ?? '',
    number: row?.registrationNumber ?? '',
    vatCode: row?.vatCode ?? '',
    vatValid: row?.vatValid ?? false,
    country: row?.country ?? '',
    vat: vatRatePercentOf(row, config),
    kycVerified,
    docVerification: verification.docVerification as BillingProfileView['docVerification'],
    docReason: row?.docReason ?? null,
    blockedDeposit: row?.blockedDeposit ?? false,
    blockedDepositCoingate: row?.blockedDepositCrypto ?? false,
    blockedDepositStripe: row?.blockedDepositCard ?? false,
    publisherPaymentOptions: user.type === AccountType.Publisher ? paymentOptionsOf(row) : null,
    complete: row !== null,
    verification: state,
    vatCheck: vatCheckSummary(input.vatCheck),
    withdrawAvailable: user.type === AccountType.Publisher && row !== null && withdrawTabAvailable(verification),
    kycAvailable: input.kycConfigured && row !== null && identityCheckState(row, kycVerified) === 'open',
    selfBillingAgreed: row?.selfBillingAgreedAt != null,
  };
}

/**
 * Whether the customer may still send documents: not after a final rejection, not once the
 * documents are Valid, and for an individual not once the identity is verified (a company
 * whose director passed the identity check still sends its company documents).
 */
export function documentsReviewState(row: BillingProfileRow, kycVerified: number): 'open' | 'verified' | 'rejected' {
  if (row.docVerification === DocumentStatus.Rejected || row.docVerification === DocumentStatus.CompanyRejected)
    return 'rejected';
  if (row.docVerification === DocumentStatus.Valid) return 'verified';
  if (!row.isCompany && kycVerified === 1) return 'verified';
  return 'open';
}

/** Whether an identity verification may start: not after a final rejection, not once the identity is verified. */
export function identityCheckState(row: BillingProfileRow, kycVerified: number): 'open' | 'verified' | 'rejected' {
  if (row.docVerification === DocumentStatus.Rejected || row.docVerification === DocumentStatus.CompanyRejected)
    return 'rejected';
  if (kycVerified === 1 || (!row.isCompany && row.docVerification === DocumentStatus.Valid)) return 'verified';
  return 'open';
}
