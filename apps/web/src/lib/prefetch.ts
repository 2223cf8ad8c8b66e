import type { FetchQueryOptions, QueryClient, QueryFunctionContext } from '@tanstack/react-query';
import { askEarly } from './api-client';

/** Any query's options, as a list of different queries holds them. */
// biome-ignore lint/suspicious/noExplicitAny: each query has its own data type; prefetchQuery takes them all.
export type PageQuery = FetchQueryOptions<any, any, any, any>;

/** What the preloads of a page do with the calls its first render will make (app/router.tsx). */
export type Prefetch = (query: PageQuery) => void;

/** Into the query cache, where the first render finds them (a page the browser renders itself). */
export const prefetchInto =
  (client: QueryClient): Prefetch =>
  (query) =>
    void client.prefetchQuery(query);

/**
 * For a page the server rendered (docs/decisions/062): what its state already holds is not asked
 * again; the other calls start now, and their answers wait in the API client, out of the cache,
 * for the components that ask once hydrated (api-client.ts `askEarly`).
 */
export const askAhead =
  (client: QueryClient): Prefetch =>
  (query) => {
    const fetcher = query.queryFn;
    if (typeof fetcher !== 'function' || client.getQueryData(query.queryKey) !== undefined) return;
    const context = { client, queryKey: query.queryKey, signal: new AbortController().signal, meta: query.meta };
    askEarly(() => fetcher(context as QueryFunctionContext));
  };
