import { useMutation, useQueryClient } from '@tanstack/react-query';
import { settingsApi } from './client';
import { settingsKeys, settingsMutationKeys } from './keys';

/** DELETE /api/user/sessions/device/{id}: closes another session of the same user. */
export const closeSession = (identifier: string) => settingsApi.closeSession({ params: { id: identifier } });

export function useCloseSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: settingsMutationKeys.closeSession(),
    mutationFn: closeSession,
    // Code 200 refreshes the list (docs/product/account.md#api).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.sessions() }),
  });
}
