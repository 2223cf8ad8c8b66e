/**
 * Whether two-factor authentication is on (GET /user/2fa/status). No zod here, so that the
 * settings screens can read it without downloading the schema library; auth.ts re-exports it.
 */
export const TwoFactorStatus = { Disabled: 0, Enabled: 1 } as const;
export type TwoFactorStatus = (typeof TwoFactorStatus)[keyof typeof TwoFactorStatus];
