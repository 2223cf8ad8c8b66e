import { defineRoutes } from '../endpoint';

/**
 * Creative files of advertisers. The body is JSON (the file as a data URL); the stored
 * files themselves are served at /uploads/<key>, outside /api and outside this table.
 */
export const uploadRoutes = defineRoutes({
  create: { method: 'POST', path: '/uploads', roles: ['advertiser'] },
});
