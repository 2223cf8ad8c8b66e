import { OkSchema } from '../api';
import { defineEndpoints } from '../endpoint';
import {
  AccessLogSchema,
  CancelDeletionInputSchema,
  ChangePasswordInputSchema,
  DeleteAccountInputSchema,
  DeletionStateSchema,
  EmailPreferencesSchema,
  PasswordChangedSchema,
  SessionDeviceParamsSchema,
} from '../settings';
import { settingsRoutes } from './settings.routes';

const tag = 'settings';

export const settingsEndpoints = defineEndpoints(settingsRoutes, {
  accessLog: {
    tag,
    summary: 'Access log: the sessions of the caller, most recently used first',
    description: "enabled false: closed, logged out or expired ('Inactive Session'); current: the calling session.",
    response: AccessLogSchema,
  },
  closeSession: {
    tag,
    summary: 'Close another session of the caller by its identifier',
    params: SessionDeviceParamsSchema,
    response: OkSchema,
  },
  changePassword: {
    tag,
    summary: 'Change the password; ends the other sessions',
    body: ChangePasswordInputSchema,
    response: PasswordChangedSchema,
  },
  preferences: { tag, summary: 'Email preferences', response: EmailPreferencesSchema },
  updatePreferences: {
    tag,
    summary: 'Set the email preferences (all switches)',
    body: EmailPreferencesSchema,
    response: EmailPreferencesSchema,
  },
  deleteAccount: {
    tag,
    summary: 'Request the deletion of the account',
    description: 'Wrong password: 400 with code 4. The account is deleted at delete.terminationDate.',
    body: DeleteAccountInputSchema,
    response: DeletionStateSchema,
  },
  cancelDeletion: {
    tag,
    summary: 'Cancel the pending deletion',
    body: CancelDeletionInputSchema,
    response: DeletionStateSchema,
  },
});
