import { z } from 'zod';
import { OkSchema } from '../api';
import {
  EmailCodeInputSchema,
  EmailCodeSentSchema,
  EmailVerifiedSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  MessageSchema,
  RecoveryInputSchema,
  RecoveryValidateInputSchema,
  RegisterInputSchema,
  RegisterResponseSchema,
  TwoFactorCodeInputSchema,
  TwoFactorRequestSchema,
  TwoFactorStatus,
  TwoFactorStatusSchema,
} from '../auth';
import { defineEndpoints } from '../endpoint';
import { authRoutes } from './auth.routes';

const tag = 'auth';
const twoFactorTag = 'two-factor';

/** Turning two-factor on or off answers the code sent back and the new status. */
const TwoFactorChangeSchema = z.object({
  code: z.number().int(),
  status: z.union([z.literal(TwoFactorStatus.Disabled), z.literal(TwoFactorStatus.Enabled)]),
});

export const authEndpoints = defineEndpoints(authRoutes, {
  login: {
    tag,
    summary: 'Log in with email and password, or finish a login with the two-factor code',
    description:
      '403 with response.credentialsToken means two-factor is on: repeat with credentialsToken, captcha and twoFactorCode. 401 with code 99: the account is disabled.',
    body: LoginRequestSchema,
    response: LoginResponseSchema,
  },
  register: {
    tag,
    summary: 'Create an account; opens a session (the cookie) that may only verify the email',
    body: RegisterInputSchema,
    response: RegisterResponseSchema,
  },
  recovery: {
    tag,
    summary: 'Mail a password reset link when the account exists (the same answer either way)',
    body: RecoveryInputSchema,
    response: MessageSchema,
  },
  recoveryValidate: {
    tag,
    summary: 'Set a new password with the code of a reset link',
    body: RecoveryValidateInputSchema,
    response: MessageSchema,
  },
  logout: { tag, summary: 'End the calling session', response: OkSchema },
  validateEmailCode: {
    tag,
    summary: 'Confirm the email address with the mailed code',
    description: "401 whose reason contains 'redirecting': the email is already confirmed.",
    body: EmailCodeInputSchema,
    response: EmailVerifiedSchema,
  },
  requestEmailCode: {
    tag,
    summary: 'Mail a new email verification code',
    // The spec sends an empty body: accept none at all as well as {}.
    body: z.object({}).nullish(),
    response: EmailCodeSentSchema,
  },
  twoFactorStatus: { tag: twoFactorTag, summary: 'Whether two-factor is on', response: TwoFactorStatusSchema },
  twoFactorRequest: {
    tag: twoFactorTag,
    summary: 'A new two-factor secret with its QR code (each call makes a new one)',
    response: TwoFactorRequestSchema,
  },
  twoFactorEnable: {
    tag: twoFactorTag,
    summary: 'Turn two-factor on with a code of the new secret',
    body: TwoFactorCodeInputSchema,
    response: TwoFactorChangeSchema,
  },
  twoFactorDisable: {
    tag: twoFactorTag,
    summary: 'Turn two-factor off with a current code',
    body: TwoFactorCodeInputSchema,
    response: TwoFactorChangeSchema,
  },
});
