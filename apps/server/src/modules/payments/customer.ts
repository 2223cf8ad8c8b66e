import { and, eq, inArray } from 'drizzle-orm';
import { type VatTreatment, vatTreatment } from '@cryptads/contract/billing-messages';
import { CampaignStatus } from '@cryptads/contract/campaign-messages';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { billingProfiles } from '../../db/schema/billing-profile';
import { campaigns } from '../../db/schema/campaigns';

/**
 * What the deposit rules need to know about a customer, read from the billing profile
 * (modules/billing-profile owns it; an account without a row has given no details yet).
 */
export type DepositCustomer = {
  hasBillingDetails: boolean;
  /** Standard VAT, reverse charge (EU business with a VIES-confirmed number elsewhere), or outside the EU. */
  vatTreatment: VatTreatment;
  blocked: { all: boolean; crypto: boolean; card: boolean };
};

export async function depositCustomer(
  db: DbOrTx,
  config: Pick<Config, 'invoiceIssuer'>,
  userId: number,
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
  if (!profile)
    return { hasBillingDetails: false, vatTreatment: 'standard', blocked: { all: false, crypto: false, card: false } };
  return {
    hasBillingDetails: true,
    vatTreatment: vatTreatment({
      supplierCountry: config.invoiceIssuer.country,
      customerCountry: profile.country,
      isCompany: profile.isCompany,
      vatValid: profile.vatValid,
    }),
    blocked: {
      all: profile.blockedDeposit,
      crypto: profile.blockedDepositCrypto,
      card: profile.blockedDepositCard,
    },
  };
}

/**
 * The VAT rate a customer pays on deposits: none under reverse charge, nor outside the EU
 * (advertising services are taxed where the customer is: VAT Directive art. 44, 59).
 */
export const depositVatPercent = (customer: Pick<DepositCustomer, 'vatTreatment'>, config: Pick<Config, 'payments'>) =>
  customer.vatTreatment === 'standard' ? config.payments.vatRatePercent : 0;

/**
 * Campaigns in a qualifying state for the deposit screen's second step (spec 001 §2): one
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
