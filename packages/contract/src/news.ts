import { z } from 'zod';
import { cutText } from './announcements';

/** spec 000 §3: News article {url, title, date, description}. */
export const NewsArticleSchema = z.object({
  url: z.string(),
  title: z.string(),
  date: z.string(),
  description: z.string(),
});
export type NewsArticle = z.infer<typeof NewsArticleSchema>;

/** GET /news: the latest NEWS_ARTICLES_MAX articles; an empty list when the feed is down. */
export const NewsListSchema = z.array(NewsArticleSchema);
/** spec 000 §2.9, §9: 2 news articles, description cut to 85 characters. */
export const NEWS_ARTICLES_MAX = 2;
export const NEWS_DESCRIPTION_MAX = 85;

/** The description of a news card (spec: cut to 85 characters). */
export const cutNewsDescription = (text: string) => cutText(text, NEWS_DESCRIPTION_MAX);
