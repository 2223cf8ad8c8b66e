import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListingView } from '@cryptads/contract/marketplace-messages';
import { marketplaceApi } from './client';
import { marketplaceKeys } from './keys';

/** GET /api/marketplace/displayView: the account's results view, grid (default) or list. */
export const getDisplayView = (signal?: AbortSignal) => marketplaceApi.displayView({ signal });

export const displayViewQueryOptions = () =>
  queryOptions({
    queryKey: marketplaceKeys.displayView(),
    queryFn: async ({ signal }) => (await getDisplayView(signal)).view,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useDisplayView = () => useQuery(displayViewQueryOptions());

/**
 * PUT /api/marketplace/displayView: keeps the account's choice. The toggle switches at once;
 * a failed save switches it back.
 */
export function useSetDisplayView() {
  const queryClient = useQueryClient();
  const key = marketplaceKeys.displayView();
  return useMutation({
    mutationFn: (view: ListingView) => marketplaceApi.setDisplayView({ body: { view } }),
    onMutate: async (view) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ListingView>(key);
      queryClient.setQueryData<ListingView>(key, view);
      return { previous };
    },
    onError: (_error, _view, context) => {
      if (context?.previous) queryClient.setQueryData<ListingView>(key, context.previous);
    },
    onSuccess: ({ view }) => queryClient.setQueryData<ListingView>(key, view),
  });
}
