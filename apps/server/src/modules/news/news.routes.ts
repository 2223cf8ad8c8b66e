import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NewsListSchema } from '@cryptads/contract/news';
import { createNewsFeed, type NewsFeed } from '../../adapters/news/news';
import { ok, replies } from '../../lib/envelope';

/**
 * spec 000 §2.9: the latest 2 articles of the provider's blog, descriptions cut to 85
 * characters; an empty list when the feed is unavailable. Both account types.
 */
export function newsRoutes(feed?: NewsFeed): FastifyPluginAsyncZod {
  return async (app) => {
    const news = feed ?? createNewsFeed(app.ctx.config, fetch, app.log);
    app.get(
      '/news',
      { preHandler: app.requireUser(), schema: { tags: ['dashboard'], response: replies(NewsListSchema) } },
      async () => ok(await news.latest()),
    );
  };
}

export default newsRoutes();
