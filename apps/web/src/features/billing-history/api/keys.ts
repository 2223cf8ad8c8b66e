/** Query keys of the billing history: the list, one download per row, and the statement's pages. */
export const billingHistoryKeys = {
  all: ['billing-history'] as const,
  list: () => [...billingHistoryKeys.all, 'list'] as const,
  download: (unique: string) => [...billingHistoryKeys.all, 'download', unique] as const,
  statement: (params: object) => [...billingHistoryKeys.all, 'statement', params] as const,
};
