import { formatDuration } from './dates';
import { NAME_MAX, RESEND_AFTER_SECONDS } from './limits';

/**
 * Exact texts of docs/product/account.md#validation, #messages, and the server reasons we chose where it is silent.
 * In a module without zod so that the web app's first screen can show them without
 * downloading the schema library; auth.ts re-exports them.
 */
export const AUTH_MESSAGES = {
  firstNameRequired: 'Please enter your first name.',
  lastNameRequired: 'Please enter your last name.',
  nameTooLong: `Please use at most ${NAME_MAX} characters.`,
  passwordRequired: 'Please enter a password.',
  confirmPassword: 'Please confirm your new password.',
  acceptTerms: 'Please accept the terms to be able to continue.',
  loginPasswordRequired: 'Please enter your password.',
  chooseAccountType: 'Please choose a type of account.',
  twoFactorInvalid: 'Your 2FA Code is invalid. Please try again.',
  codeInvalid: 'The provided code is invalid. Please try again or contact us.',
  captchaRequired: 'Please complete the captcha.',
  captchaFailed: 'The captcha could not be verified. Please try again.',
  resendSuccess: (email: string) => `An email with a new verification code has been sent to ${email}`,
  verifySuccessTitle: 'Success!',
  verifySuccessText: 'Your email address has been confirmed!',
  verifyFailureTitle: 'Sorry!',
  verifyFailureText: 'Something went wrong. Please try again or contact our support team.',
  resetSuccess: 'Your password has been reset successfully...',
  passwordChanged: 'The password was changed successfully.',
  // Server reasons (the screens show the server reason: docs/product/account.md#messages).
  wrongCredentials: 'The email or password you entered is incorrect.',
  accountDisabled: 'Your account has been disabled. Please contact our support team.',
  // Back-office operators (docs/decisions/032).
  operatorTwoFactorRequired: 'Turn on two-factor authentication to use the back office.',
  operatorIdle: (minutes: number) => `Your session ended after ${minutes} minutes without activity. Log in again.`,
  emailTaken: 'An account with this email address already exists. Please log in instead.',
  alreadyVerified: 'Your email address is already confirmed, redirecting...',
  credentialsExpired: 'Your login attempt has expired, redirecting...',
  codeExpired: 'This code has expired. Please request a new one.',
  recoverySent: 'If an account exists for this email address, we have sent it a link to reset the password.',
  recoveryLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  resendTooSoon: `Please wait ${formatDuration(RESEND_AFTER_SECONDS)} before requesting another code.`,
  twoFactorAlreadyEnabled: 'Two-factor authentication is already enabled.',
  twoFactorNotEnabled: 'Two-factor authentication is not enabled.',
  twoFactorNotRequested: 'Please scan a new QR code first.',
  twoFactorRequired: 'Two-factor authentication is required.',
  accountLocked: (minutes: number) => `Too many failed attempts. Please try again in ${minutes} minutes.`,
} as const;
