/**
 * Billing centre (docs/product/billing.md#screens; docs/product/limits.md#billing, docs/product/limits.md#our-choices): enums with labels, limits, exact messages and
 * the deposit amount rules. No zod and no validator libraries here, so that the deposit and
 * history screens can show labels without downloading them; billing.ts re-exports everything
 * and adds the schemas and the IBAN / BIC / crypto address checks. The deposit's fee and VAT
 * breakdown is a money rule: money-rules.ts.
 */
import { MICROS_PER_CENT, MICROS_PER_EURO } from './money';

// ---------------------------------------------------------------- messages

export const BILLING_MESSAGES = {
  // docs/product/billing.md#deposits, #messages, exact.
  fillInField: 'Please fill in this field.',
  identificationSaved: 'Your identification details have been saved.',
  underReview: "Your application is now under review, we'll get back to you as soon as possible.",
  withdrawSaved: 'Your Withdraw Options has been saved.',
  invalidIban: "This doesn't look like an IBAN account. Please try again.",
  vatInvalid: 'The VAT code provided is not valid, please check and try again.',
  vatValid: 'The VAT code provided is valid.',
  depositMin: 'The minimum amount you can deposit is 100 EUR.',
  depositMax: 'The maximum amount you can deposit is 200000 EUR.',
  fileTooLarge: 'The file could not be uploaded. The maximum file size is 3MB.',
  invalidFileFormat: 'Invalid file format.',
  contactUs: 'Contact Us',
  // docs/product/limits.md#our-choices: the card maximum has its own message, with the right number.
  depositCardMax: 'The maximum amount you can deposit by card is 5000 EUR per day.',
  // Ours, where the product is silent.
  tooLong: (max: number) => `Please use at most ${max} characters.`,
  countryInvalid: 'Please choose a country from the list.',
  vatNotForCountry: 'A VAT code can only be given for a company in a member state of the European Union.',
  vatFormatOnly: 'The VAT code provided has a valid format. It has not been confirmed with the EU VIES service yet.',
  vatNotChecked:
    'The EU VAT service (VIES) cannot be reached right now. Your VAT code will be checked again automatically.',
  depositAmountInvalid: 'Please enter an amount in euros with at most 2 decimals.',
  depositBlocked: 'Deposits are disabled for your account. Please contact us to enable them.',
  depositMethodBlocked: 'This deposit method is disabled for your account. Please contact us to enable it.',
  methodInvalid: 'Please choose a withdrawal method.',
  frequencyInvalid: 'Please choose how often you want to be paid.',
  bicInvalid: "This doesn't look like a SWIFT/BIC code. Please try again.",
  bicAlphanumeric: 'The SWIFT/BIC code may contain letters and digits only.',
  ibanNotSepa: 'SEPA withdrawals need an IBAN of a SEPA country.',
  coinInvalid: 'Please choose a cryptocurrency.',
  cryptoAddressInvalid: (coinLabel: string) => `This doesn't look like a valid ${coinLabel} address. Please try again.`,
  selfBillingRequired: 'Please accept the self-billing agreement.',
  twoFactorCodeInvalid: 'Please enter the 6-digit code.',
  swiftPaused: 'SWIFT transfers are paused for the moment. Please choose SEPA or cryptocurrency.',
  irishAccount: 'Withdrawals to Irish bank accounts are set up by our support team. Please contact us.',
} as const;

/** The notice the Withdraw tab shows for SWIFT (docs/product/billing.md#withdraw-options: a paused notice; its text is ours). */
export const SWIFT_PAUSED_NOTICE = 'SWIFT transfers are currently paused.';
/** The notice the Withdraw tab shows for Irish accounts (docs/product/billing.md#withdraw-options; text ours). */
export const IRISH_ACCOUNT_NOTICE = 'If your bank account is in Ireland, please contact our support team to withdraw.';

// ---------------------------------------------------------------- identification

/** docs/product/billing.md#deposits; docs/product/limits.md#billing. */
export const IDENTIFICATION_LIMITS = { fieldMax: 255, vatCodeMax: 64 } as const;

/** Document status codes of docs/product/billing.md#documents. */
export const DocumentStatus = {
  NoDocument: 0,
  Valid: 1,
  Pending: 2,
  Rejected: 3,
  CompanyRejected: 4,
  Recheck: 5,
} as const;
export type DocumentStatus = (typeof DocumentStatus)[keyof typeof DocumentStatus];
export const DOCUMENT_STATUS_VALUES: readonly DocumentStatus[] = [0, 1, 2, 3, 4, 5];
export const DOCUMENT_STATUS_LABELS: Record<DocumentStatus, string> = {
  0: 'No document',
  1: 'Valid',
  2: 'Pending',
  3: 'Rejected',
  4: 'Company rejected',
  5: 'Recheck',
};

export type VerificationInput = { kycVerified: boolean | 0 | 1; docVerification: number; isCompany: boolean };
export type VerificationState = 'verified' | 'pending' | 'rejected' | 'companyRejected' | 'recheck' | 'unverified';

/**
 * docs/product/billing.md#documents: verified (kycVerified or document Valid), pending, company-rejected,
 * rejected, recheck (non-company only). A company asked to recheck may send again, so it
 * reads as unverified.
 */
export function verificationState({ kycVerified, docVerification, isCompany }: VerificationInput): VerificationState {
  if (kycVerified === true || kycVerified === 1 || docVerification === DocumentStatus.Valid) return 'verified';
  switch (docVerification) {
    case DocumentStatus.Pending:
      return 'pending';
    case DocumentStatus.Rejected:
      return 'rejected';
    case DocumentStatus.CompanyRejected:
      return 'companyRejected';
    case DocumentStatus.Recheck:
      return isCompany ? 'unverified' : 'recheck';
    default:
      return 'unverified';
  }
}

/** docs/product/billing.md#identification: read-only while verified, pending or rejected; otherwise there is a save button. */
export const identificationReadOnly = (input: VerificationInput) =>
  ['verified', 'pending', 'rejected', 'companyRejected'].includes(verificationState(input));

/** docs/product/billing.md#withdraw-options: the Withdraw tab needs kycVerified and (document Valid or not a company). */
export const withdrawTabAvailable = ({ kycVerified, docVerification, isCompany }: VerificationInput) =>
  (kycVerified === true || kycVerified === 1) && (docVerification === DocumentStatus.Valid || !isCompany);

/** Document upload (docs/product/billing.md#documents; docs/product/limits.md#billing): 3000 KB at 1024 bytes per KB. */
export const DOCUMENT_UPLOAD = {
  maxBytes: 3000 * 1024,
  extensions: ['png', 'gif', 'jpeg', 'jpg', 'pdf', 'doc', 'docx'],
  mimeTypes: [
    'image/png',
    'image/gif',
    'image/jpeg',
    'application/pdf',
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ],
} as const;

// ---------------------------------------------------------------- VAT

/**
 * EU member states (ISO 3166-1 alpha-2) whose companies may give a VAT code. VIES writes
 * Greece as EL; Northern Ireland (XI) is not an ISO country and is not offered.
 */
export const VAT_COUNTRY_CODES = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
] as const;
export type VatCountryCode = (typeof VAT_COUNTRY_CODES)[number];
export const isVatCountry = (country: string): country is VatCountryCode =>
  (VAT_COUNTRY_CODES as readonly string[]).includes(country.toUpperCase());
/** The prefix VIES and VAT numbers use for an ISO country (Greece: EL). */
export const viesCountryCode = (isoCountry: string) =>
  isoCountry.toUpperCase() === 'GR' ? 'EL' : isoCountry.toUpperCase();

/** How a VAT check ended: confirmed by VIES, format only (embedded default), refused, or VIES unreachable. */
export const VatCheckStatus = { Valid: 'valid', Invalid: 'invalid', NotChecked: 'not_checked' } as const;
export type VatCheckStatus = (typeof VatCheckStatus)[keyof typeof VatCheckStatus];

export type VatTreatment = 'standard' | 'reverse_charge' | 'outside_scope';

/**
 * Which VAT an invoice of ours carries (VAT Directive 2006/112/EC): a business customer in
 * another member state with a VAT number confirmed valid accounts for the VAT itself
 * (art. 44 and 196: 'Reverse charge', 0 %); customers outside the EU are outside the scope
 * of EU VAT for advertising services (art. 44, 59); everyone else pays the configured rate.
 */
export function vatTreatment(input: {
  supplierCountry: string;
  customerCountry: string;
  isCompany: boolean;
  vatValid: boolean;
}): VatTreatment {
  const customer = input.customerCountry.toUpperCase();
  if (!isVatCountry(customer)) return 'outside_scope';
  if (input.isCompany && input.vatValid && customer !== input.supplierCountry.toUpperCase()) return 'reverse_charge';
  return 'standard';
}

// ---------------------------------------------------------------- deposits

/** docs/product/limits.md#our-choices and docs/product/billing.md#deposits; docs/product/limits.md#billing, in euros. */
export const DEPOSIT_LIMITS = {
  minEuros: 100,
  cryptoMaxEuros: 200_000,
  cardMaxEurosPerDay: 5_000,
  latestDepositsShown: 3,
} as const;

export const DepositMethod = { Crypto: 'crypto', Card: 'card', BankTransfer: 'bank_transfer' } as const;
export type DepositMethod = (typeof DepositMethod)[keyof typeof DepositMethod];
export const DEPOSIT_METHOD_LABELS: Record<DepositMethod, string> = {
  crypto: 'Cryptocurrency',
  card: 'Card Payment',
  bank_transfer: 'Bank Transfer',
};

/** What the ledger answers a caller it refuses (docs/decisions/013). */
export const LEDGER_MESSAGES = {
  /** 402: the only refusal for a balance that would go below zero. */
  insufficientBalance: 'Your balance is not sufficient for this operation.',
  /** 409: a replayed idempotency key must carry the same operation. */
  idempotencyKeyReused: (key: string) =>
    `The idempotency key ${key} was already used for a different operation (other accounts, amount or kind). Use a new key for a new operation.`,
} as const;

/** Whole cents, as card and crypto charge them (the rounding rules live in money.ts). */
export { MICROS_PER_CENT };

/** True when `euros` is a finite amount with at most 2 decimals (as typed by a person). */
export function isWholeCents(euros: number): boolean {
  if (!Number.isFinite(euros)) return false;
  return Math.abs(Math.round(euros * 100) - euros * 100) < 1e-6;
}

/**
 * The first deposit-amount rule a single deposit breaks, or null (docs/product/billing.md#deposits, docs/product/limits.md#our-choices):
 * minimum 100 EUR on every method, crypto at most 200,000 EUR, card at most 5,000 EUR.
 * The card limit is per day: the server adds what the account already deposited by card
 * today (`cardDepositedTodayMicros`).
 */
export function depositAmountError(method: DepositMethod, euros: number, cardDepositedTodayMicros = 0n): string | null {
  if (!isWholeCents(euros) || euros <= 0) return BILLING_MESSAGES.depositAmountInvalid;
  if (euros < DEPOSIT_LIMITS.minEuros) return BILLING_MESSAGES.depositMin;
  if (method === 'crypto' && euros > DEPOSIT_LIMITS.cryptoMaxEuros) return BILLING_MESSAGES.depositMax;
  if (method === 'card') {
    const cents = BigInt(Math.round(euros * 100));
    const limit = BigInt(DEPOSIT_LIMITS.cardMaxEurosPerDay) * MICROS_PER_EURO;
    if (cents * MICROS_PER_CENT + cardDepositedTodayMicros > limit) return BILLING_MESSAGES.depositCardMax;
  }
  return null;
}

// ---------------------------------------------------------------- payment and order status

/**
 * Payment and order status codes (docs/product/billing.md#payments, docs/product/limits.md#our-choices): 0 pending, 1 completed,
 * 2 processing, 3 denied (shown as Canceled), 4 failed, 6 archived.
 */
export const PaymentStatusCode = {
  Pending: 0,
  Completed: 1,
  Processing: 2,
  Denied: 3,
  Failed: 4,
  Archived: 6,
} as const;
export type PaymentStatusCode = (typeof PaymentStatusCode)[keyof typeof PaymentStatusCode];

const PAYMENT_STATUS_LABELS: Record<number, string> = {
  0: 'Pending',
  1: 'Completed',
  2: 'Processing',
  3: 'Canceled',
  4: 'Failed',
  6: 'Archived',
};
/** A payment's label in the history table; any unknown value reads 'Contact Us'. */
export const paymentStatusLabel = (code: number): string => PAYMENT_STATUS_LABELS[code] ?? BILLING_MESSAGES.contactUs;

const ORDER_STATUS_LABELS: Record<number, string> = {
  0: 'Waiting Payment',
  1: 'Completed',
  2: 'Processing',
  3: 'Canceled',
};
/** An order's label: Pending reads 'Waiting Payment', Denied 'Canceled', Archived or any other 'Archived'. */
export const orderStatusLabel = (code: number): string => ORDER_STATUS_LABELS[code] ?? 'Archived';

// ---------------------------------------------------------------- withdrawals

export const PayoutMethod = { Sepa: 'sepa', Swift: 'swift', Cryptocurrency: 'cryptocurrency' } as const;
export type PayoutMethod = (typeof PayoutMethod)[keyof typeof PayoutMethod];
export const PAYOUT_METHODS: readonly PayoutMethod[] = ['sepa', 'swift', 'cryptocurrency'];
export const PAYOUT_METHOD_LABELS: Record<PayoutMethod, string> = {
  sepa: 'SEPA',
  swift: 'SWIFT',
  cryptocurrency: 'Cryptocurrency',
};
/** docs/product/limits.md#billing: how long each method takes once a payout is sent. */
export const PAYOUT_METHOD_DELAYS: Record<PayoutMethod, string> = {
  sepa: 'up to 48h',
  swift: 'up to 7 days',
  cryptocurrency: 'up to 72h',
};
/** SWIFT is paused (docs/product/billing.md#withdraw-options): shown, not selectable. */
export const PAUSED_PAYOUT_METHODS: readonly PayoutMethod[] = ['swift'];

/** Coins a publisher can be paid in (docs/product/limits.md#billing: Bitcoin, Ethereum, USDC ERC-20). */
export const WITHDRAW_COINS = ['btc', 'eth', 'usdc'] as const;
export type WithdrawCoin = (typeof WITHDRAW_COINS)[number];
export const WITHDRAW_COIN_LABELS: Record<WithdrawCoin, string> = {
  btc: 'Bitcoin',
  eth: 'Ethereum',
  usdc: 'USDC (ERC-20)',
};

export const PaymentFrequency = { Monthly: 0, Weekly: 1 } as const;
export type PaymentFrequency = (typeof PaymentFrequency)[keyof typeof PaymentFrequency];
export const PAYMENT_FREQUENCY_LABELS: Record<PaymentFrequency, string> = {
  0: 'Monthly (on the 1st)',
  1: 'Weekly (every Monday)',
};

/** docs/product/limits.md#billing. */
export const WITHDRAW_LIMITS = { minEuros: 50, fieldMax: 255 } as const;

// ---------------------------------------------------------------- history

export const BillingHistoryType = {
  Deposit: 'Deposit',
  Payout: 'Payout',
  Order: 'Order',
  CreditNote: 'Credit Note',
} as const;
export type BillingHistoryType = (typeof BillingHistoryType)[keyof typeof BillingHistoryType];

/** Default file name of a downloaded invoice when the answer names none (docs/product/billing.md#api). */
export const DEFAULT_INVOICE_FILE_NAME = 'Invoice.pdf';
