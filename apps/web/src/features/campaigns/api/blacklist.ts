import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { campaignsApi } from './client';
import { campaignKeys } from './keys';

/** GET /api/campaigns/blacklist: zone ids and domains none of the campaigns run on. */
export const getBlacklist = (signal?: AbortSignal) => campaignsApi.blacklist({ signal });

export const blacklistQuery = () =>
  queryOptions({ queryKey: campaignKeys.blacklist(), queryFn: ({ signal }) => getBlacklist(signal) });

export const useBlacklist = () => useQuery(blacklistQuery());

/** PUT /api/campaigns/blacklist with the whole list as a JSON array. */
export const saveBlacklist = (items: string[]) => campaignsApi.saveBlacklist({ body: items });

export function useSaveBlacklist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBlacklist,
    onSuccess: (items) => queryClient.setQueryData(campaignKeys.blacklist(), items),
  });
}
