import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdsTxtState } from '@cryptads/contract/sellers';
import { websiteAdsTxt } from '../../db/schema/sellers';
import { body, loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { reviewWebsite } from '../websites/websites.service';
import { judgeAdsTxt, parseAdsTxt } from './ads-txt';
import { checkDueAdsTxt } from './ads-txt.service';

/**
 * A website's ads.txt line and its check (docs/product/websites.md#adstxt): the parser on its
 * own, then each result of a check against a site served on 127.0.0.1 by the test (the
 * ownership check's fetch, with VERIFY_ALLOW_PRIVATE as its tests have it), the daily job and
 * who may see or run a check.
 */

const OURS = { domain: 'cryptads.example', sellerId: '0a1b2c3d4e5f6789' };

describe('reading an ads.txt file', () => {
  it('finds our line among others, whatever the case, spacing, comments and extensions', () => {
    const file = [
      '\uFEFF# ads.txt of example.com',
      'contact=ads@example.com',
      'subdomain=news.example.com',
      'google.com, pub-0000000000000000, DIRECT, f08c47fec0942fa0',
      '',
      '  CryptAds.Example ,0A1B2C3D4E5F6789 ,  direct   # us ;-)',
      'appnexus.com, 1234, RESELLER',
    ].join('\r\n');
    expect(judgeAdsTxt(file, OURS)).toEqual({ reason: 'found', line: null });
    expect(judgeAdsTxt('cryptads.example, 0a1b2c3d4e5f6789, DIRECT, TAGID;ext=1', OURS).reason).toBe('found');
    expect(parseAdsTxt(file).map((r) => r.domain)).toEqual(['google.com', 'cryptads.example', 'appnexus.com']);
  });

  it('quotes a line of ours with another seller id, or with ours but not DIRECT', () => {
    expect(judgeAdsTxt('google.com, pub-1, DIRECT\ncryptads.example, 999, DIRECT # old account', OURS)).toEqual({
      reason: 'other-seller-id',
      line: 'cryptads.example, 999, DIRECT # old account',
    });
    expect(judgeAdsTxt('cryptads.example, 999, DIRECT\ncryptads.example, 0a1b2c3d4e5f6789, RESELLER', OURS)).toEqual({
      reason: 'relationship',
      line: 'cryptads.example, 0a1b2c3d4e5f6789, RESELLER',
    });
    const long = `cryptads.example, 1, DIRECT, ${'x'.repeat(400)}`;
    expect(judgeAdsTxt(long, OURS).line).toHaveLength(300);
  });

  it('has no line of ours in a file without one, an empty file, variables or half-written records', () => {
    for (const file of [
      '',
      'google.com, pub-1, DIRECT',
      '# cryptads.example, 0a1b2c3d4e5f6789, DIRECT',
      'ownerdomain=cryptads.example',
      'cryptads.example, 0a1b2c3d4e5f6789',
      'sub.cryptads.example, 0a1b2c3d4e5f6789, DIRECT',
    ])
      expect(judgeAdsTxt(file, OURS), file).toEqual({ reason: 'no-line', line: null });
  });
});

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** A publisher's website on 127.0.0.1 answering /ads.txt as the test sets. */
async function startSite() {
  const site = { adsTxt: ((_req, res) => res.writeHead(404).end()) as Handler, requests: 0 };
  const server = http.createServer((req, res) => {
    if (req.url === '/ads.txt') {
      site.requests++;
      site.adsTxt(req, res);
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    site,
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

const text =
  (content: string, type = 'text/plain'): Handler =>
  (_req, res) =>
    res.writeHead(200, { 'content-type': type }).end(content);

describe('against a live site', () => {
  let app: TestApp;
  let live: Awaited<ReturnType<typeof startSite>>;
  let address = 0;
  /** Each check comes from its own address: the per-address limit is the rate-limit test's alone. */
  const nextAddress = () => `198.51.100.${++address}`;

  beforeAll(async () => {
    app = await createTestApp({
      VERIFY_ALLOW_PRIVATE: '1',
      VERIFY_TIMEOUT_MS: '1000',
      PUBLIC_URL: 'https://www.cryptads.example',
      ADS_TXT_CERTIFICATION_ID: 'f08c47fec0942fa0',
    });
    live = await startSite();
  });
  afterAll(async () => {
    await live.close();
    await app.closeAll();
  });

  /** A new publisher with the live site as a website (approved unless told otherwise). */
  async function publisherSite(opts: { url?: string; approve?: boolean } = {}) {
    const pub = await loginAs(app, 'publisher');
    const res = await app.inject({
      method: 'POST',
      url: '/api/websites',
      headers: pub.headers,
      payload: { website: opts.url ?? live.url },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = body<{ id: number }>(res).response.id;
    if (opts.approve !== false) await reviewWebsite(app.ctx.db, id, 'approve');
    return { pub, id };
  }

  const getState = (id: number, headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: `/api/websites/${id}/ads-txt`, headers, remoteAddress: nextAddress() });
  const checkNow = (id: number, headers: Record<string, string>, remoteAddress = nextAddress()) =>
    app.inject({ method: 'POST', url: `/api/websites/${id}/ads-txt`, headers, remoteAddress });

  /** A new approved website whose /ads.txt answers what `answer` makes of its line, checked now. */
  async function checked(answer: (line: string) => Handler) {
    const { pub, id } = await publisherSite();
    const before = body<AdsTxtState>(await getState(id, pub.headers)).response;
    live.site.adsTxt = answer(before.line);
    const res = await checkNow(id, pub.headers);
    expect(res.statusCode, res.body).toBe(200);
    return { pub, id, before, state: body<AdsTxtState>(res).response };
  }

  describe('the ads.txt line and the check (GET/POST /api/websites/{id}/ads-txt)', () => {
    it('gives the exact line to add before any check: our domain, the seller id, DIRECT, our certification id', async () => {
      const { pub, id } = await publisherSite({ approve: false });
      const res = await getState(id, pub.headers);
      expect(res.statusCode).toBe(200);
      const state = body<AdsTxtState>(res).response;
      expect(state.sellerId).toMatch(/^[0-9a-f]{16}$/);
      expect(state).toEqual({
        websiteId: id,
        line: `cryptads.example, ${state.sellerId}, DIRECT, f08c47fec0942fa0`,
        domain: 'cryptads.example',
        sellerId: state.sellerId,
        fileUrl: `${live.url}ads.txt`,
        status: null,
        reasonCode: null,
        reason: null,
        foundLine: null,
        checkedAt: null,
      });
      const listing = await app.inject({ method: 'GET', url: '/api/user/seller', headers: pub.headers });
      expect(body<{ sellerId: string }>(listing).response.sellerId).toBe(state.sellerId);
    });

    it('present: the file has the line (among others), and the result stays for the next reader', async () => {
      const started = Date.now();
      const { pub, id, state } = await checked((line) =>
        text(`google.com, pub-1, DIRECT, f08c47fec0942fa0\n${line}\n`),
      );
      expect(state).toMatchObject({ status: 'present', reasonCode: 'found', foundLine: null });
      expect(state.reason).toContain('authorises us');
      expect(Date.parse(state.checkedAt ?? '')).toBeGreaterThanOrEqual(started - 1000);
      expect(body<AdsTxtState>(await getState(id, pub.headers)).response).toEqual(state);
    });

    it('missing: no file (404), a web page instead of the file, a file without our line, an unreachable site', async () => {
      const noFile = await checked(() => (_req, res) => res.writeHead(404).end('not found'));
      expect(noFile.state).toMatchObject({ status: 'missing', reasonCode: 'no-file' });
      expect(noFile.state.reason).toBe(`There is no ads.txt file at ${live.url}ads.txt.`);
      const page = await checked(() => text('<!doctype html><html><body>Home</body></html>', 'text/html'));
      expect(page.state).toMatchObject({ status: 'missing', reasonCode: 'not-text' });
      const noLine = await checked(() => text('google.com, pub-1, DIRECT\n'));
      expect(noLine.state).toMatchObject({ status: 'missing', reasonCode: 'no-line', foundLine: null });
      expect(noLine.state.reason).toBe(`${live.url}ads.txt has no line for cryptads.example.`);
      const broken = await checked(() => (_req, res) => res.writeHead(503).end());
      expect(broken.state).toMatchObject({ status: 'missing', reasonCode: 'unreachable' });
      // A site nobody answers on.
      const closed = await startSite();
      await closed.close();
      const { pub, id } = await publisherSite({ url: closed.url });
      const res = await checkNow(id, pub.headers);
      expect(body<AdsTxtState>(res).response).toMatchObject({ status: 'missing', reasonCode: 'unreachable' });
    });

    it('wrong: a line of ours with another seller id, or not DIRECT, quoted as the file has it', async () => {
      const other = await checked(() => text('cryptads.example, ffffffffffffffff, DIRECT\n'));
      expect(other.state).toMatchObject({
        status: 'wrong',
        reasonCode: 'other-seller-id',
        foundLine: 'cryptads.example, ffffffffffffffff, DIRECT',
      });
      const reseller = await checked((line) => text(`${line.replace('DIRECT', 'RESELLER')}\n`));
      expect(reseller.state).toMatchObject({
        status: 'wrong',
        reasonCode: 'relationship',
        foundLine: reseller.before.line.replace('DIRECT', 'RESELLER'),
      });
      expect(reseller.state.reason).toContain('not as DIRECT');
    });

    it('is the owner’s only: another publisher reads and checks nothing (404), an advertiser is refused', async () => {
      const { id } = await publisherSite();
      const stranger = await loginAs(app, 'publisher');
      live.site.requests = 0;
      expect((await getState(id, stranger.headers)).statusCode).toBe(404);
      expect((await checkNow(id, stranger.headers)).statusCode).toBe(404);
      expect(live.site.requests).toBe(0);
      const adv = await loginAs(app, 'advertiser');
      expect((await getState(id, adv.headers)).statusCode).toBe(403);
      expect((await checkNow(id, adv.headers)).statusCode).toBe(403);
      expect((await app.inject({ method: 'GET', url: `/api/websites/${id}/ads-txt` })).statusCode).toBe(401);
      const [row] = await app.ctx.db.select().from(websiteAdsTxt).where(eq(websiteAdsTxt.websiteId, id));
      expect(row).toBeUndefined();
    });

    it('allows 6 checks a minute from one address, then answers 429', async () => {
      const { pub, id } = await publisherSite();
      live.site.adsTxt = text('');
      const from = '203.0.113.99';
      for (let i = 0; i < 6; i++) expect((await checkNow(id, pub.headers, from)).statusCode).toBe(200);
      const refused = await checkNow(id, pub.headers, from);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
    });
  });

  describe('the daily check (jobs/ads-txt-check.ts)', () => {
    it('checks approved websites not checked for a day, and leaves pending and freshly checked ones', async () => {
      // Earlier tests' websites are due too: they all answer from the same live site.
      const due = await publisherSite();
      const stale = await publisherSite();
      const fresh = await publisherSite();
      const pending = await publisherSite({ approve: false });
      const line = body<AdsTxtState>(await getState(due.id, due.pub.headers)).response.line;
      live.site.adsTxt = text(`${line}\n`);
      const dayAgo = new Date(Date.now() - 25 * 3_600_000);
      const hourAgo = new Date(Date.now() - 3_600_000);
      await app.ctx.db.insert(websiteAdsTxt).values([
        { websiteId: stale.id, status: 'missing', reason: 'no-file', checkedAt: dayAgo },
        { websiteId: fresh.id, status: 'missing', reason: 'no-file', checkedAt: hourAgo },
      ]);
      const count = await checkDueAdsTxt(app.ctx, { limit: 500, concurrency: 4 });
      expect(count).toBeGreaterThanOrEqual(2);
      const state = async (site: { id: number; pub: { headers: Record<string, string> } }) =>
        body<AdsTxtState>(await getState(site.id, site.pub.headers)).response;
      expect(await state(due)).toMatchObject({ status: 'present' });
      expect(await state(stale)).toMatchObject({ status: 'wrong', reasonCode: 'other-seller-id' });
      expect(await state(fresh)).toMatchObject({ status: 'missing', checkedAt: hourAgo.toISOString() });
      expect(await state(pending)).toMatchObject({ status: null });
      // Nothing is due any more.
      expect(await checkDueAdsTxt(app.ctx)).toBe(0);
    });
  });
});
