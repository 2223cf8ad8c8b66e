import { AnnouncementListSchema } from '../announcements';
import { defineEndpoints } from '../endpoint';
import { announcementRoutes } from './announcements.routes';

export const announcementEndpoints = defineEndpoints(announcementRoutes, {
  list: { tag: 'dashboard', summary: 'Announcements, newest first', response: AnnouncementListSchema },
});
