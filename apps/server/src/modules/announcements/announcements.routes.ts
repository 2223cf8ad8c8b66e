import { announcementEndpoints as api } from '@cryptads/contract/endpoints/announcements';
import { route } from '../../lib/endpoint-routes';
import { listAnnouncements } from './announcements.service';

/** docs/product/account.md#dashboard: announcements on the dashboard, newest first. Both account types. */
export const announcementsRoutes = [route(api.list, async ({ ctx }) => listAnnouncements(ctx.db))];
