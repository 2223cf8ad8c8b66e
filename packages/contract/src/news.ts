import { z } from 'zod';
import { cutText } from './announcements';

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
/** docs/product/account.md#dashboard; docs/product/limits.md#account: 2 news articles, description cut to 85 characters. */
export const NEWS_ARTICLES_MAX = 2;
export const NEWS_DESCRIPTION_MAX = 85;

/** The description of a news card (cut to 85 characters: docs/product/account.md#dashboard). */
export const cutNewsDescription = (text: string) => cutText(text, NEWS_DESCRIPTION_MAX);
