/**
 * Application codes the web app reacts to, in a module without zod so that the web app's
 * first download does not carry the schema library (api.ts re-exports them).
 */
export const AppCode = {
  Banned: 99,
  WrongPasswordOnDelete: 4,
  TwoFactorRequiredOnWithdraw: 32,
  TwoFactorInvalidOnWithdraw: 33,
  /** An operator session without two-factor authentication: only the set-up calls answer. */
  TwoFactorSetupRequired: 34,
} as const;
