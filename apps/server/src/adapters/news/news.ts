import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { cutNewsDescription, NEWS_ARTICLES_MAX, type NewsArticle } from '@cryptads/contract/news';
import type { Config } from '../../config';

/**
 * The provider's blog feed (docs/architecture.md#adapters). Embedded default: the bundled JSON
 * file beside this module; with NEWS_FEED_URL, that URL (a JSON Feed 1.1 document or the
 * same {items:[{url,title,date,description}]} shape), fetched with a timeout and cached.
 * Whatever fails, the answer is an empty list: the dashboard hides the card.
 */
export type NewsFeed = { latest: () => Promise<NewsArticle[]> };

const ItemSchema = z
  .object({
    url: z.url(),
    title: z.string().min(1),
    // Our shape says date/description; JSON Feed says date_published/summary/content_text.
    date: z.string().optional(),
    date_published: z.string().optional(),
    description: z.string().optional(),
    summary: z.string().optional(),
    content_text: z.string().optional(),
  })
  .transform((i) => ({
    url: i.url,
    title: i.title.trim(),
    date: i.date ?? i.date_published ?? '',
    description: i.description ?? i.summary ?? i.content_text ?? '',
  }));

const FeedSchema = z.union([z.object({ items: z.array(z.unknown()) }), z.array(z.unknown())]);

/** The latest articles of a parsed feed; items that do not parse or have no valid date are skipped. */
export function latestArticles(feed: unknown, max = NEWS_ARTICLES_MAX): NewsArticle[] {
  const parsed = FeedSchema.safeParse(feed);
  if (!parsed.success) return [];
  const raw = Array.isArray(parsed.data) ? parsed.data : parsed.data.items;
  const items: NewsArticle[] = [];
  for (const entry of raw) {
    const item = ItemSchema.safeParse(entry);
    if (!item.success || !/^https?:\/\//.test(item.data.url)) continue;
    const time = Date.parse(item.data.date);
    if (Number.isNaN(time)) continue;
    items.push({
      url: item.data.url,
      title: item.data.title,
      date: new Date(time).toISOString(),
      description: cutNewsDescription(item.data.description.replace(/<[^>]*>/g, ' ')),
    });
  }
  return items.sort((a, b) => b.date.localeCompare(a.date)).slice(0, max);
}

const BUNDLED = path.join(import.meta.dirname, 'bundled-news.json');
/** A failed fetch is retried after this long rather than on every dashboard load. */
const FAILURE_CACHE_MS = 30_000;

export function createNewsFeed(
  config: Pick<Config, 'news'>,
  fetchImpl: typeof fetch = fetch,
  log?: { warn: (o: object, m: string) => void },
): NewsFeed {
  const { feedUrl, timeoutMs, cacheSeconds } = config.news;
  if (!feedUrl) {
    let bundled: NewsArticle[] | undefined;
    return {
      async latest() {
        bundled ??= latestArticles(JSON.parse(readFileSync(BUNDLED, 'utf8')));
        return bundled;
      },
    };
  }
  let cached: { articles: NewsArticle[]; until: number } | null = null;
  let inFlight: Promise<NewsArticle[]> | null = null;
  const load = async () => {
    try {
      const res = await fetchImpl(feedUrl, {
        signal: AbortSignal.timeout(timeoutMs),
        headers: { accept: 'application/feed+json, application/json' },
      });
      if (!res.ok) throw new Error(`news feed answered ${res.status}`);
      const articles = latestArticles(await res.json());
      cached = { articles, until: Date.now() + cacheSeconds * 1000 };
      return articles;
    } catch (err) {
      log?.warn({ err }, 'news feed unavailable');
      cached = { articles: [], until: Date.now() + Math.min(FAILURE_CACHE_MS, cacheSeconds * 1000) };
      return [];
    }
  };
  return {
    async latest() {
      if (cached && cached.until > Date.now()) return cached.articles;
      // Many dashboards loading at once share one fetch.
      inFlight ??= load().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
}
