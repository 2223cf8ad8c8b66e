import { z } from 'zod';
import { AUTH_MESSAGES } from './auth-messages';
import { DELETE_REASON_MAX } from './limits';
import { UI_MESSAGES } from './ui';
import {
  currentPasswordSchema,
  ENGLISH_ONLY_PATTERN,
  newPasswordSchema,
  sixDigitCodeSchema,
  VALIDATION_MESSAGES,
} from './validation';

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

// ---- Access log (GET /user/sessions/enabledList) --------------------------------------------

/**
 * One row of the access log (docs/product/account.md#data "Access log entry / session row").
 * `date` is the last time the session was used (ISO 8601, UTC). `enabled` is false for a
 * session that was closed, logged out or has expired: the screen shows 'Inactive Session'.
 * `current` marks the session making the call: the screen shows 'Current Session'.
 */
export const AccessLogEntrySchema = z.object({
  date: z.string(),
  /** When the session was opened (ISO 8601). */
  createdAt: z.string(),
  /** 'Desktop', 'Mobile', 'Tablet' ... or null when the user agent did not say. */
  device: z.string().nullable(),
  /** The deviceIdentifier: DELETE /user/sessions/device/{identifier} closes it. */
  identifier: z.string(),
  enabled: z.boolean(),
  current: z.boolean(),
  ip: z.string().nullable(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  country: z.string().nullable(),
  os: z.string().nullable(),
  osVersion: z.string().nullable(),
  browser: z.string().nullable(),
  browserVersion: z.string().nullable(),
});
export type AccessLogEntry = z.infer<typeof AccessLogEntrySchema>;

/** Newest first; the current session is always present. */
export const AccessLogSchema = z.array(AccessLogEntrySchema);
export type AccessLog = z.infer<typeof AccessLogSchema>;

export const SessionDeviceParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** 'Chrome 126 on Windows 10', or what is known of it. */
export function describeSessionAgent(row: Pick<AccessLogEntry, 'browser' | 'browserVersion' | 'os' | 'osVersion'>) {
  const browser = [row.browser, row.browserVersion?.split('.')[0]].filter(Boolean).join(' ');
  const os = [row.os, row.osVersion].filter(Boolean).join(' ');
  if (browser && os) return `${browser} on ${os}`;
  return browser || os || 'Unknown device';
}

/** 'Berlin, Germany', or the IP address when the location is not known. */
export function describeSessionLocation(row: Pick<AccessLogEntry, 'city' | 'region' | 'country' | 'ip'>) {
  const place = [row.city, row.region, row.country].filter(Boolean).join(', ');
  return place || row.ip || 'Unknown';
}

// ---- Change password (PUT /user/password) -------------------------------------------------

const twoFactorCodeField = sixDigitCodeSchema(SETTINGS_MESSAGES.codeRequired);

/** What the server accepts. twoFactorCode is required by the server when 2FA is on. */
export const ChangePasswordInputSchema = z.object({
  oldPassword: currentPasswordSchema(SETTINGS_MESSAGES.currentPasswordRequired),
  newPassword: newPasswordSchema(SETTINGS_MESSAGES.newPasswordRequired),
  twoFactorCode: twoFactorCodeField.optional(),
});
export type ChangePasswordInput = z.input<typeof ChangePasswordInputSchema>;

/**
 * The change-password form: the new password twice, and the code field when 2FA is on.
 * The web app sends `toChangePasswordInput(values)`.
 */
export const changePasswordFormSchema = (twoFactorOn: boolean) =>
  z
    .object({
      oldPassword: currentPasswordSchema(SETTINGS_MESSAGES.currentPasswordRequired),
      newPassword: newPasswordSchema(SETTINGS_MESSAGES.newPasswordRequired),
      repeatPassword: z.string({ error: SETTINGS_MESSAGES.confirmPassword }).min(1, SETTINGS_MESSAGES.confirmPassword),
      twoFactorCode: twoFactorOn ? twoFactorCodeField : z.string().optional(),
    })
    .refine((v) => v.newPassword === v.repeatPassword, {
      message: SETTINGS_MESSAGES.passwordsMustMatch,
      path: ['repeatPassword'],
    });
export type ChangePasswordForm = z.input<ReturnType<typeof changePasswordFormSchema>>;

export function toChangePasswordInput(form: ChangePasswordForm, twoFactorOn: boolean): ChangePasswordInput {
  return {
    oldPassword: form.oldPassword,
    newPassword: form.newPassword,
    ...(twoFactorOn && form.twoFactorCode ? { twoFactorCode: form.twoFactorCode } : {}),
  };
}

/** PUT /user/password answers { message: 'The password was changed successfully.' }. */
export const PasswordChangedSchema = z.object({ message: z.string() });

// ---- Email preferences (GET/PUT /user/preferences) --------------------------------------------

export const EmailPreferencesSchema = z.object({
  emailMarketing: z.boolean(),
  emailNotification: z.boolean(),
  emailMarketingPartners: z.boolean(),
});
export type EmailPreferences = z.infer<typeof EmailPreferencesSchema>;

/** Until a person changes them: account notifications on, marketing off (opt-in). */
export const DEFAULT_EMAIL_PREFERENCES: EmailPreferences = {
  emailMarketing: false,
  emailNotification: true,
  emailMarketingPartners: false,
};

export const EMAIL_PREFERENCE_LABELS: Record<keyof EmailPreferences, { label: string; description: string }> = {
  emailNotification: {
    label: 'Account notifications',
    description: 'Approvals, payments, low balance and security alerts by email.',
  },
  emailMarketing: {
    label: 'Product news and offers',
    description: 'New ad formats, features and promotions from us.',
  },
  emailMarketingPartners: {
    label: 'Partner offers',
    description: 'Selected offers from our marketplace partners.',
  },
};

// ---- Delete account (DELETE /user, DELETE /user/deleteRequest) ----------------------------------

export const DeleteAccountInputSchema = z.object({
  reason: z
    .string()
    .trim()
    .max(DELETE_REASON_MAX, SETTINGS_MESSAGES.deleteReasonTooLong)
    .regex(ENGLISH_ONLY_PATTERN, VALIDATION_MESSAGES.englishOnly)
    .optional()
    .default(''),
  password: currentPasswordSchema(SETTINGS_MESSAGES.deletePasswordRequired),
  /** Required by the server when 2FA is on. */
  twoFactorCode: twoFactorCodeField.optional(),
});
export type DeleteAccountInput = z.input<typeof DeleteAccountInputSchema>;

/** The delete-account form: the code field is required when 2FA is on. */
export const deleteAccountFormSchema = (twoFactorOn: boolean) =>
  DeleteAccountInputSchema.extend({
    twoFactorCode: twoFactorOn ? twoFactorCodeField : z.string().optional(),
  });

/** docs/product/account.md#data: delete {requestDate, terminationDate, reason}; dates are ISO 8601 (UTC). */
export const DeletionRequestSchema = z.object({
  requestDate: z.string(),
  terminationDate: z.string(),
  reason: z.string(),
});
export type DeletionRequest = z.infer<typeof DeletionRequestSchema>;

/** DELETE /user and DELETE /user/deleteRequest answer the deletion state after the change. */
export const DeletionStateSchema = z.object({
  pendingDelete: z.boolean(),
  delete: DeletionRequestSchema.nullable(),
});
export type DeletionState = z.infer<typeof DeletionStateSchema>;

/** Body of DELETE /user/deleteRequest: the product sends "body"; nothing in it is needed. */
export const CancelDeletionInputSchema = z.object({}).passthrough().nullish();
