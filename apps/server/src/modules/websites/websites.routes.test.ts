import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERIC_MESSAGES } from '@cryptads/contract/api';
import {
  AdFormat,
  WEBSITE_MESSAGES,
  type WebsiteDetail,
  type WebsiteInformation,
  type WebsiteListItem,
  type WebsiteNames,
  type WebsiteOptions,
  WebsiteStatus,
  type WebsiteVerification,
  ZoneStatus,
} from '@cryptads/contract/websites';
import { notifications } from '../../db/schema/notifications';
import { websites } from '../../db/schema/websites';
import { body, loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { seedDemoWebsites } from './demo-websites';

type Headers = Record<string, string>;

describe('publisher websites API', () => {
  let app: TestApp;
  let publisher: Headers;
  let publisherId: number;
  const operatorToken = 'operator-secret-websites';

  beforeAll(async () => {
    app = await createTestApp({ PUBLIC_URL: 'https://ads.example.test' }, { operatorToken });
    const p = await loginAs(app, 'publisher');
    publisher = p.headers;
    publisherId = p.user.id;
  });
  afterAll(async () => {
    await app.closeAll();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: unknown) =>
    app.inject({
      method,
      url: `/api${url}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const add = async (headers: Headers, website: string, categories: number[] = []) => {
    const res = await call('POST', '/websites', headers, { website, categories });
    expect(res.statusCode, res.body).toBe(200);
    return body<WebsiteVerification>(res).response;
  };

  const operator = (domain: string, action: string, args: string[]) =>
    app.inject({
      method: 'POST',
      url: '/api/operator/run',
      headers: { 'x-operator-token': operatorToken },
      payload: { domain, action, args },
      remoteAddress: '127.0.0.1',
    });

  describe('adding a website', () => {
    it('creates the website with its pending zones and answers the verification instructions', async () => {
      const added = await add(publisher, 'https://www.Crypto-News.example/markets', [3, 1]);
      expect(added).toMatchObject({
        domain: 'crypto-news.example',
        url: 'https://www.Crypto-News.example/markets',
        status: WebsiteStatus.Pending,
        verified: false,
        verifiedAt: null,
        fileUrl: 'https://www.crypto-news.example/.well-known/cryptads-verification.txt',
      });
      expect(added.token).toMatch(/^[\w-]{20,}$/);
      expect(added.fileContent).toBe(added.token);
      expect(added.metaTag).toBe(`<meta name="cryptads-site-verification" content="${added.token}">`);

      const detail = body<WebsiteDetail>(await call('GET', `/websites/${added.id}`, publisher)).response;
      expect(detail.excludedCategories).toEqual([1, 3]);
      expect(detail.name).toBe('crypto-news.example');
      expect(detail.tags).toBe(10);
      const kinds = detail.zones.map((z) => `${z.type}:${z.size ?? '-'}`).sort();
      expect(kinds).toEqual(
        ['0:-', '1:160x600', '1:300x250', '1:300x600', '1:320x100', '1:320x50', '1:728x90', '3:-', '4:-', '6:-'].sort(),
      );
      for (const zone of detail.zones) {
        expect(zone.status).toBe(ZoneStatus.Pending);
        expect(zone.websiteStatus).toBe(WebsiteStatus.Pending);
        expect(zone.snippets).toEqual([]);
        expect(zone.alias.length).toBeLessThanOrEqual(100);
        expect(zone.unique).toMatch(/^[0-9a-f]{16}$/);
      }
      expect(new Set(detail.zones.map((z) => z.unique)).size).toBe(10);
    });

    it('refuses the same domain twice, even written differently', async () => {
      await add(publisher, 'https://twice.example');
      const again = await call('POST', '/websites', publisher, {
        website: 'http://WWW.twice.example/other',
        categories: [],
      });
      expect(again.statusCode).toBe(409);
      expect(body(again).reason).toBe(WEBSITE_MESSAGES.domainTaken);
    });

    it('lets another publisher add a domain someone else has', async () => {
      const other = await loginAs(app, 'publisher');
      await add(other.headers, 'https://twice.example');
    });

    it.each([
      [{ website: 'example.com' }, WEBSITE_MESSAGES.urlInvalid],
      [{ website: 'ftp://example.com' }, WEBSITE_MESSAGES.urlInvalid],
      [{ website: '' }, WEBSITE_MESSAGES.urlInvalid],
      [{ categories: [] }, WEBSITE_MESSAGES.urlInvalid],
      [{ website: `https://example.com/${'a'.repeat(240)}` }, WEBSITE_MESSAGES.urlTooLong],
      [{ website: 'https://ok.example', categories: [999] }, WEBSITE_MESSAGES.categoryUnknown],
      [{ website: 'https://ok.example', categories: ['x'] }, WEBSITE_MESSAGES.categoryUnknown],
    ])('refuses %j with its message', async (payload, reason) => {
      const res = await call('POST', '/websites', publisher, payload);
      expect(res.statusCode).toBe(400);
      expect(body(res).reason).toBe(reason);
    });

    it('refuses a request without a body', async () => {
      const res = await call('POST', '/websites', publisher);
      expect(res.statusCode).toBe(400);
      expect(body(res).reason).toBe(GENERIC_MESSAGES.invalidRequest);
    });
  });

  describe('reading', () => {
    it('answers options with categories and countries', async () => {
      const res = body<WebsiteOptions>(await call('GET', '/websites/options', publisher)).response;
      expect(res.categories.length).toBeGreaterThan(5);
      expect(res.categories[0]).toEqual({ id: 1, name: 'Cryptocurrency Exchanges' });
      expect(res.countries.find((c) => c.code === 'DE')?.name).toBe('Germany');
    });

    it('lists websites by status then newest, with counts and real zeros for traffic', async () => {
      const fresh = await loginAs(app, 'publisher');
      const first = await add(fresh.headers, 'https://first.example');
      const second = await add(fresh.headers, 'https://second.example');
      const third = await add(fresh.headers, 'https://third.example');
      expect((await operator('website', 'approve', [String(first.id)])).statusCode).toBe(200);
      const list = body<WebsiteListItem[]>(await call('GET', '/websites', fresh.headers)).response;
      expect(list.map((w) => w.id)).toEqual([third.id, second.id, first.id]);
      expect(list[2]).toMatchObject({
        domain: 'first.example',
        status: WebsiteStatus.Active,
        tags: 10,
        clicks: 0,
        impressions: 0,
        spent: 0,
      });
      expect(list[0]?.date).toMatch(/^\d{4}-\d\d-\d\dT/);

      const info = body<WebsiteInformation>(await call('GET', '/websites/information', fresh.headers)).response;
      expect(info).toEqual({ active: 1, total: 3 });

      const names = body<WebsiteNames>(await call('GET', '/websites/names', fresh.headers)).response;
      expect(names.map((n) => n.name)).toEqual(['first.example', 'second.example', 'third.example']);
    });

    it('answers an empty list and zero counts to a new publisher', async () => {
      const fresh = await loginAs(app, 'publisher');
      expect(body(await call('GET', '/websites', fresh.headers)).response).toEqual([]);
      expect(body(await call('GET', '/websites/information', fresh.headers)).response).toEqual({ active: 0, total: 0 });
    });

    it('answers the verification state by query and by path', async () => {
      const added = await add(publisher, 'https://state.example');
      const byQuery = await call('GET', `/websites/validation?websiteId=${added.id}`, publisher);
      const byPath = await call('GET', `/websites/${added.id}/verification`, publisher);
      expect(body(byQuery).response).toEqual(added);
      expect(body(byPath).response).toEqual(added);
      const missing = await call('GET', '/websites/validation', publisher);
      expect(missing.statusCode).toBe(400);
    });

    it.each(['abc', '0', '-1', '99999999999', '1.5'])('answers 404 for the website id %s', async (id) => {
      const res = await call('GET', `/websites/${id}`, publisher);
      expect(res.statusCode).toBe(404);
      expect(body(res).reason).toBe(GENERIC_MESSAGES.notFound);
    });
  });

  describe('updating', () => {
    it("saves zone aliases of the website's own zones", async () => {
      const added = await add(publisher, 'https://alias.example');
      const zones = body<WebsiteDetail>(await call('GET', `/websites/${added.id}`, publisher)).response.zones;
      const [a, b] = zones;
      if (!a || !b) throw new Error('zones missing');
      const res = await call('PUT', `/websites/${added.id}`, publisher, {
        aliases: { [a.unique]: '  Header slot ', [b.unique]: 'Footer' },
      });
      expect(res.statusCode).toBe(200);
      const after = body<WebsiteDetail>(res).response.zones;
      expect(after.find((z) => z.unique === a.unique)?.alias).toBe('Header slot');
      expect(after.find((z) => z.unique === b.unique)?.alias).toBe('Footer');
    });

    it('refuses aliases that are empty, too long, or of zones of another website', async () => {
      const added = await add(publisher, 'https://alias-bad.example');
      const other = await add(publisher, 'https://alias-other.example');
      const zone = body<WebsiteDetail>(await call('GET', `/websites/${added.id}`, publisher)).response.zones[0];
      const foreign = body<WebsiteDetail>(await call('GET', `/websites/${other.id}`, publisher)).response.zones[0];
      if (!zone || !foreign) throw new Error('zones missing');
      const cases: [unknown, string][] = [
        [{ aliases: { [zone.unique]: '  ' } }, WEBSITE_MESSAGES.aliasRequired],
        [{ aliases: { [zone.unique]: 'x'.repeat(101) } }, WEBSITE_MESSAGES.aliasTooLong],
        [{ aliases: {} }, WEBSITE_MESSAGES.aliasRequired],
        [{ aliases: { [foreign.unique]: 'Mine now' } }, WEBSITE_MESSAGES.zoneUnknown],
        [{ aliases: { nonexistent: 'X' } }, WEBSITE_MESSAGES.zoneUnknown],
        [{}, WEBSITE_MESSAGES.aliasesOrCategories],
        [{ aliases: { [zone.unique]: 'A' }, categories: [] }, WEBSITE_MESSAGES.aliasesOrCategories],
      ];
      for (const [payload, reason] of cases) {
        const res = await call('PUT', `/websites/${added.id}`, publisher, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(body(res).reason).toBe(reason);
      }
      const foreignAfter = body<WebsiteDetail>(await call('GET', `/websites/${other.id}`, publisher)).response.zones[0];
      expect(foreignAfter?.alias).toBe(foreign.alias);
    });

    it('sets excluded categories through PUT /websites/{id} and through preferences', async () => {
      const added = await add(publisher, 'https://prefs.example', [2]);
      const put = await call('PUT', `/websites/${added.id}`, publisher, { categories: [4, 5, 4] });
      expect(put.statusCode).toBe(200);
      expect(body<WebsiteDetail>(put).response.excludedCategories).toEqual([4, 5]);
      const prefs = await call('PUT', `/websites/${added.id}/preferences`, publisher, { categories: [] });
      expect(prefs.statusCode).toBe(200);
      expect(body<WebsiteDetail>(prefs).response.excludedCategories).toEqual([]);
      const bad = await call('PUT', `/websites/${added.id}/preferences`, publisher, { categories: [0] });
      expect(bad.statusCode).toBe(400);
      expect(body(bad).reason).toBe(WEBSITE_MESSAGES.categoryUnknown);
      const unknown = await call('PUT', `/websites/${added.id}/preferences`, publisher, { categories: [12345] });
      expect(body(unknown).reason).toBe(WEBSITE_MESSAGES.categoryUnknown);
    });

    it('refuses changes to an archived website', async () => {
      const added = await add(publisher, 'https://archived.example');
      await app.ctx.db.update(websites).set({ status: WebsiteStatus.Archived }).where(eq(websites.id, added.id));
      const res = await call('PUT', `/websites/${added.id}/preferences`, publisher, { categories: [1] });
      expect(res.statusCode).toBe(400);
      expect(body(res).reason).toBe(WEBSITE_MESSAGES.websiteArchived);
    });
  });

  describe('ad codes and operator decisions', () => {
    it('shows codes only once the website is approved, and only for active zones', async () => {
      const added = await add(publisher, 'https://codes.example');
      const pending = body<WebsiteDetail>(await call('GET', `/websites/${added.id}`, publisher)).response;
      expect(pending.zones.every((z) => z.snippets.length === 0)).toBe(true);

      const approve = await operator('website', 'approve', [String(added.id)]);
      expect(approve.statusCode).toBe(200);
      expect(body<{ output: string }>(approve).response.output).toContain('10 pending zone(s) activated');
      const approved = body<WebsiteDetail>(await call('GET', `/websites/${added.id}`, publisher)).response;
      expect(approved.status).toBe(WebsiteStatus.Active);
      for (const zone of approved.zones) {
        expect(zone.status).toBe(ZoneStatus.Active);
        expect(zone.websiteStatus).toBe(WebsiteStatus.Active);
        expect(zone.snippets.length).toBeGreaterThan(0);
        for (const s of zone.snippets) expect(s.code).toContain(zone.unique);
      }
      const byType = (type: number, size: string | null = null) =>
        approved.zones.find((z) => z.type === type && z.size === size)?.snippets ?? [];
      const banner = byType(AdFormat.Banner, '300x250');
      expect(banner[0]?.code).toContain('<script async src="https://ads.example.test/tag.js"></script>');
      expect(banner[0]?.code).toContain('data-size="300x250"');
      expect(byType(AdFormat.Popunder)[0]?.code).toContain('data-interval="5"');
      expect(byType(AdFormat.StickyBanner)[0]?.code).toContain('data-format="sticky"');
      expect(byType(AdFormat.Native).map((s) => s.variant)).toEqual(['widget', 'alert']);
      expect(byType(AdFormat.NativeApp)[0]?.code).toContain('https://ads.example.test/serve/');

      const zone = approved.zones[0];
      if (!zone) throw new Error('zones missing');
      const paused = await operator('zone', 'pause', [zone.unique]);
      expect(paused.statusCode).toBe(200);
      const afterPause = body<WebsiteDetail>(await call('GET', `/websites/${added.id}`, publisher)).response;
      const pausedZone = afterPause.zones.find((z) => z.unique === zone.unique);
      expect(pausedZone?.status).toBe(ZoneStatus.Paused);
      expect(pausedZone?.snippets).toEqual([]);
      expect(afterPause.zones.filter((z) => z.snippets.length > 0)).toHaveLength(9);

      expect((await operator('zone', 'approve', [zone.unique])).statusCode).toBe(200);
      expect((await operator('website', 'pause', [String(added.id)])).statusCode).toBe(200);
      const sitePaused = body<WebsiteDetail>(await call('GET', `/websites/${added.id}`, publisher)).response;
      expect(sitePaused.status).toBe(WebsiteStatus.Paused);
      expect(sitePaused.zones.every((z) => z.status === ZoneStatus.Active && z.snippets.length === 0)).toBe(true);

      expect((await operator('website', 'reject', [String(added.id)])).statusCode).toBe(200);
      const rejected = body<WebsiteDetail>(await call('GET', `/websites/${added.id}`, publisher)).response;
      expect(rejected.status).toBe(WebsiteStatus.Denied);
    });

    it('tells the publisher about each decision with a link to the ad codes', async () => {
      const added = await add(publisher, 'https://notified.example');
      await operator('website', 'approve', [String(added.id)]);
      const rows = await app.ctx.db
        .select()
        .from(notifications)
        .where(
          and(eq(notifications.userId, publisherId), eq(notifications.link, `/websites/all/ad-codes/${added.id}/`)),
        );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        title: 'Website approved',
        message: 'notified.example has been approved. Your ad codes are ready.',
      });
    });

    it('answers unknown websites and zones with a reason', async () => {
      const missing = await operator('website', 'approve', ['999999']);
      expect(missing.statusCode).toBe(400);
      expect(body(missing).reason).toBe('No website #999999.');
      const noZone = await operator('zone', 'reject', ['nope']);
      expect(body(noZone).reason).toBe('No zone nope.');
      const noId = await operator('website', 'pause', ['abc']);
      expect(body(noId).reason).toBe('Give the website id (a number).');
    });
  });

  describe('demo world', () => {
    it('gives the demo publisher one approved website with codes and one pending, once', async () => {
      const demo = await loginAs(app, 'publisher');
      await seedDemoWebsites(app.ctx.db, demo.email);
      await seedDemoWebsites(app.ctx.db, demo.email);
      const list = body<WebsiteListItem[]>(await call('GET', '/websites', demo.headers)).response;
      expect(list.map((w) => w.status)).toEqual([WebsiteStatus.Pending, WebsiteStatus.Active]);
      const approved = body<WebsiteDetail>(await call('GET', `/websites/${list[1]?.id}`, demo.headers)).response;
      expect(approved.verified).toBe(true);
      expect(approved.zones.every((z) => z.snippets.length > 0)).toBe(true);
    });
  });

  describe('ownership and roles', () => {
    it("answers 404 on every object endpoint for another publisher's website", async () => {
      const mine = await add(publisher, 'https://private-site.example');
      const zone = body<WebsiteDetail>(await call('GET', `/websites/${mine.id}`, publisher)).response.zones[0];
      if (!zone) throw new Error('zones missing');
      const other = (await loginAs(app, 'publisher')).headers;
      const attempts: [method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown][] = [
        ['GET', `/websites/${mine.id}`],
        ['GET', `/websites/validation?websiteId=${mine.id}`],
        ['GET', `/websites/${mine.id}/verification`],
        ['POST', `/websites/${mine.id}/verification`],
        ['PUT', `/websites/${mine.id}`, { aliases: { [zone.unique]: 'Stolen' } }],
        ['PUT', `/websites/${mine.id}`, { categories: [1] }],
        ['PUT', `/websites/${mine.id}/preferences`, { categories: [1] }],
      ];
      for (const [method, url, payload] of attempts) {
        const res = await call(method, url, other, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(body(res).reason).toBe(GENERIC_MESSAGES.notFound);
      }
      expect(body(await call('GET', '/websites', other)).response).toEqual([]);
      const after = body<WebsiteDetail>(await call('GET', `/websites/${mine.id}`, publisher)).response;
      expect(after.excludedCategories).toEqual([]);
      expect(after.zones[0]?.alias).toBe(zone.alias);
    });
  });
});
