import { queryOptions, useQuery } from '@tanstack/react-query';
import { marketplaceApi } from './client';
import { marketplaceKeys } from './keys';

/** GET /api/marketplace/listings/homepage: one row per category (trending first) and the dashboard's teaser. */
export const getHomepage = (signal?: AbortSignal) => marketplaceApi.homepage({ signal });

export const homepageQueryOptions = () =>
  queryOptions({ queryKey: marketplaceKeys.homepage(), queryFn: ({ signal }) => getHomepage(signal) });

export const useHomepage = () => useQuery(homepageQueryOptions());
