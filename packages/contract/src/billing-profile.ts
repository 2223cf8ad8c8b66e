import { z } from 'zod';
import {
  BillingProfileSchema,
  DOCUMENT_UPLOAD,
  IDENTIFICATION_LIMITS,
  VatCheckStatus,
  type VerificationState,
} from './billing';

/**
 * The billing profile area (docs/product/billing.md#billing-profile; docs/product/limits.md#billing): the profile as
 * GET /billing answers it, documents, countries, identity verification (KYC) and the answers
 * of the saves. The identification and withdraw payloads and the VAT check answer are in
 * billing.ts.
 */

// ---------------------------------------------------------------- messages (ours; the product is silent)

export const BILLING_PROFILE_MESSAGES = {
  detailsLocked:
    'Your identification details cannot be changed while they are verified or under review. Please contact us to change them.',
  detailsFirst: 'Please save your identification details first.',
  documentsVerified: 'Your identity is already verified.',
  documentsRejected: 'Your verification was declined. Please contact us.',
  fileRequired: 'Please choose a file to upload.',
  withdrawUnavailable: 'Withdraw Options become available once your identity is verified.',
  twoFactorCodeRequired: 'Please enter the 6-digit code from your authenticator app.',
  kycUnavailable: 'Online identity verification is not available. Our team reviews the documents you upload.',
  documentsHint: 'Accepted files: PNG, GIF, JPEG, PDF, DOC and DOCX, at most 3 MB each.',
} as const;

/** The prefix the product's web app strips from a withdraw save's reason (docs/product/billing.md#billing-profile). */
export const INVALID_PARAMETER_PREFIX = 'Invalid Parameter! ';
export const withoutInvalidParameter = (reason: string) =>
  reason.startsWith(INVALID_PARAMETER_PREFIX) ? reason.slice(INVALID_PARAMETER_PREFIX.length) : reason;

// ---------------------------------------------------------------- documents (docs/product/limits.md#billing)

/**
 * Offshore jurisdictions whose companies also send a certificate of incumbency (docs/product/limits.md#billing
 * names the rule, not the list): the British and Caribbean offshore centres, the Crown
 * Dependencies and the usual registries of international business companies.
 */
export const OFFSHORE_COUNTRIES = [
  'AG',
  'AI',
  'BM',
  'BS',
  'BZ',
  'CK',
  'GG',
  'GI',
  'IM',
  'JE',
  'KN',
  'KY',
  'LC',
  'MH',
  'MU',
  'PA',
  'SC',
  'TC',
  'VC',
  'VG',
  'VU',
  'WS',
] as const;
/** docs/product/limits.md#billing: companies there send a recent utility bill or bank statement. */
export const PROOF_OF_ADDRESS_COUNTRIES = ['CH', 'GB'] as const;

export const isOffshoreCountry = (country: string) =>
  (OFFSHORE_COUNTRIES as readonly string[]).includes(country.toUpperCase());

export type DocumentRequirement = { id: string; title: string; detail: string };

/** What to upload, shown before the upload (docs/product/limits.md#billing): per kind of customer and country. */
export function documentChecklist({
  isCompany,
  country,
}: {
  isCompany: boolean;
  country: string;
}): DocumentRequirement[] {
  if (!isCompany)
    return [
      {
        id: 'identity',
        title: 'Identity document',
        detail:
          'A passport, national identity card or driving licence. Your first name, last name and country must match your identification details.',
      },
    ];
  const code = country.toUpperCase();
  const list: DocumentRequirement[] = [
    {
      id: 'incorporation',
      title: 'Certificate of incorporation',
      detail:
        "The company's registration certificate or an extract from the company register with its name and number.",
    },
    {
      id: 'director-identity',
      title: "A director's identity document",
      detail: 'A passport or national identity card of a director or legal representative of the company.',
    },
  ];
  if (isOffshoreCountry(code))
    list.push({
      id: 'incumbency',
      title: 'Certificate of incumbency',
      detail: "Not older than 1 year, naming the company's directors and shareholders.",
    });
  if ((PROOF_OF_ADDRESS_COUNTRIES as readonly string[]).includes(code))
    list.push({
      id: 'proof-of-address',
      title: 'Utility bill or bank statement',
      detail: "In the company's name and showing its address, not older than 30 days.",
    });
  return list;
}

/** The kinds of files a document may be, recognised by content (magic bytes), never by name. */
export const DOCUMENT_KINDS = ['png', 'gif', 'jpeg', 'pdf', 'doc', 'docx'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_ACCEPT = DOCUMENT_UPLOAD.mimeTypes.join(',');

// ---------------------------------------------------------------- schemas

/** POST /billing/document: the file as a data URL ('data:application/pdf;base64,...') or bare base64. */
export const DocumentUploadInputSchema = z.object({
  name: z.string().trim().max(IDENTIFICATION_LIMITS.fieldMax).default(''),
  file: z
    .string({ error: BILLING_PROFILE_MESSAGES.fileRequired })
    .min(1, { error: BILLING_PROFILE_MESSAGES.fileRequired }),
});
export type DocumentUploadInput = z.input<typeof DocumentUploadInputSchema>;

export const BillingDocumentSchema = z.object({
  id: z.string(),
  name: z.string(),
  mime: z.string(),
  bytes: z.number().int(),
  uploadedAt: z.string(),
});
export type BillingDocument = z.infer<typeof BillingDocumentSchema>;
export const BillingDocumentListSchema = z.array(BillingDocumentSchema);

export const DocumentIdParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{16,40}$/) });

const VERIFICATION_STATES = [
  'verified',
  'pending',
  'rejected',
  'companyRejected',
  'recheck',
  'unverified',
] as const satisfies readonly VerificationState[];

/** The latest check of the profile's VAT code. */
export const VatCheckSummarySchema = z.object({
  status: z.enum([VatCheckStatus.Valid, VatCheckStatus.Invalid, VatCheckStatus.NotChecked]),
  checkedBy: z.enum(['format', 'vies']),
  consultationNumber: z.string().nullable(),
  checkedAt: z.string(),
  message: z.string(),
});
export type VatCheckSummary = z.infer<typeof VatCheckSummarySchema>;

/**
 * GET /billing: the billing profile of docs/product/billing.md#billing-profile and what the screens derive from it:
 * whether the identification was saved, the verification state of docs/product/billing.md#billing-profile, the latest VAT check,
 * whether withdraw options may be saved, whether online identity verification can start.
 */
export const BillingProfileViewSchema = BillingProfileSchema.extend({
  /** The identification details were saved (the product's "complete billing details"). */
  complete: z.boolean(),
  verification: z.enum(VERIFICATION_STATES),
  vatCheck: VatCheckSummarySchema.nullable(),
  /** docs/product/billing.md#billing-profile: publishers, kycVerified and (document Valid or not a company). */
  withdrawAvailable: z.boolean(),
  /** A KYC provider is configured and the customer may start a verification now. */
  kycAvailable: z.boolean(),
  /** The publisher accepted the self-billing agreement (with their withdraw options). */
  selfBillingAgreed: z.boolean(),
});
export type BillingProfileView = z.infer<typeof BillingProfileViewSchema>;

export const BillingSaveResultSchema = z.object({ message: z.string(), profile: BillingProfileViewSchema });
export type BillingSaveResult = z.infer<typeof BillingSaveResultSchema>;

export const DocumentUploadResultSchema = z.object({
  message: z.string(),
  document: BillingDocumentSchema,
  profile: BillingProfileViewSchema,
});
export type DocumentUploadResult = z.infer<typeof DocumentUploadResultSchema>;

export const BillingCountrySchema = z.object({ code: z.string(), name: z.string() });
export type BillingCountry = z.infer<typeof BillingCountrySchema>;
export const BillingCountryListSchema = z.array(BillingCountrySchema);

/** GET /billing/vat/countries: member states whose companies may give a VAT code; `prefix` as VIES writes it. */
export const VatCountryListSchema = z.array(BillingCountrySchema.extend({ prefix: z.string() }));
export type VatCountry = z.infer<typeof VatCountryListSchema>[number];

/** POST /billing/kyc: where the browser goes to verify the customer's identity. */
export const KycStartSchema = z.object({ url: z.string() });
