import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminAccountsApi } from './client';
import { adminKeys } from './keys';

export type AuditQuery = {
  q?: string;
  actorId?: number;
  action?: string;
  objectType?: string;
  objectId?: string;
  /** YYYY-MM-DD, the day's start and end in the operator's time zone. */
  from?: string;
  to?: string;
  page?: number;
  pageSize?: number;
};

/** GET /api/admin/audit: one page of the audit trail, newest first (read only). */
export function useAudit(query: AuditQuery) {
  return useQuery({
    queryKey: adminKeys.auditList(query),
    queryFn: ({ signal }) => adminAccountsApi.audit({ query, signal }),
    placeholderData: keepPreviousData,
  });
}
