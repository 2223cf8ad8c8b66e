import { z } from 'zod';
import { TwoFactorStatus } from './two-factor-status';
import { AccountType, SignupAccountTypeSchema } from './account';
import { AUTH_MESSAGES } from './auth-messages';
import { NAME_MAX } from './limits';
import {
  currentPasswordSchema,
  EmailSchema,
  newPasswordSchema,
  sixDigitCodeSchema,
  trimmedText,
  VALIDATION_MESSAGES,
} from './validation';

/** Exact texts of docs/product/account.md#validation, #messages (defined in auth-messages.ts, which has no zod). */
export { AUTH_MESSAGES };

export const CaptchaSchema = z
  .string({ error: AUTH_MESSAGES.captchaRequired })
  .min(1, AUTH_MESSAGES.captchaRequired)
  .max(4096, AUTH_MESSAGES.captchaFailed);

// ---- Login -------------------------------------------------------------------------------

export const LoginInputSchema = z.object({
  email: EmailSchema,
  password: currentPasswordSchema(AUTH_MESSAGES.loginPasswordRequired),
  captcha: CaptchaSchema,
  rememberMe: z.boolean().optional().default(false),
});
export type LoginInput = z.input<typeof LoginInputSchema>;

export const TwoFactorCodeSchema = sixDigitCodeSchema(AUTH_MESSAGES.twoFactorInvalid);

export const TwoFactorLoginInputSchema = z.object({
  credentialsToken: z.string().min(1, AUTH_MESSAGES.credentialsExpired).max(256),
  captcha: CaptchaSchema,
  twoFactorCode: TwoFactorCodeSchema,
});
export type TwoFactorLoginInput = z.input<typeof TwoFactorLoginInputSchema>;

/** POST /login takes either body; the server tells them apart by credentialsToken. */
export const LoginRequestSchema = z.union([TwoFactorLoginInputSchema, LoginInputSchema]);

export const UserTypeSchema = z.union([
  z.literal(AccountType.Unassigned),
  z.literal(AccountType.Advertiser),
  z.literal(AccountType.Publisher),
  z.literal(AccountType.Operator),
]);

/**
 * The session itself is in the HttpOnly cookie of the answer, never in its body
 * (docs/decisions/034-browser-session-cookie.md).
 */
export const LoginResponseSchema = z.object({
  userType: UserTypeSchema,
  verified: z.boolean(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** The body of the 403 that sends the client to the two-factor screen. */
export const TwoFactorRequiredSchema = z.object({ credentialsToken: z.string() });

// ---- Sign-up -----------------------------------------------------------------------------

const nameSchema = (message: string) => trimmedText(message, NAME_MAX, AUTH_MESSAGES.nameTooLong);

export const RegisterInputSchema = z.object({
  email: EmailSchema,
  firstName: nameSchema(AUTH_MESSAGES.firstNameRequired),
  lastName: nameSchema(AUTH_MESSAGES.lastNameRequired),
  userType: SignupAccountTypeSchema(AUTH_MESSAGES.chooseAccountType),
  password: newPasswordSchema(AUTH_MESSAGES.passwordRequired),
  captcha: CaptchaSchema,
  /** The referrer's identifier from an invite link, when there was one. */
  referrer: z.string().trim().max(64).optional(),
});
export type RegisterInput = z.input<typeof RegisterInputSchema>;

/** The sign-up form holds two more fields that never leave the browser. */
export const SignupFormSchema = RegisterInputSchema.omit({ captcha: true, userType: true })
  .extend({
    repeatPassword: z.string({ error: AUTH_MESSAGES.confirmPassword }).min(1, AUTH_MESSAGES.confirmPassword),
    acceptTerms: z.boolean({ error: AUTH_MESSAGES.acceptTerms }).refine((v) => v, AUTH_MESSAGES.acceptTerms),
  })
  .refine((v) => v.password === v.repeatPassword, {
    message: VALIDATION_MESSAGES.passwordsMustMatch,
    path: ['repeatPassword'],
  });
export type SignupForm = z.input<typeof SignupFormSchema>;

export const RegisterResponseSchema = z.object({
  userType: UserTypeSchema,
  verified: z.boolean(),
});
export type RegisterResponse = z.infer<typeof RegisterResponseSchema>;

/** Stored in the browser between sign-up and verification (docs/product/account.md#data); the session is the cookie. */
export const PendingSignupSchema = z.object({
  userType: UserTypeSchema,
  signupEmail: z.string(),
});
export type PendingSignup = z.infer<typeof PendingSignupSchema>;

// ---- Email verification --------------------------------------------------------------------

export const EmailCodeInputSchema = z.object({
  code: sixDigitCodeSchema(AUTH_MESSAGES.codeInvalid),
});
export type EmailCodeInput = z.input<typeof EmailCodeInputSchema>;

export const EmailVerifiedSchema = z.object({ verified: z.literal(true) });
export const EmailCodeSentSchema = z.object({ email: z.string() });

// ---- Recovery ------------------------------------------------------------------------------

export const RecoveryInputSchema = z.object({ email: EmailSchema, captcha: CaptchaSchema });
export type RecoveryInput = z.input<typeof RecoveryInputSchema>;

export const RecoveryValidateInputSchema = z.object({
  password: newPasswordSchema(AUTH_MESSAGES.passwordRequired),
  code: z.string().min(1, AUTH_MESSAGES.recoveryLinkInvalid).max(128, AUTH_MESSAGES.recoveryLinkInvalid),
  captcha: CaptchaSchema,
});
export type RecoveryValidateInput = z.input<typeof RecoveryValidateInputSchema>;

/** The reset form: the new password twice. */
export const ResetPasswordFormSchema = z
  .object({
    password: newPasswordSchema(AUTH_MESSAGES.passwordRequired),
    repeatPassword: z.string({ error: AUTH_MESSAGES.confirmPassword }).min(1, AUTH_MESSAGES.confirmPassword),
  })
  .refine((v) => v.password === v.repeatPassword, {
    message: VALIDATION_MESSAGES.passwordsMustMatch,
    path: ['repeatPassword'],
  });
export type ResetPasswordForm = z.input<typeof ResetPasswordFormSchema>;

export const MessageSchema = z.object({ message: z.string() });

// ---- Two-factor ------------------------------------------------------------------------------

export { TwoFactorStatus } from './two-factor-status';
export const TwoFactorStatusSchema = z.object({
  status: z.union([z.literal(TwoFactorStatus.Disabled), z.literal(TwoFactorStatus.Enabled)]),
});
export type TwoFactorStatusResponse = z.infer<typeof TwoFactorStatusSchema>;

export const TwoFactorRequestSchema = z.object({
  /** Base32 secret, for people who type it instead of scanning. */
  secret: z.string(),
  /** otpauth:// URI encoded in the QR code. */
  uri: z.string(),
  /** The QR code as a PNG data URL. */
  qr: z.string(),
});
export type TwoFactorRequest = z.infer<typeof TwoFactorRequestSchema>;

export const TwoFactorCodeInputSchema = z.object({ code: TwoFactorCodeSchema });
export type TwoFactorCodeInput = z.input<typeof TwoFactorCodeInputSchema>;
