import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { campaignKeys } from './keys';

/** GET /api/campaigns/blacklist: zone ids and domains none of the campaigns run on. */
export const getBlacklist = (signal?: AbortSignal) => apiRequest<string[]>('/campaigns/blacklist', { signal });

export const blacklistQuery = () =>
  queryOptions({ queryKey: campaignKeys.blacklist(), queryFn: ({ signal }) => getBlacklist(signal) });

export const useBlacklist = () => useQuery(blacklistQuery());

/** PUT /api/campaigns/blacklist with the whole list as a JSON array. */
export const saveBlacklist = (items: string[]) =>
  apiRequest<string[]>('/campaigns/blacklist', { method: 'PUT', body: items });

export function useSaveBlacklist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBlacklist,
    onSuccess: (items) => queryClient.setQueryData(campaignKeys.blacklist(), items),
  });
}
