import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWS_DESCRIPTION_MAX, NewsListSchema } from '@cryptads/contract/news';
import { loadConfig } from '../../config';
import { body, loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createNewsFeed, latestArticles } from './news';

const feedConfig = (cacheSeconds = 600) =>
  loadConfig({
    NEWS_FEED_URL: 'https://blog.example/feed.json',
    NEWS_FEED_TIMEOUT_MS: '50',
    NEWS_CACHE_SECONDS: String(cacheSeconds),
  });

const jsonFeed = {
  version: 'https://jsonfeed.org/version/1.1',
  items: [
    { url: 'https://blog.example/a', title: 'Old', date_published: '2026-01-01T00:00:00Z', summary: 'old' },
    {
      url: 'https://blog.example/c',
      title: 'Newest',
      date_published: '2026-03-01T00:00:00Z',
      content_text: 'x'.repeat(200),
    },
    { url: 'https://blog.example/b', title: 'Middle', date_published: '2026-02-01T00:00:00Z', summary: '<p>Hello</p>' },
    { url: 'javascript:alert(1)', title: 'Bad', date_published: '2026-04-01T00:00:00Z' },
  ],
};

describe('news feed adapter', () => {
  it('keeps the latest two valid articles with descriptions cut to 85 characters', () => {
    const items = latestArticles(jsonFeed);
    expect(items.map((i) => i.title)).toEqual(['Newest', 'Middle']);
    expect(items[0]?.description.length).toBeLessThanOrEqual(NEWS_DESCRIPTION_MAX);
    expect(items[1]?.description).toBe('Hello');
  });

  it('fetches the configured feed once and answers from the cache after', async () => {
    let calls = 0;
    const fake = (async () => {
      calls++;
      return new Response(JSON.stringify(jsonFeed), { status: 200 });
    }) as typeof fetch;
    const feed = createNewsFeed(feedConfig(), fake);
    const [a, b] = await Promise.all([feed.latest(), feed.latest()]);
    expect(a).toHaveLength(2);
    expect(b).toEqual(a);
    await feed.latest();
    expect(calls).toBe(1);
  });

  it('answers an empty list when the feed fails, answers garbage or is too slow', async () => {
    const failing = createNewsFeed(feedConfig(), (async () => new Response('oops', { status: 500 })) as typeof fetch);
    expect(await failing.latest()).toEqual([]);
    const garbage = createNewsFeed(
      feedConfig(),
      (async () => new Response('not json', { status: 200 })) as typeof fetch,
    );
    expect(await garbage.latest()).toEqual([]);
    const slow = createNewsFeed(
      feedConfig(),
      ((_url: string, init?: RequestInit) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        })) as typeof fetch,
    );
    expect(await slow.latest()).toEqual([]);
  });
});

describe('GET /news', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.closeAll();
  });

  it('answers the latest two bundled articles', async () => {
    const me = await loginAs(app, 'advertiser');
    const res = await app.inject({ method: 'GET', url: '/api/news', headers: me.headers });
    const items = NewsListSchema.parse(body(res).response);
    expect(items).toHaveLength(2);
    expect(items[0]?.title).toBe('Native ads for token launches: what worked in our Q1 campaigns');
    expect(items.every((i) => i.description.length <= NEWS_DESCRIPTION_MAX && i.url.startsWith('https://'))).toBe(true);
  });

  it('needs a session', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/news' })).statusCode).toBe(401);
  });
});
