import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationList } from '@cryptads/contract/notifications';
import { notificationsApi } from './client';
import { notificationKeys } from './keys';
import { markViewedLocally } from './mark-locally';

/** POST /api/user/notifications/{unique}: marks one viewed. */
export const markViewed = (unique: number) => notificationsApi.markViewed({ params: { id: unique }, body: {} });

/** POST /api/user/notifications/all: marks every unread, non-pinned one viewed. */
export const markAllViewed = () => notificationsApi.markAllViewed({ body: {} });

function useMark<T>(
  mutationKey: readonly unknown[],
  call: (target: T) => Promise<unknown>,
  toTarget: (t: T) => number | 'all',
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey,
    mutationFn: call,
    onMutate: async (target: T) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.list() });
      const previous = queryClient.getQueryData<NotificationList>(notificationKeys.list());
      if (previous) queryClient.setQueryData(notificationKeys.list(), markViewedLocally(previous, toTarget(target)));
      return { previous };
    },
    onError: (_error, _target, context) => {
      if (context?.previous) queryClient.setQueryData(notificationKeys.list(), context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.list() }),
  });
}

export const useMarkViewed = () => useMark<number>(notificationKeys.markViewed(), markViewed, (unique) => unique);

export const useMarkAllViewed = () =>
  useMark<void>(
    notificationKeys.markAllViewed(),
    () => markAllViewed(),
    () => 'all',
  );
