import { z } from 'zod';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from './limits';
import { VALIDATION_MESSAGES } from './validation-messages';

export { VALIDATION_MESSAGES } from './validation-messages';

/** A standard email pattern: something@domain.tld, no spaces, one @. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)*\.[A-Za-z]{2,}$/;
/** General text: letters, digits, space and _ . , - / ' % & ! ? */
export const GENERAL_TEXT_PATTERN = /^[A-Za-z0-9 _.,\-/'%&!?]*$/;
/** English characters only: printable ASCII without the symbols the product names. */
export const ENGLISH_ONLY_PATTERN = /^[A-Za-z0-9\s.,;:'"!?()\-_/&%+*#=]*$/;

export const EmailSchema = z
  .string({ error: VALIDATION_MESSAGES.emailRequired })
  .trim()
  // An empty field shows only "required", not also "invalid".
  .min(1, { error: VALIDATION_MESSAGES.emailRequired, abort: true })
  .max(EMAIL_MAX, VALIDATION_MESSAGES.emailInvalid)
  .regex(EMAIL_PATTERN, VALIDATION_MESSAGES.emailInvalid)
  .transform((email) => email.toLowerCase());

export type PasswordStrength = {
  hasUppercaseCharacter: boolean;
  hasLowercaseCharacter: boolean;
  hasDigit: boolean;
  hasSpecialCharacter: boolean;
  hasMinimumLength: boolean;
};

export const PASSWORD_CRITERIA_LABELS: Record<keyof PasswordStrength, string> = {
  hasUppercaseCharacter: 'One uppercase letter',
  hasLowercaseCharacter: 'One lowercase letter',
  hasDigit: 'One digit',
  hasSpecialCharacter: 'One special character',
  hasMinimumLength: `At least ${PASSWORD_MIN} characters`,
};

/** Each criterion reported individually (docs/product/account.md#validation). */
export function passwordStrength(password: string): PasswordStrength {
  return {
    hasUppercaseCharacter: /[A-Z]/.test(password),
    hasLowercaseCharacter: /[a-z]/.test(password),
    hasDigit: /[0-9]/.test(password),
    hasSpecialCharacter: /[^A-Za-z0-9]/.test(password),
    hasMinimumLength: password.length >= PASSWORD_MIN,
  };
}

export function isStrongPassword(password: string): boolean {
  return Object.values(passwordStrength(password)).every(Boolean);
}

/** A new password (sign-up, reset, change): required, strong, bounded. */
export const newPasswordSchema = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .max(PASSWORD_MAX, VALIDATION_MESSAGES.passwordNotStrong)
    .refine(isStrongPassword, VALIDATION_MESSAGES.passwordNotStrong);

/** An existing password being checked: only required and bounded. */
export const currentPasswordSchema = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).min(1, requiredMessage).max(PASSWORD_MAX, requiredMessage);

/** Six digits, with the message the screen shows when it is not. */
export const sixDigitCodeSchema = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{6}$/, message);

/** Text inputs are trimmed (on blur in the web app, always on the server). */
export const trimmedText = (requiredMessage: string, max: number, maxMessage?: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, maxMessage ?? `Please use at most ${max} characters.`);
