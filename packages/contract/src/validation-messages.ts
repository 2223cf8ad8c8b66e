/**
 * The exact messages of the field rules (docs/product/account.md#validation). No zod here, so
 * that screens can show them without downloading the schema library; validation.ts
 * re-exports them beside the schemas.
 */
import { TEXT_MAX } from './limits';

/** Field rules of docs/product/account.md#validation with their exact messages. */
export const VALIDATION_MESSAGES = {
  emailRequired: 'Please enter your email address.',
  emailInvalid: 'Please enter a valid email address.',
  passwordNotStrong: 'Password is not strong enough.',
  passwordsMustMatch: 'Both passwords must match.',
  englishOnly: 'Please make sure you are using English characters only. Symbols like @, $ are not allowed.',
  textTooLong: `Please use at most ${TEXT_MAX} characters.`,
} as const;
