import { z } from 'zod';

/** docs/product/account.md#data: News article {url, title, date, description}. */
export const NewsArticleSchema = z.object({
  url: z.string(),
  title: z.string(),
  date: z.string(),
  description: z.string(),
});
export type NewsArticle = z.infer<typeof NewsArticleSchema>;

/** GET /news: the latest NEWS_ARTICLES_MAX articles; an empty list when the feed is down. */
export const NewsListSchema = z.array(NewsArticleSchema);
export { cutNewsDescription, NEWS_ARTICLES_MAX, NEWS_DESCRIPTION_MAX } from './news-limits';
