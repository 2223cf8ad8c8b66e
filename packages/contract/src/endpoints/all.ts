import type { EndpointDef } from '../endpoint';
import { adminEndpoints } from './admin';
import { adminAccountsEndpoints } from './admin-accounts';
import { apiKeyEndpoints } from './api-keys';
import { announcementEndpoints } from './announcements';
import { authEndpoints } from './auth';
import { bankStatementEndpoints } from './bank-statements';
import { billingDetailsEndpoints } from './billing-details';
import { billingHistoryEndpoints } from './billing-history';
import { campaignEndpoints } from './campaigns';
import { conversionEndpoints } from './conversions';
import { depositEndpoints } from './deposits';
import { forecastEndpoints } from './forecasts';
import { marketplaceEndpoints } from './marketplace';
import { marketplaceOrderEndpoints } from './marketplace-orders';
import { marketplaceSellingEndpoints } from './marketplace-selling';
import { newsEndpoints } from './news';
import { notificationEndpoints } from './notifications';
import { operatorEndpoints } from './operator';
import { payoutEndpoints } from './payouts';
import { referralEndpoints } from './referral';
import { reportEndpoints } from './reports';
import { sellerEndpoints } from './sellers';
import { settingsEndpoints } from './settings';
import { statementEndpoints } from './statement';
import { systemEndpoints } from './system';
import { taxEndpoints } from './tax';
import { termsEndpoints } from './terms';
import { uploadEndpoints } from './uploads';
import { userEndpoints } from './user';
import { webhookEndpoints } from './webhooks';
import { websiteEndpoints } from './websites';

/**
 * Every endpoint of the API, by domain: the server checks at start that each one has a
 * handler, and the table-driven role test and the OpenAPI test walk this list. The web app
 * never imports this file (it would load every schema); it imports one domain's routes.
 */
export const endpointsByDomain = {
  system: systemEndpoints,
  auth: authEndpoints,
  user: userEndpoints,
  settings: settingsEndpoints,
  apiKeys: apiKeyEndpoints,
  notifications: notificationEndpoints,
  terms: termsEndpoints,
  announcements: announcementEndpoints,
  news: newsEndpoints,
  referral: referralEndpoints,
  operator: operatorEndpoints,
  websites: websiteEndpoints,
  sellers: sellerEndpoints,
  campaigns: campaignEndpoints,
  forecasts: forecastEndpoints,
  conversions: conversionEndpoints,
  uploads: uploadEndpoints,
  reports: reportEndpoints,
  deposits: depositEndpoints,
  billingHistory: billingHistoryEndpoints,
  statement: statementEndpoints,
  billingDetails: billingDetailsEndpoints,
  payouts: payoutEndpoints,
  marketplace: marketplaceEndpoints,
  marketplaceOrders: marketplaceOrderEndpoints,
  marketplaceSelling: marketplaceSellingEndpoints,
  admin: adminEndpoints,
  adminAccounts: adminAccountsEndpoints,
  bankStatements: bankStatementEndpoints,
  tax: taxEndpoints,
  webhooks: webhookEndpoints,
} satisfies Record<string, Record<string, EndpointDef>>;

export const allEndpoints: EndpointDef[] = Object.values(endpointsByDomain).flatMap((domain) =>
  Object.values(domain as Record<string, EndpointDef>),
);
