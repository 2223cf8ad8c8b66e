import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingDetailsApi } from './client';
import { billingDetailsKeys } from './keys';

/** GET /api/billing/documents: what the customer uploaded, newest first. */
export const documentsQueryOptions = () =>
  queryOptions({
    queryKey: billingDetailsKeys.documents(),
    queryFn: ({ signal }) => billingDetailsApi.documents({ signal }),
  });

export const useDocuments = (enabled = true) => useQuery({ ...documentsQueryOptions(), enabled });
