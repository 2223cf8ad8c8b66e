import { z } from 'zod';
import { DELETE_REASON_MAX } from './limits';
import { SETTINGS_MESSAGES } from './settings-messages';
import {
  currentPasswordSchema,
  ENGLISH_ONLY_PATTERN,
  newPasswordSchema,
  sixDigitCodeSchema,
  VALIDATION_MESSAGES,
} from './validation';

export { describeSessionAgent, describeSessionLocation, SETTINGS_MESSAGES } from './settings-messages';

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
