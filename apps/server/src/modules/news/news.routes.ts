import { newsEndpoints as api } from '@cryptads/contract/endpoints/news';
import type { NewsFeed } from '../../adapters/news/news';
import { route } from '../../lib/endpoint-routes';

/**
 * docs/product/account.md#dashboard: the latest 2 articles of the provider's blog, descriptions cut to 85
 * characters; an empty list when the feed is unavailable. Both account types.
 */
export const newsRoutes = (feed: NewsFeed) => [route(api.list, async () => feed.latest())];
