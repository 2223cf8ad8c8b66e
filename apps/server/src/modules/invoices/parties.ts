import { eq } from 'drizzle-orm';
import { isVatCountry, vatTreatment, viesCountryCode } from '@cryptads/contract/billing-messages';
import type { VatRule } from '@cryptads/contract/vat';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { billingProfiles } from '../../db/schema/billing-profile';
import { users } from '../../db/schema/users';
import type { InvoiceData, InvoiceIssuer, InvoiceParty } from './invoice-pdf';

/** Our details, from configuration (INVOICE_ISSUER_*). */
export const issuerParty = (config: Pick<Config, 'invoiceIssuer'>): InvoiceIssuer => config.invoiceIssuer;

/**
 * The other party as it is when the invoice is made: the document keeps this copy, so a
 * later change of name or address never changes an issued invoice. `countryKnown` is false
 * while the account has given no billing details (its VAT treatment is then the standard one).
 */
export type CustomerSnapshot = {
  party: InvoiceParty;
  isCompany: boolean;
  /** The VAT number was confirmed (VIES, or the format check where that is the configured check). */
  vatValid: boolean;
  countryKnown: boolean;
};

/**
 * The account's invoicing details from its billing profile (docs/product/billing.md#invoices): a company's name,
 * registration and VAT numbers, or a person's names; the address; the country. An account
 * without billing details is invoiced to its name and email.
 */
export async function customerSnapshot(db: DbOrTx, userId: number): Promise<CustomerSnapshot> {
  const [row] = await db
    .select({
      user: { firstName: users.firstName, lastName: users.lastName, email: users.email },
      profile: billingProfiles,
    })
    .from(users)
    .leftJoin(billingProfiles, eq(billingProfiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new Error(`invoices: no user ${userId}`);
  const { user, profile } = row;
  const accountName = `${user.firstName} ${user.lastName}`.trim();
  if (!profile)
    return {
      party: {
        name: accountName,
        addressLines: [],
        country: '',
        vatNumber: null,
        registrationNumber: null,
        email: user.email,
      },
      isCompany: false,
      vatValid: false,
      countryKnown: false,
    };
  const personName = `${profile.firstName} ${profile.lastName}`.trim();
  const name = (profile.isCompany ? profile.companyName.trim() : personName) || accountName;
  return {
    party: {
      name,
      addressLines: profile.address
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
      country: profile.country,
      vatNumber: profile.isCompany && profile.vatCode ? printedVatNumber(profile.vatCode, profile.country) : null,
      registrationNumber: profile.isCompany && profile.registrationNumber ? profile.registrationNumber : null,
      email: user.email,
    },
    isCompany: profile.isCompany,
    vatValid: profile.isCompany && profile.vatValid,
    countryKnown: true,
  };
}

/** A VAT number as printed: with its country prefix (Greece EL), whether or not it was typed with it. */
export function printedVatNumber(vatCode: string, country: string) {
  const prefix = viesCountryCode(country);
  return vatCode.toUpperCase().startsWith(prefix) ? vatCode.toUpperCase() : `${prefix}${vatCode.toUpperCase()}`;
}

/** Percent with at most 2 decimals, as printed (payments stored before their rate was). */
const ratePercentOf = (vatMicros: bigint, netMicros: bigint) =>
  netMicros > 0n ? Number((vatMicros * 10_000n + netMicros / 2n) / netMicros) / 100 : 0;

/** The VAT a payment was charged under, as stored with it when it was opened (modules/tax). */
export type StoredPaymentVat = { rule: VatRule; country: string | null; ratePercent: number };

/**
 * The VAT of a deposit invoice (we supply advertising services to the customer): the rule and
 * the rate stored with the payment, which its breakdown applied, so the invoice prints the rate
 * charged ('VAT 19 % (Germany)'), never one derived back from rounded amounts; 'Reverse charge'
 * and 'Outside the scope of EU VAT' where they apply. Payments made before the rule was stored
 * keep the former reading: VAT charged at its rate against the net, otherwise the customer's
 * treatment.
 */
export function depositVat(
  customer: CustomerSnapshot,
  issuerCountry: string,
  vatMicros: bigint,
  netMicros: bigint,
  stored: StoredPaymentVat | null = null,
): InvoiceData['vat'] {
  if (stored) {
    const treatment = stored.rule === 'oss' || stored.rule === 'domestic' ? 'standard' : stored.rule;
    return {
      treatment,
      ratePercent: treatment === 'standard' ? stored.ratePercent : 0,
      amountMicros: treatment === 'standard' ? vatMicros : 0n,
      country: stored.country,
    };
  }
  if (vatMicros > 0n)
    return { treatment: 'standard', ratePercent: ratePercentOf(vatMicros, netMicros), amountMicros: vatMicros };
  if (!customer.countryKnown) return { treatment: 'standard', ratePercent: 0, amountMicros: 0n };
  const treatment = vatTreatment({
    supplierCountry: issuerCountry,
    customerCountry: customer.party.country,
    isCompany: customer.isCompany,
    vatValid: customer.vatValid,
  });
  return { treatment, ratePercent: 0, amountMicros: 0n };
}

export const SELF_BILLING_NO_VAT_NOTE = 'No VAT has been charged on this self-billing invoice.';

/**
 * The VAT of a self-billing invoice: the publisher supplies, we are the customer. A business
 * established in another country (with a confirmed VAT number inside the EU) is reverse
 * charged: we account for the VAT (art. 196). Anyone else is paid the amount without VAT.
 */
export function selfBillingVat(publisher: CustomerSnapshot, issuerCountry: string): InvoiceData['vat'] {
  const country = publisher.party.country.toUpperCase();
  const foreignBusiness =
    publisher.countryKnown &&
    publisher.isCompany &&
    country !== issuerCountry.toUpperCase() &&
    (!isVatCountry(country) || publisher.vatValid);
  if (foreignBusiness) return { treatment: 'reverse_charge', ratePercent: 0, amountMicros: 0n };
  return { treatment: 'standard', ratePercent: 0, amountMicros: 0n, note: SELF_BILLING_NO_VAT_NOTE };
}
