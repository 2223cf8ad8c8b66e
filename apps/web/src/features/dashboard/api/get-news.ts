import { queryOptions, useQuery } from '@tanstack/react-query';
import { NEWS_ARTICLES_MAX } from '@cryptads/contract/news-limits';
import { newsApi } from './client';
import { dashboardKeys } from './keys';

/** GET /api/news: the provider blog's latest articles (an empty list when the feed is down). */
export const getNews = (signal?: AbortSignal) => newsApi.list({ signal });

export const newsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.news(),
    queryFn: async ({ signal }) => (await getNews(signal)).slice(0, NEWS_ARTICLES_MAX),
    staleTime: 10 * 60_000,
    // A failing feed hides the card; asking again and again would not help.
    retry: false,
  });

export const useNews = () => useQuery(newsQueryOptions());
