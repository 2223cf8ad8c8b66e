import { CUSTOMER, defineRoutes } from '../endpoint';

/** Account settings (docs/product/account.md#settings): access log, password, email preferences, deletion. */
export const settingsRoutes = defineRoutes({
  accessLog: { method: 'GET', path: '/user/sessions/enabledList', roles: CUSTOMER },
  closeSession: { method: 'DELETE', path: '/user/sessions/device/:id', roles: CUSTOMER },
  changePassword: { method: 'PUT', path: '/user/password', roles: CUSTOMER, errors: [429] },
  preferences: { method: 'GET', path: '/user/preferences', roles: CUSTOMER },
  updatePreferences: { method: 'PUT', path: '/user/preferences', roles: CUSTOMER },
  deleteAccount: { method: 'DELETE', path: '/user', roles: CUSTOMER, errors: [429] },
  cancelDeletion: { method: 'DELETE', path: '/user/deleteRequest', roles: CUSTOMER },
});
