/** Mutation keys of the auth calls (they cache nothing; the keys name them in devtools and tests). */
export const authKeys = {
  all: ['auth'] as const,
  login: () => [...authKeys.all, 'login'] as const,
  loginTwoFactor: () => [...authKeys.all, 'login-2fa'] as const,
  register: () => [...authKeys.all, 'register'] as const,
  validateEmailCode: () => [...authKeys.all, 'email-code', 'validate'] as const,
  requestEmailCode: () => [...authKeys.all, 'email-code', 'request'] as const,
  requestRecovery: () => [...authKeys.all, 'recovery'] as const,
  resetPassword: () => [...authKeys.all, 'recovery-validate'] as const,
  logout: () => [...authKeys.all, 'logout'] as const,
};
