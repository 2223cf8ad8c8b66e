import { isVatCountry, type VatCountryCode } from '@cryptads/contract/billing-messages';

/**
 * Ledger accounts by name (docs/decisions/013-double-entry-ledger.md). Each account has one
 * code: 'user:<id>:available', 'user:<id>:held' or 'platform:<name>'. Accounts are created on
 * first use; the platform accounts also exist from the migration on.
 */

export const PLATFORM_ACCOUNTS = [
  /** The network's share of ad spend. */
  'revenue',
  /** VAT collected on deposits, owed to the tax office. */
  'vat_payable',
  /** Processing fees customers paid on deposits. */
  'processing_fees',
  /** Money that came in (or went out) through each payment provider: negative = received. */
  'clearing_sandbox',
  'clearing_stripe',
  'clearing_coingate',
  'clearing_bank',
  /** Payouts sent to publishers and not confirmed yet. */
  'payouts_in_transit',
  /** Marketplace orders paid and not delivered yet (next issue). */
  'marketplace_escrow',
  /** Where referral rewards come from. */
  'referral_rewards',
  /** Credits and corrections an operator makes by hand. */
  'operator_credits',
] as const;
/** VAT owed to one member state (`vat_payable_DE`): the VAT charged at its rate, domestic or through the OSS. */
export type VatPayableAccount = `vat_payable_${VatCountryCode}`;
export type PlatformAccount = (typeof PLATFORM_ACCOUNTS)[number] | VatPayableAccount;
const isVatPayableAccount = (name: string): name is VatPayableAccount =>
  name.startsWith('vat_payable_') && isVatCountry(name.slice('vat_payable_'.length));

export const PAYMENT_PROVIDERS = ['sandbox', 'stripe', 'coingate', 'bank'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export type UserAccountKind = 'available' | 'held';

/** `{ user: 12, kind: 'available' }` or `{ platform: 'revenue' }`. */
export type AccountRef = { user: number; kind: UserAccountKind } | { platform: PlatformAccount };

export const available = (userId: number): AccountRef => ({ user: userId, kind: 'available' });
export const held = (userId: number): AccountRef => ({ user: userId, kind: 'held' });
export const platform = (name: PlatformAccount): AccountRef => ({ platform: name });
/** The clearing account of a payment provider. */
export const clearing = (provider: PaymentProvider): AccountRef => ({ platform: `clearing_${provider}` });
/** The VAT payable account of a member state, or the general one when the country is not known (older payments). */
export const vatPayable = (country: string | null | undefined): AccountRef => {
  const name = `vat_payable_${(country ?? '').toUpperCase()}`;
  return { platform: isVatPayableAccount(name) ? name : 'vat_payable' };
};

export const accountCode = (ref: AccountRef): string =>
  'user' in ref ? `user:${ref.user}:${ref.kind}` : `platform:${ref.platform}`;

/** The reference of a stored code (the inverse of accountCode). */
export function refOfCode(code: string): AccountRef {
  const [scope, a, b] = code.split(':');
  if (scope === 'user' && (b === 'available' || b === 'held')) return { user: Number(a), kind: b };
  if (
    scope === 'platform' &&
    ((PLATFORM_ACCOUNTS as readonly string[]).includes(a ?? '') || isVatPayableAccount(a ?? ''))
  )
    return { platform: a as PlatformAccount };
  throw new Error(`ledger: not an account code: ${code}`);
}

/** The columns of an account row. */
export const accountColumns = (ref: AccountRef) =>
  'user' in ref
    ? { code: accountCode(ref), userId: ref.user, kind: ref.kind }
    : { code: accountCode(ref), userId: null, kind: ref.platform };
