import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@cryptads/contract/settings';
import { apiRequest } from '../../../lib/api-client';
import { settingsMutationKeys } from './keys';

/** PUT /api/user/password: answers { message }. */
export const changePassword = (input: ChangePasswordInput) =>
  apiRequest<{ message: string }>('/user/password', { method: 'PUT', body: input });

export const useChangePassword = () =>
  useMutation({ mutationKey: settingsMutationKeys.changePassword(), mutationFn: changePassword });
