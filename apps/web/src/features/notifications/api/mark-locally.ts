import { canMarkViewed } from '@cryptads/contract/notification-types';
import type { NotificationList } from '@cryptads/contract/notifications';

/**
 * The list as it is after marking one notification (by `unique`) or all of them viewed:
 * pinned and already-viewed ones do not change (docs/product/account.md#notifications), and the unread count
 * drops by the number that did. Used for the optimistic update while the server answers.
 */
export function markViewedLocally(list: NotificationList, target: number | 'all'): NotificationList {
  let marked = 0;
  const notifications = list.notifications.map((n) => {
    if ((target === 'all' || n.unique === target) && canMarkViewed(n)) {
      marked += 1;
      return { ...n, viewed: true };
    }
    return n;
  });
  return { notifications, unread: Math.max(0, list.unread - marked) };
}
