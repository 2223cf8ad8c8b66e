export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  markViewed: () => [...notificationKeys.all, 'mark-viewed'] as const,
  markAllViewed: () => [...notificationKeys.all, 'mark-all-viewed'] as const,
};
