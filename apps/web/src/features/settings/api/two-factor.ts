import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { userKeys } from '../../../lib/api/keys';
import { authApi } from './client';
import { settingsKeys, settingsMutationKeys } from './keys';

/** GET /api/user/twoFactor: { status: 0 | 1 }. */
export const getTwoFactorStatus = (signal?: AbortSignal) => authApi.twoFactorStatus({ signal });

export const twoFactorStatusQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.twoFactor(), queryFn: ({ signal }) => getTwoFactorStatus(signal) });

export const useTwoFactorStatus = () => useQuery(twoFactorStatusQueryOptions());

/** GET /api/user/twoFactor/request: a new secret with its QR code (each call makes a new one). */
export const requestTwoFactor = (signal?: AbortSignal) => authApi.twoFactorRequest({ signal });

export const useTwoFactorRequest = (enabled: boolean) =>
  useQuery({
    queryKey: settingsKeys.twoFactorRequest(),
    queryFn: ({ signal }) => requestTwoFactor(signal),
    enabled,
    // A secret is shown once per opening of the modal, never refetched behind the person's back.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });

/** POST /api/user/twoFactor/validate: turns 2FA on with a code of the new secret. */
export const enableTwoFactor = (code: string) => authApi.twoFactorEnable({ body: { code } });

/** DELETE /api/user/twoFactor/disable: turns 2FA off with a current code. */
export const disableTwoFactor = (code: string) => authApi.twoFactorDisable({ body: { code } });

export function useChangeTwoFactor(mode: 'enable' | 'disable') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mode === 'enable' ? settingsMutationKeys.enableTwoFactor() : settingsMutationKeys.disableTwoFactor(),
    mutationFn: mode === 'enable' ? enableTwoFactor : disableTwoFactor,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: settingsKeys.twoFactor() }),
        // GET /user carries secureStatus, which the password and delete forms read.
        queryClient.invalidateQueries({ queryKey: userKeys.details() }),
      ]);
    },
  });
}
