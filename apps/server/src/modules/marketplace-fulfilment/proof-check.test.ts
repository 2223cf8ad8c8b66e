import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkProof, linksOf, relOf, sameTarget } from './proof-check';
import { articleWith, servePages } from './test-helpers';

const target = 'https://www.buyer.example/landing/';
const loopback = { allowPrivate: true, timeoutMs: 2000 };
const NOW = new Date('2026-03-02T10:00:00Z');

describe('the proof checker against pages served on loopback', () => {
  let site: Awaited<ReturnType<typeof servePages>>;
  beforeAll(async () => {
    site = await servePages({
      '/dofollow': { body: articleWith('<a href="https://buyer.example/landing">our partner</a>') },
      '/missing': { body: articleWith('<a href="https://elsewhere.example/landing">someone else</a>') },
      '/nofollow': { body: articleWith('<a rel="sponsored nofollow" href="http://buyer.example/landing/">ad</a>') },
      '/gone': { status: 404, body: 'Not here' },
      '/pdf': { type: 'application/pdf', body: '%PDF-1.7' },
      '/tricky': {
        body: `<html><head><base href="https://buyer.example/"></head><body>
          <!-- <a href="https://buyer.example/landing">in a comment</a> -->
          <script>document.write('<a href="https://buyer.example/landing">in a script</a>')</script>
          <a href="landing?utm_source=news#top" REL=noopener>relative, with a query</a></body></html>`,
      },
    });
  });
  afterAll(() => site.close());

  const check = (path: string, dofollowPromised = true, targetUrl: string | null = target) =>
    checkProof({ proofUrl: site.url(path), targetUrl, dofollowPromised }, loopback, NOW);

  it('finds a live page with a dofollow link to the target', async () => {
    expect(await check('/dofollow')).toEqual({
      checkedAt: NOW.toISOString(),
      live: true,
      httpStatus: 200,
      linksToTarget: true,
      rel: 'dofollow',
      broken: false,
      problem: null,
    });
  });

  it('calls a page without a link to the target broken', async () => {
    expect(await check('/missing')).toMatchObject({
      live: true,
      linksToTarget: false,
      rel: null,
      broken: true,
      problem: `The proof page has no link to ${target}.`,
    });
  });

  it('calls a sponsored/nofollow link broken only when the listing promises dofollow', async () => {
    expect(await check('/nofollow', true)).toMatchObject({
      linksToTarget: true,
      rel: 'sponsored',
      broken: true,
      problem: `The link to ${target} is marked sponsored, but this listing promises dofollow links.`,
    });
    expect(await check('/nofollow', false)).toMatchObject({ rel: 'sponsored', broken: false, problem: null });
  });

  it('calls a 404 page not live and broken', async () => {
    expect(await check('/gone')).toMatchObject({
      live: false,
      httpStatus: 404,
      linksToTarget: null,
      broken: true,
      problem: 'The proof page answered with HTTP status 404.',
    });
  });

  it('calls a page that is not HTML not live', async () => {
    expect(await check('/pdf')).toMatchObject({
      live: false,
      httpStatus: 200,
      broken: true,
      problem: 'The proof page is not an HTML page.',
    });
  });

  it('checks only that the page is there when the order has no target URL', async () => {
    expect(await check('/missing', true, null)).toMatchObject({ live: true, linksToTarget: null, broken: false });
  });

  it('reads links as a browser would: not in comments or scripts, relative to <base>', async () => {
    expect(await check('/tricky')).toMatchObject({ linksToTarget: true, rel: 'dofollow', broken: false });
    expect(linksOf(site.pages['/tricky']?.body ?? '', site.url('/tricky'))).toEqual([
      { href: 'https://buyer.example/landing?utm_source=news#top', rel: ['noopener'] },
    ]);
  });

  it('never fetches a private address unless allowed (production)', async () => {
    const refused = await checkProof(
      { proofUrl: site.url('/dofollow'), targetUrl: target, dofollowPromised: true },
      { allowPrivate: false, timeoutMs: 2000 },
      NOW,
    );
    expect(refused).toMatchObject({ live: false, httpStatus: null, broken: true });
    expect(refused.problem).toMatch(/^The proof page could not be loaded: .*non-public address/);
  });
});

describe('link matching', () => {
  it('matches the same host ignoring www and the same path ignoring a trailing slash', () => {
    expect(sameTarget('https://buyer.example/landing', 'http://www.buyer.example/landing/')).toBe(true);
    expect(sameTarget('https://WWW.Buyer.example/landing/?ref=1', 'https://buyer.example/landing')).toBe(true);
    expect(sameTarget('https://buyer.example/', 'https://buyer.example')).toBe(true);
    expect(sameTarget('https://shop.buyer.example/landing', 'https://buyer.example/landing')).toBe(false);
    expect(sameTarget('https://buyer.example/landing/more', 'https://buyer.example/landing')).toBe(false);
    expect(sameTarget('mailto:a@buyer.example', 'https://buyer.example/')).toBe(false);
  });

  it('names the rel: dofollow without nofollow/sponsored/ugc, else the first of those', () => {
    expect(relOf([])).toBe('dofollow');
    expect(relOf(['noopener', 'noreferrer'])).toBe('dofollow');
    expect(relOf(['ugc', 'nofollow'])).toBe('ugc');
    expect(relOf(['noopener', 'nofollow'])).toBe('nofollow');
  });
});
