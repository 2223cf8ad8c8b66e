import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@cryptads/contract/settings';
import { settingsApi } from './client';
import { settingsMutationKeys } from './keys';

/** PUT /api/user/password: answers { message }. */
export const changePassword = (input: ChangePasswordInput) => settingsApi.changePassword({ body: input });

export const useChangePassword = () =>
  useMutation({ mutationKey: settingsMutationKeys.changePassword(), mutationFn: changePassword });
