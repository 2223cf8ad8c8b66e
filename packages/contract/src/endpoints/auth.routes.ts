import { CUSTOMER, CUSTOMER_OR_OPERATOR, defineRoutes, PUBLIC } from '../endpoint';

/**
 * The `Prefer` token (RFC 7240) with which our web app asks for the login's two-factor step as
 * HTTP 200 carrying the same `{code: 403, response: {credentialsToken}}` envelope: a browser
 * prints every 4xx in its console, and this step is not an error (docs/decisions/047).
 */
export const TWO_FACTOR_STEP_PREFERENCE = 'two-factor-step';

/**
 * Login, sign-up, recovery, email verification and two-factor (docs/product/account.md#screens-and-routes, #validation). The
 * verification calls and logout accept a session whose email is not confirmed yet.
 */
export const authRoutes = defineRoutes({
  login: { method: 'POST', path: '/login', roles: PUBLIC, errors: [429] },
  register: { method: 'POST', path: '/register', roles: PUBLIC, errors: [429] },
  recovery: { method: 'POST', path: '/recovery', roles: PUBLIC, errors: [429] },
  recoveryValidate: { method: 'POST', path: '/recovery-validate', roles: PUBLIC, errors: [429] },
  logout: {
    method: 'POST',
    path: '/user/logout',
    roles: CUSTOMER_OR_OPERATOR,
    allowUnverified: true,
    operatorSetup: true,
  },
  validateEmailCode: {
    method: 'POST',
    path: '/user/emailVerification/validate',
    roles: CUSTOMER,
    allowUnverified: true,
    errors: [429],
  },
  requestEmailCode: {
    method: 'POST',
    path: '/user/emailVerification/request',
    roles: CUSTOMER,
    allowUnverified: true,
    errors: [429],
  },
  twoFactorStatus: { method: 'GET', path: '/user/twoFactor', roles: CUSTOMER_OR_OPERATOR, operatorSetup: true },
  twoFactorRequest: {
    method: 'GET',
    path: '/user/twoFactor/request',
    roles: CUSTOMER_OR_OPERATOR,
    operatorSetup: true,
  },
  twoFactorEnable: {
    method: 'POST',
    path: '/user/twoFactor/validate',
    roles: CUSTOMER_OR_OPERATOR,
    operatorSetup: true,
    errors: [429],
  },
  // Operators keep two-factor on (docs/decisions/032): they cannot turn it off.
  twoFactorDisable: { method: 'DELETE', path: '/user/twoFactor/disable', roles: CUSTOMER, errors: [429] },
});
