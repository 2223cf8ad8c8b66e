import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '../../../lib/session';
import { notificationsApi } from './client';
import { notificationKeys } from './keys';

/** GET /api/user/notifications: newest first, with the unread count for the bell. */
export const getNotifications = (signal?: AbortSignal) => notificationsApi.list({ signal });

/** The bell looks again every minute, so that approvals and payments show without a reload. */
export const NOTIFICATIONS_REFRESH_MS = 60_000;

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.list(),
    queryFn: ({ signal }) => getNotifications(signal),
    refetchInterval: NOTIFICATIONS_REFRESH_MS,
  });

export function useNotifications() {
  const session = useSession();
  return useQuery({ ...notificationsQueryOptions(), enabled: session !== null });
}
