/** Query keys of the billing history: the list, and one download per row. */
export const billingHistoryKeys = {
  all: ['billing-history'] as const,
  list: () => [...billingHistoryKeys.all, 'list'] as const,
  download: (unique: string) => [...billingHistoryKeys.all, 'download', unique] as const,
};
