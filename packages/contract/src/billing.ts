import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { Network, validate as validateBitcoinAddress } from 'bitcoin-address-validation';
import { electronicFormatIBAN, isSEPACountry, isValidBIC, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { money } from './money-schema';
import {
  BILLING_MESSAGES as M,
  DOCUMENT_STATUS_VALUES,
  type DocumentStatus,
  depositAmountError,
  IDENTIFICATION_LIMITS,
  isVatCountry,
  isWholeCents,
  PAYOUT_METHODS,
  PAUSED_PAYOUT_METHODS,
  type PayoutMethod,
  VatCheckStatus,
  WITHDRAW_COIN_LABELS,
  WITHDRAW_COINS,
  WITHDRAW_LIMITS,
  type WithdrawCoin,
} from './billing-messages';
import { sixDigitCodeSchema } from './validation';

export * from './billing-messages';

/**
 * Billing schemas (docs/product/billing.md#deposits, #api): identification, VAT check answers, deposits,
 * withdraw options and history rows. Amounts are euros in the API (micro-euros on the
 * server). The web forms validate with the same schemas the server parses with.
 */

// ---------------------------------------------------------------- bank and crypto checks

/** IBAN without spaces, upper case ('DE89 3704 0044 0532 0130 00' -> 'DE89370400440532013000'). */
export const normaliseIban = (value: string) => electronicFormatIBAN(value.trim()) ?? '';

export const isValidIban = (value: string) => isValidIBAN(normaliseIban(value));

/** The two-letter country an IBAN belongs to. */
export const ibanCountry = (value: string) => normaliseIban(value).slice(0, 2);

/** SWIFT/BIC: 8 or 11 letters and digits with a known country (ISO 9362), any case. */
export const isValidBic = (value: string) => isValidBIC(value.trim().toUpperCase());

/**
 * An Ethereum address (also USDC, an ERC-20 token on Ethereum): 0x and 40 hex digits.
 * Mixed case carries the EIP-55 checksum, which must then match; all-lower or all-upper
 * addresses carry none.
 */
export function isValidEthereumAddress(value: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) return false;
  const hex = value.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  const hash = bytesToHex(keccak_256(utf8ToBytes(hex.toLowerCase())));
  for (let i = 0; i < 40; i++) {
    const c = hex.charAt(i);
    if (/[0-9]/.test(c)) continue;
    const upper = Number.parseInt(hash.charAt(i), 16) >= 8;
    if (upper !== (c === c.toUpperCase())) return false;
  }
  return true;
}

/** A mainnet address for the coin: Bitcoin (P2PKH, P2SH, bech32, taproot) or Ethereum/ERC-20. */
export function isValidCryptoAddress(coin: WithdrawCoin, address: string): boolean {
  const value = address.trim();
  if (coin === 'btc') return validateBitcoinAddress(value, Network.mainnet);
  return isValidEthereumAddress(value);
}

// ---------------------------------------------------------------- identification

const requiredText = (max: number) =>
  z.string({ error: M.fillInField }).trim().min(1, { error: M.fillInField, abort: true }).max(max, M.tooLong(max));

/** ISO 3166-1 alpha-2, upper-cased; the server also checks it is a country it knows. */
export const CountryCodeSchema = z
  .string({ error: M.fillInField })
  .trim()
  .min(1, { error: M.fillInField, abort: true })
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, M.countryInvalid);

/** A VAT code as typed: spaces, dots and dashes dropped, upper case; may be empty. */
export const VatCodeSchema = z
  .string()
  .trim()
  .max(IDENTIFICATION_LIMITS.vatCodeMax, M.tooLong(IDENTIFICATION_LIMITS.vatCodeMax))
  .transform((v) => v.replace(/[\s.\-/]/g, '').toUpperCase());

const identificationBase = {
  country: CountryCodeSchema,
  address: requiredText(IDENTIFICATION_LIMITS.fieldMax),
};

export const CompanyDetailsInputSchema = z.object({
  isCompany: z.literal(true),
  ...identificationBase,
  name: requiredText(IDENTIFICATION_LIMITS.fieldMax),
  /** Registration number (the profile's `number`). */
  taxNumber: requiredText(IDENTIFICATION_LIMITS.fieldMax),
  vatCode: VatCodeSchema.default(''),
});

export const IndividualDetailsInputSchema = z.object({
  isCompany: z.literal(false),
  ...identificationBase,
  firstName: requiredText(IDENTIFICATION_LIMITS.fieldMax),
  lastName: requiredText(IDENTIFICATION_LIMITS.fieldMax),
});

/**
 * POST /billing/details (docs/product/billing.md#identification): every field required
 * ('Please fill in this field.'), at most 255 characters; a company's VAT code at most 64
 * and only for a company in an EU member state.
 */
export const BillingDetailsInputSchema = z
  .discriminatedUnion('isCompany', [CompanyDetailsInputSchema, IndividualDetailsInputSchema], {
    error: M.fillInField,
  })
  .superRefine((v, ctx) => {
    if (v.isCompany && v.vatCode !== '' && !isVatCountry(v.country))
      ctx.addIssue({ code: 'custom', path: ['vatCode'], message: M.vatNotForCountry });
  });
export type BillingDetailsInput = z.input<typeof BillingDetailsInputSchema>;
export type BillingDetails = z.output<typeof BillingDetailsInputSchema>;

export const DocumentStatusSchema = z.union(
  DOCUMENT_STATUS_VALUES.map((v) => z.literal(v)) as [z.ZodLiteral<DocumentStatus>, ...z.ZodLiteral<DocumentStatus>[]],
);

// ---------------------------------------------------------------- VAT

/** POST /billing/vat/validate (docs/product/billing.md#api). */
export const VatValidateInputSchema = z.object({
  code: z
    .string({ error: M.fillInField })
    .trim()
    .min(1, { error: M.fillInField, abort: true })
    .max(IDENTIFICATION_LIMITS.vatCodeMax, M.tooLong(IDENTIFICATION_LIMITS.vatCodeMax)),
  countryCode: CountryCodeSchema.refine(isVatCountry, { error: M.vatNotForCountry }),
});
export type VatValidateInput = z.input<typeof VatValidateInputSchema>;

/**
 * The answer of a VAT check. `checkedBy` says who decided: 'vies' (the EU service), or
 * 'format' (the number's pattern and check digits only: the embedded default, or VIES
 * unreachable). `not_checked` is never 'invalid': a job asks VIES again later.
 * `consultationNumber` is VIES's proof of the check (requestIdentifier).
 */
export const VatCheckResultSchema = z.object({
  status: z.enum([VatCheckStatus.Valid, VatCheckStatus.Invalid, VatCheckStatus.NotChecked]),
  checkedBy: z.enum(['format', 'vies']),
  /** Country prefix as VIES writes it (Greece: EL) and the number without it. */
  countryCode: z.string(),
  vatNumber: z.string(),
  name: z.string().nullable(),
  address: z.string().nullable(),
  consultationNumber: z.string().nullable(),
  checkedAt: z.string(),
  /** Why VIES did not answer (MS_UNAVAILABLE, TIMEOUT, ...); null otherwise. */
  reason: z.string().nullable(),
  message: z.string(),
});
export type VatCheckResult = z.infer<typeof VatCheckResultSchema>;

// ---------------------------------------------------------------- deposits

const depositAmount = (method: 'crypto' | 'card') =>
  z
    .number({ error: M.depositAmountInvalid })
    .refine(isWholeCents, { error: M.depositAmountInvalid, abort: true })
    .superRefine((euros, ctx) => {
      const error = depositAmountError(method, euros);
      if (error) ctx.addIssue({ code: 'custom', message: error });
    });

/** POST /billing/deposit/crypto (amount in euros): 100 to 200,000 EUR. */
export const CryptoDepositInputSchema = z.object({ amount: depositAmount('crypto') });
/** POST /billing/deposit/card (amount in euros): at least 100 EUR, at most 5,000 EUR per day. */
export const CardDepositInputSchema = z.object({ amount: depositAmount('card') });
export type DepositInput = z.input<typeof CryptoDepositInputSchema>;

/** Answer of the deposit calls: where to send the browser (docs/product/billing.md#api `response.url`). */
export const DepositRedirectSchema = z.object({ url: z.string() });

/** A cost breakdown as the API sends it (euros, 2 decimals). */
export const DepositBreakdownSchema = z.object({
  amount: z.number(),
  feePercent: z.number(),
  fee: z.number(),
  vatPercent: z.number(),
  vat: z.number(),
  total: z.number(),
});
export type DepositBreakdownView = z.infer<typeof DepositBreakdownSchema>;

// ---------------------------------------------------------------- withdraw options

const bankText = requiredText(WITHDRAW_LIMITS.fieldMax);
const optionalText = z.string().trim().max(WITHDRAW_LIMITS.fieldMax, M.tooLong(WITHDRAW_LIMITS.fieldMax)).optional();

const bicField = z
  .string({ error: M.fillInField })
  .trim()
  .min(1, { error: M.fillInField, abort: true })
  .max(WITHDRAW_LIMITS.fieldMax, M.tooLong(WITHDRAW_LIMITS.fieldMax))
  .regex(/^[A-Za-z0-9]+$/, { error: M.bicAlphanumeric, abort: true })
  .toUpperCase()
  .refine(isValidBic, { error: M.bicInvalid });

const ibanField = z
  .string({ error: M.fillInField })
  .trim()
  .min(1, { error: M.fillInField, abort: true })
  .max(WITHDRAW_LIMITS.fieldMax, M.invalidIban)
  .refine(isValidIban, { error: M.invalidIban, abort: true })
  .transform(normaliseIban);

/**
 * The withdraw options payload (docs/product/billing.md#withdraw-options): method, frequency (Monthly 0 /
 * Weekly 1), autoInvoicing, the self-billing agreement (required), the fields of the chosen
 * method, and twoFactorCode when 2FA is on (the server answers 400 code 32 or 33).
 * SWIFT is paused; SEPA needs a valid IBAN of a SEPA country that is not Irish.
 */
export const WithdrawOptionsInputSchema = z
  .object({
    method: z.enum(PAYOUT_METHODS as [PayoutMethod, ...PayoutMethod[]], { error: M.methodInvalid }),
    frequency: z.union([z.literal(0), z.literal(1)], { error: M.frequencyInvalid }),
    autoInvoicing: z.boolean().default(false),
    selfBillingAgreement: z.literal(true, { error: M.selfBillingRequired }),
    twoFactorCode: sixDigitCodeSchema(M.twoFactorCodeInvalid).optional(),
    sepa_iban: z.string().optional(),
    sepa_bankIdentifier: z.string().optional(),
    sepa_bankName: z.string().optional(),
    sepa_bankAddress: z.string().optional(),
    swift_iban: z.string().optional(),
    swift_bankIdentifier: z.string().optional(),
    swift_bankName: z.string().optional(),
    swift_bankAddress: z.string().optional(),
    cryptoType: z.string().optional(),
    cryptoAddress: z.string().optional(),
  })
  .transform((v, ctx) => {
    const fail = (path: string, message: string) => {
      ctx.addIssue({ code: 'custom', path: [path], message });
      return z.NEVER;
    };
    const field = <T>(schema: z.ZodType<T>, path: string, value: unknown): T | undefined => {
      const r = schema.safeParse(value);
      if (r.success) return r.data;
      ctx.addIssue({ code: 'custom', path: [path], message: r.error.issues[0]?.message ?? M.fillInField });
      return undefined;
    };
    const base = {
      method: v.method,
      frequency: v.frequency,
      autoInvoicing: v.autoInvoicing,
      selfBillingAgreement: true as const,
      twoFactorCode: v.twoFactorCode,
    };
    if ((PAUSED_PAYOUT_METHODS as readonly string[]).includes(v.method)) return fail('method', M.swiftPaused);
    if (v.method === 'cryptocurrency') {
      const coin = z.enum(WITHDRAW_COINS, { error: M.coinInvalid }).safeParse(v.cryptoType);
      if (!coin.success) return fail('cryptoType', M.coinInvalid);
      const address = field(bankText, 'cryptoAddress', v.cryptoAddress);
      if (address === undefined) return z.NEVER;
      if (!isValidCryptoAddress(coin.data, address))
        return fail('cryptoAddress', M.cryptoAddressInvalid(WITHDRAW_COIN_LABELS[coin.data]));
      return { ...base, method: 'cryptocurrency' as const, cryptoType: coin.data, cryptoAddress: address };
    }
    const iban = field(ibanField, 'sepa_iban', v.sepa_iban);
    const bic = field(bicField, 'sepa_bankIdentifier', v.sepa_bankIdentifier);
    const bankName = field(bankText, 'sepa_bankName', v.sepa_bankName);
    const bankAddress = field(bankText, 'sepa_bankAddress', v.sepa_bankAddress);
    if (iban === undefined || bic === undefined || bankName === undefined || bankAddress === undefined) return z.NEVER;
    const country = iban.slice(0, 2);
    if (!isSEPACountry(country)) return fail('sepa_iban', M.ibanNotSepa);
    if (country === 'IE') return fail('sepa_iban', M.irishAccount);
    return {
      ...base,
      method: 'sepa' as const,
      sepa_iban: iban,
      sepa_bankIdentifier: bic,
      sepa_bankName: bankName,
      sepa_bankAddress: bankAddress,
    };
  });
export type WithdrawOptionsInput = z.input<typeof WithdrawOptionsInputSchema>;
export type WithdrawOptions = z.output<typeof WithdrawOptionsInputSchema>;

/** The saved options as the billing profile shows them (docs/product/billing.md#payments publisherPaymentOptions). */
export const PublisherPaymentOptionsSchema = z.object({
  method: z.enum(PAYOUT_METHODS as [PayoutMethod, ...PayoutMethod[]]),
  frequency: z.union([z.literal(0), z.literal(1)]),
  autoInvoicing: z.boolean(),
  details: z.object({
    iban: optionalText,
    bank_identifier: optionalText,
    bank_name: optionalText,
    bank_address: optionalText,
    /** The coin of a crypto payout. */
    type: optionalText,
    /** The wallet address of a crypto payout. */
    address: optionalText,
  }),
});
export type PublisherPaymentOptions = z.infer<typeof PublisherPaymentOptionsSchema>;

// ---------------------------------------------------------------- profile and history

/** GET /billing (docs/product/billing.md#billing-profile billing profile). */
export const BillingProfileSchema = z.object({
  isCompany: z.boolean(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  address: z.string(),
  /** Registration (tax) number of a company. */
  number: z.string(),
  vatCode: z.string(),
  vatValid: z.boolean(),
  country: z.string(),
  /** VAT rate in percent applied to this account's deposits (0 under reverse charge). */
  vat: z.number(),
  kycVerified: z.union([z.literal(0), z.literal(1)]),
  docVerification: DocumentStatusSchema,
  docReason: z.string().nullable(),
  blockedDeposit: z.boolean(),
  blockedDepositCoingate: z.boolean(),
  blockedDepositStripe: z.boolean(),
  publisherPaymentOptions: PublisherPaymentOptionsSchema.nullable(),
});
export type BillingProfile = z.infer<typeof BillingProfileSchema>;

/** One row of GET /billing/history (docs/product/billing.md#history); `valid` is the payment status code. */
export const BillingHistoryRowSchema = z.object({
  unique: z.string(),
  /** ISO 8601 instant, for sorting. */
  date: z.string(),
  /** The date as the table prints it. */
  printDate: z.string(),
  type: z.string(),
  method: z.string(),
  /** Euros, 2 decimals on the dashboard, exact under /api/v1. */
  amount: money(),
  valid: z.number().int(),
  hasDocument: z.boolean(),
});
export type BillingHistoryRow = z.infer<typeof BillingHistoryRowSchema>;
export const BillingHistorySchema = z.array(BillingHistoryRowSchema);
