/**
 * Notification types and the rule of the list's 'mark as read'. No zod here, so that the
 * shell's bell can use them without downloading the schema library; notifications.ts
 * re-exports them and adds the schemas.
 */

/** docs/product/account.md#data: type 1 pinned, 2 success, 3 error. */
export const NotificationType = { Pinned: 1, Success: 2, Error: 3 } as const;
export type NotificationType = (typeof NotificationType)[keyof typeof NotificationType];

/** Whether the list offers 'mark as read' for this one (docs/product/account.md#notifications: unread and not pinned). */
export const canMarkViewed = (n: { viewed: boolean; type: NotificationType }) =>
  !n.viewed && n.type !== NotificationType.Pinned;
