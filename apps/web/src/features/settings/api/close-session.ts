import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { settingsKeys, settingsMutationKeys } from './keys';

/** DELETE /api/user/sessions/device/{id}: closes another session of the same user. */
export const closeSession = (identifier: string) =>
  apiRequest<unknown>(`/user/sessions/device/${encodeURIComponent(identifier)}`, { method: 'DELETE' });

export function useCloseSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: settingsMutationKeys.closeSession(),
    mutationFn: closeSession,
    // Code 200 refreshes the list (spec 000 §7).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.sessions() }),
  });
}
