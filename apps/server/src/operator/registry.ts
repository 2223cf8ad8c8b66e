import { announcementCommands } from './commands/announcements';
import { approvalCommands } from './commands/approvals';
import { bankStatementCommands } from './commands/bank-statements';
import { campaignCommands } from './commands/campaigns';
import { deliveryCommands } from './commands/delivery';
import { kycCommands } from './commands/kyc';
import { ledgerCommands } from './commands/ledger';
import { marketplaceCommands } from './commands/marketplace';
import { operatorCommands } from './commands/operators';
import { listingCommands } from './commands/listings';
import { payoutCommands } from './commands/payouts';
import { depositCommands } from './commands/deposits';
import { referralCommands } from './commands/referral';
import { termsCommands } from './commands/terms';
import { trafficCommands } from './commands/traffic';
import { userCommands } from './commands/users';
import { vatCommands } from './commands/vat';
import { websiteCommands, zoneCommands } from './commands/websites';
import type { OperatorCommand } from './types';

/** domain → action → command. Each domain keeps its commands in operator/commands/<domain>.ts. */
export const commands: Record<string, Record<string, OperatorCommand>> = {
  user: userCommands,
  campaign: campaignCommands,
  kyc: kycCommands,
  terms: termsCommands,
  announcement: announcementCommands,
  referral: referralCommands,
  website: websiteCommands,
  zone: zoneCommands,
  deposit: depositCommands,
  'bank-statement': bankStatementCommands,
  ledger: ledgerCommands,
  payout: payoutCommands,
  marketplace: marketplaceCommands,
  listing: listingCommands,
  traffic: trafficCommands,
  delivery: deliveryCommands,
  operator: operatorCommands,
  approval: approvalCommands,
  vat: vatCommands,
};
