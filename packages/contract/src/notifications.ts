import { z } from 'zod';
import { NotificationType } from './notification-types';

export { canMarkViewed, NotificationType } from './notification-types';

export const NotificationTypeSchema = z.union([
  z.literal(NotificationType.Pinned),
  z.literal(NotificationType.Success),
  z.literal(NotificationType.Error),
]);

/**
 * One notification. `unique` is its id (POST /user/notifications/{unique} marks it viewed).
 * Pinned notifications stay unread until their cause goes away: marking one changes nothing.
 * `link` is an in-app path ('/settings/security/') or null.
 */
export const NotificationSchema = z.object({
  unique: z.number().int(),
  viewed: z.boolean(),
  title: z.string(),
  type: NotificationTypeSchema,
  message: z.string(),
  link: z.string().nullable(),
  /** When it was created (ISO 8601, UTC). */
  date: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** GET /user/notifications: newest first (at most NOTIFICATIONS_LIST_MAX), and the unread count. */
export const NotificationListSchema = z.object({
  notifications: z.array(NotificationSchema),
  /** Unread notifications, pinned ones included: the number on the bell. */
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof NotificationListSchema>;

export const NOTIFICATIONS_LIST_MAX = 50;

export const NotificationIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'The requested resource was not found.' }).int().positive().max(2_147_483_647),
});

/** POST /user/notifications/all answers how many were marked. */
export const MarkAllViewedSchema = z.object({ marked: z.number().int() });
