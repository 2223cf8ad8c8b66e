/**
 * How many news articles the dashboard shows and how their descriptions are cut. No zod here,
 * so that the dashboard can use them without downloading the schema library; news.ts
 * re-exports them and adds the schemas.
 */
import { cutText } from './text-cut';

/** docs/product/account.md#dashboard; docs/product/limits.md#account: 2 news articles, description cut to 85 characters. */
export const NEWS_ARTICLES_MAX = 2;
export const NEWS_DESCRIPTION_MAX = 85;

/** The description of a news card (cut to 85 characters: docs/product/account.md#dashboard). */
export const cutNewsDescription = (text: string) => cutText(text, NEWS_DESCRIPTION_MAX);
