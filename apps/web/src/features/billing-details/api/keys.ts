/**
 * Query keys of Billing Details. `billingDetailsKeys.all` covers the profile and the
 * documents: a save, an upload or a verification invalidates them together.
 */
export const billingDetailsKeys = {
  all: ['billing-details'] as const,
  profile: () => [...billingDetailsKeys.all, 'profile'] as const,
  documents: () => [...billingDetailsKeys.all, 'documents'] as const,
  countries: () => ['billing-countries'] as const,
  vatCountries: () => ['billing-vat-countries'] as const,
  saveDetails: () => [...billingDetailsKeys.all, 'save-details'] as const,
  validateVat: () => [...billingDetailsKeys.all, 'validate-vat'] as const,
  upload: () => [...billingDetailsKeys.all, 'upload'] as const,
  download: (id: string) => [...billingDetailsKeys.all, 'download', id] as const,
  startKyc: () => [...billingDetailsKeys.all, 'start-kyc'] as const,
  saveWithdrawOptions: () => [...billingDetailsKeys.all, 'save-withdraw-options'] as const,
};
