import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminAccountsApi } from './client';
import { adminKeys } from './keys';

/** GET /api/admin/terms: the current published terms (null before the first). */
export const useCurrentTerms = () =>
  useQuery({ queryKey: adminKeys.terms, queryFn: ({ signal }) => adminAccountsApi.terms({ signal }) });

/** POST /api/admin/terms: publishes a new version; every customer must accept it. */
export function usePublishTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (markdown: string) => adminAccountsApi.publishTerms({ body: { markdown } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.terms }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
      ]),
  });
}

/** GET /api/admin/announcements: newest first. */
export const useAdminAnnouncements = () =>
  useQuery({
    queryKey: adminKeys.announcements,
    queryFn: ({ signal }) => adminAccountsApi.announcements({ signal }),
  });

/** POST /api/admin/announcements: shown on every dashboard. */
export function usePublishAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { title: string; content: string }) => adminAccountsApi.publishAnnouncement({ body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.announcements }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
      ]),
  });
}
