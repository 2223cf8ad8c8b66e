import { CUSTOMER, defineRoutes, PUBLIC } from '../endpoint';

/**
 * Platform terms every user must accept and the footer's legal pages (docs/product/account.md#dashboard, #permissions).
 * The sign-up form and the footer link to the terms before anyone logs in.
 */
export const termsRoutes = defineRoutes({
  current: { method: 'GET', path: '/currentPlatformTerms', roles: PUBLIC },
  sign: { method: 'POST', path: '/user/signNewTerms', roles: CUSTOMER },
  privacy: { method: 'GET', path: '/legal/privacy', roles: PUBLIC },
});
