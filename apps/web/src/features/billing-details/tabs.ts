import { paths } from '@cryptads/contract/paths';

/** The tabs of Billing Details (docs/product/billing.md#screens): /billing/details/{tab}/. */
export const BILLING_DETAILS_TABS = [
  { value: 'identification', to: paths.billing.identification, label: 'Identification Details' },
  { value: 'upload-documents', to: paths.billing.uploadDocuments, label: 'Upload Documents' },
  { value: 'withdraw-options', to: paths.billing.withdrawOptions, label: 'Withdraw Options' },
] as const;
export type BillingDetailsTab = (typeof BILLING_DETAILS_TABS)[number]['value'];
