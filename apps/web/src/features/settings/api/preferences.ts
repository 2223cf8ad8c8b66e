import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailPreferences } from '@cryptads/contract/settings';
import { settingsApi } from './client';
import { settingsKeys, settingsMutationKeys } from './keys';

/** GET /api/user/preferences. */
export const getPreferences = (signal?: AbortSignal) => settingsApi.preferences({ signal });

export const preferencesQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.preferences(), queryFn: ({ signal }) => getPreferences(signal) });

export const usePreferences = () => useQuery(preferencesQueryOptions());

/** PUT /api/user/preferences with all three switches. */
export const updatePreferences = (input: EmailPreferences) => settingsApi.updatePreferences({ body: input });

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: settingsMutationKeys.updatePreferences(),
    mutationFn: updatePreferences,
    // The switch moves at once; a failure puts it back.
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: settingsKeys.preferences() });
      const previous = queryClient.getQueryData<EmailPreferences>(settingsKeys.preferences());
      queryClient.setQueryData(settingsKeys.preferences(), next);
      return { previous };
    },
    onError: (_error, _next, context) => {
      if (context?.previous) queryClient.setQueryData(settingsKeys.preferences(), context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.preferences() }),
  });
}
