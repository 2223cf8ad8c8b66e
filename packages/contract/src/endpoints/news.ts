import { defineEndpoints } from '../endpoint';
import { NewsListSchema } from '../news';
import { newsRoutes } from './news.routes';

export const newsEndpoints = defineEndpoints(newsRoutes, {
  list: {
    tag: 'dashboard',
    summary: 'The latest articles of the blog, descriptions cut short',
    description: 'An empty list when the feed is unavailable.',
    response: NewsListSchema,
  },
});
