import { defineRoutes, PUBLIC } from '../endpoint';

/**
 * Money in (docs/product/billing.md#deposits, #api; docs/decisions/011 and 014): deposits are for advertisers only;
 * provider webhooks are public (their signature or token is the authentication) and read the
 * raw body, which their signatures cover.
 */
const advertiser = ['advertiser'] as const;

export const depositRoutes = defineRoutes({
  overview: { method: 'GET', path: '/billing/deposit', roles: advertiser },
  card: { method: 'POST', path: '/billing/deposit/card', roles: advertiser },
  crypto: { method: 'POST', path: '/billing/deposit/crypto', roles: advertiser },
  cryptoId: { method: 'GET', path: '/billing/deposit/crypto-id', roles: advertiser },
  bankTransfer: { method: 'GET', path: '/billing/deposit/bank-transfer', roles: advertiser },
  bankTransferStart: { method: 'POST', path: '/billing/deposit/bank-transfer', roles: advertiser },
  payment: { method: 'POST', path: '/billing/payment', roles: advertiser },
  sandboxWebhook: { method: 'POST', path: '/billing/webhooks/sandbox', roles: PUBLIC, bodyKind: 'raw' },
  stripeWebhook: { method: 'POST', path: '/billing/webhooks/stripe', roles: PUBLIC, bodyKind: 'raw' },
  coingateWebhook: { method: 'POST', path: '/billing/webhooks/coingate', roles: PUBLIC, bodyKind: 'raw' },
});
