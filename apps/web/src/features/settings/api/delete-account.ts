import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteAccountInput } from '@cryptads/contract/settings';
import { userKeys } from '../../../lib/api/keys';
import { settingsApi } from './client';
import { settingsMutationKeys } from './keys';

/** DELETE /api/user: asks for the account's deletion (carried out after 48 hours). */
export const deleteAccount = (input: DeleteAccountInput) => settingsApi.deleteAccount({ body: input });

/** DELETE /api/user/deleteRequest: cancels a pending deletion. */
export const cancelDeletion = () => settingsApi.cancelDeletion({ body: {} });

/** The deletion state lives in GET /user (pendingDelete, delete), which both calls refresh. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: settingsMutationKeys.deleteAccount(),
    mutationFn: deleteAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.details() }),
  });
}

export function useCancelDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: settingsMutationKeys.cancelDeletion(),
    mutationFn: cancelDeletion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.details() }),
  });
}
