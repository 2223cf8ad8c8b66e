import { z } from 'zod';
import { defineEndpoints } from '../endpoint';
import {
  MarkAllViewedSchema,
  NotificationIdParamsSchema,
  NotificationListSchema,
  NotificationSchema,
} from '../notifications';
import { notificationRoutes } from './notifications.routes';

const tag = 'notifications';

export const notificationEndpoints = defineEndpoints(notificationRoutes, {
  list: { tag, summary: 'Notifications, newest first, with the unread count', response: NotificationListSchema },
  markAllViewed: {
    tag,
    summary: 'Mark every unread, non-pinned notification viewed',
    body: z.unknown().optional(),
    response: MarkAllViewedSchema,
  },
  markViewed: {
    tag,
    summary: 'Mark one notification viewed',
    params: NotificationIdParamsSchema,
    body: z.unknown().optional(),
    response: NotificationSchema,
  },
});
