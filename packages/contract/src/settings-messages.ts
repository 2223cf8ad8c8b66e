/**
 * The settings screens' texts and how a session row is described. No zod here, so that the
 * settings screens can use them without downloading the schema library; settings.ts
 * re-exports them beside the schemas.
 */
import { AUTH_MESSAGES } from './auth-messages';
import { DELETE_REASON_MAX } from './limits';
import { UI_MESSAGES } from './ui';
import { VALIDATION_MESSAGES } from './validation-messages';

/** Exact texts of docs/product/account.md#validation, #messages for the settings screens, and the server reasons we chose. */
export const SETTINGS_MESSAGES = {
  currentPasswordRequired: 'Please enter the current password.',
  newPasswordRequired: 'Please enter your new password.',
  confirmPassword: 'Please confirm your new password.',
  passwordsMustMatch: VALIDATION_MESSAGES.passwordsMustMatch,
  codeRequired: 'Please enter the code.',
  passwordChanged: AUTH_MESSAGES.passwordChanged,
  wrongCurrentPassword: 'The current password you entered is incorrect.',
  samePassword: 'Your new password must be different from the current one.',
  deletePasswordRequired: 'Please provide your current account password.',
  /** Answered with application code 4 (AppCode.WrongPasswordOnDelete). */
  deleteWrongPassword: 'The password you entered did not match our records, please try again.',
  deleteReasonTooLong: `Please use at most ${DELETE_REASON_MAX} characters.`,
  deletionAlreadyPending: 'A deletion of this account is already pending.',
  noDeletionPending: 'There is no pending deletion request for this account.',
  confirmDestructive: UI_MESSAGES.confirmDestructive,
  sessionClosed: 'The session was closed.',
  cannotCloseCurrentSession: 'This is the session you are using now. Use Logout to end it.',
  currentSessionLabel: 'Current Session',
  inactiveSessionLabel: 'Inactive Session',
  preferencesSaved: 'Your email preferences were saved.',
} as const;

/** What describes a session row (fields of settings.ts's AccessLogEntry). */
type SessionAgent = {
  browser: string | null;
  browserVersion: string | null;
  os: string | null;
  osVersion: string | null;
};
type SessionPlace = { city: string | null; region: string | null; country: string | null; ip: string | null };

/** 'Chrome 126 on Windows 10', or what is known of it. */
export function describeSessionAgent(row: SessionAgent) {
  const browser = [row.browser, row.browserVersion?.split('.')[0]].filter(Boolean).join(' ');
  const os = [row.os, row.osVersion].filter(Boolean).join(' ');
  if (browser && os) return `${browser} on ${os}`;
  return browser || os || 'Unknown device';
}

/** 'Berlin, Germany', or the IP address when the location is not known. */
export function describeSessionLocation(row: SessionPlace) {
  const place = [row.city, row.region, row.country].filter(Boolean).join(', ');
  return place || row.ip || 'Unknown';
}
