import { CUSTOMER, defineRoutes, PUBLIC } from '../endpoint';

/**
 * Billing Details (docs/product/billing.md#identification, #api): identification, VAT, documents, identity verification
 * and the publishers' withdraw options. Paths the product does not show are ours.
 */
export const billingDetailsRoutes = defineRoutes({
  profile: { method: 'GET', path: '/billing', roles: CUSTOMER },
  countries: { method: 'GET', path: '/billing/countries', roles: CUSTOMER },
  saveDetails: { method: 'POST', path: '/billing/details', roles: CUSTOMER },
  vatCountries: { method: 'GET', path: '/billing/vat/countries', roles: CUSTOMER },
  validateVat: { method: 'POST', path: '/billing/vat/validate', roles: CUSTOMER, errors: [429] },
  documents: { method: 'GET', path: '/billing/documents', roles: CUSTOMER },
  uploadDocument: { method: 'POST', path: '/billing/document', roles: CUSTOMER, errors: [429] },
  documentFile: { method: 'GET', path: '/billing/documents/:id/file', roles: CUSTOMER, download: true },
  startKyc: { method: 'POST', path: '/billing/kyc', roles: CUSTOMER, errors: [429] },
  kycWebhook: { method: 'POST', path: '/billing/webhooks/kyc', roles: PUBLIC, bodyKind: 'raw' },
  saveWithdrawOptions: { method: 'POST', path: '/billing/withdraw-options', roles: ['publisher'] },
});
