import { notificationEndpoints as api } from '@cryptads/contract/endpoints/notifications';
import { route } from '../../lib/endpoint-routes';
import { listNotifications, markAllViewed, markViewed } from './notifications.service';

/** docs/product/account.md#notifications: the bell's list, marking one or all viewed. Both account types. */
export const notificationsRoutes = [
  route(api.list, async ({ ctx, auth }) => listNotifications(ctx.db, auth.user.id)),
  // A static path wins over /:id, so 'all' is never read as an id.
  route(api.markAllViewed, async ({ ctx, auth }) => markAllViewed(ctx.db, auth.user.id)),
  route(api.markViewed, async ({ ctx, auth, params }) => markViewed(ctx.db, auth.user.id, params.id)),
];
