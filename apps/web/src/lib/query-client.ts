import { QueryClient } from '@tanstack/react-query';
import { QUERY_CACHE_GC_MS } from '@cryptads/contract/limits';
import { isApiError } from './api-client';

/** A 4xx will not change by asking again; network and 5xx failures get two more tries. */
export function shouldRetry(failureCount: number, error: unknown) {
  if (isApiError(error) && error.category === 'http' && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // Unused cached data is kept 60 seconds (docs/product/account.md#api).
      queries: { gcTime: QUERY_CACHE_GC_MS, staleTime: 30_000, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}

/** The one client of the running app; tests make their own. */
export const queryClient = createQueryClient();
