import { and, eq, inArray } from 'drizzle-orm';
import type { VatTreatment } from '@cryptads/contract/billing-messages';
import { CampaignStatus } from '@cryptads/contract/campaign-messages';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { billingProfiles } from '../../db/schema/billing-profile';
import { campaigns } from '../../db/schema/campaigns';
import { decideVat, treatmentOfRule, type VatDecision } from '../tax/tax.service';

/**
 * What the deposit rules need to know about a customer, read from the billing profile
 * (modules/billing-profile owns it; an account without a row has given no details yet).
 */
export type DepositCustomer = {
  hasBillingDetails: boolean;
  /** The billing country; null without billing details. */
  billingCountry: string | null;
  /** The VAT by place of supply (modules/tax): rule, country, rate and its wording. */
  vat: VatDecision;
  /** Standard VAT, reverse charge (EU business with a VIES-confirmed number elsewhere), or outside the EU. */
  vatTreatment: VatTreatment;
  blocked: { all: boolean; crypto: boolean; card: boolean };
};

export async function depositCustomer(
  db: DbOrTx,
  config: Pick<Config, 'invoiceIssuer'>,
  userId: number,
  on: Date = new Date(),
): Promise<DepositCustomer> {
  const [profile] = await db
    .select({
      isCompany: billingProfiles.isCompany,
      country: billingProfiles.country,
      vatValid: billingProfiles.vatValid,
      blockedDeposit: billingProfiles.blockedDeposit,
      blockedDepositCrypto: billingProfiles.blockedDepositCrypto,
      blockedDepositCard: billingProfiles.blockedDepositCard,
    })
    .from(billingProfiles)
    .where(eq(billingProfiles.userId, userId))
    .limit(1);
  const issuerCountry = config.invoiceIssuer.country;
  if (!profile) {
    // Nobody is charged before giving billing details; the screen shows the issuer's own rate meanwhile.
    const vat = decideVat(issuerCountry, { country: issuerCountry, isCompany: false, vatValid: false }, on);
    return {
      hasBillingDetails: false,
      billingCountry: null,
      vat,
      vatTreatment: treatmentOfRule(vat.rule),
      blocked: { all: false, crypto: false, card: false },
    };
  }
  const vat = decideVat(
    issuerCountry,
    { country: profile.country, isCompany: profile.isCompany, vatValid: profile.isCompany && profile.vatValid },
    on,
  );
  return {
    hasBillingDetails: true,
    billingCountry: profile.country.toUpperCase(),
    vat,
    vatTreatment: treatmentOfRule(vat.rule),
    blocked: {
      all: profile.blockedDeposit,
      crypto: profile.blockedDepositCrypto,
      card: profile.blockedDepositCard,
    },
  };
}

/**
 * The VAT rate a customer pays on deposits: the rate of the place of supply (modules/tax),
 * none under reverse charge nor outside the EU.
 */
export const depositVatPercent = (customer: Pick<DepositCustomer, 'vat'>) => customer.vat.ratePercent;

/**
 * Campaigns in a qualifying state for the deposit screen's second step (docs/product/billing.md#deposits): one
 * that was submitted and can still deliver, i.e. neither rejected, finished nor archived.
 */
export const QUALIFYING_CAMPAIGN_STATUSES: readonly number[] = [
  CampaignStatus.Pending,
  CampaignStatus.Delivering,
  CampaignStatus.Paused,
  CampaignStatus.OutOfFunds,
  CampaignStatus.LimitReached,
];

export async function hasQualifyingCampaign(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.ownerId, userId), inArray(campaigns.status, [...QUALIFYING_CAMPAIGN_STATUSES])))
    .limit(1);
  return row !== undefined;
}
