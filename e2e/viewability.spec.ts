import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Report } from '@cryptads/contract/reports';
import type { WebsiteDetail } from '@cryptads/contract/websites';
import { api, createVerifiedUser } from './support/api';
import { operator } from './support/operator';
import { useOtherSites } from './support/other-sites';
import { png } from './support/png';

/**
 * Viewability measured by the ad code in Chromium (docs/product/programmatic.md#viewability):
 * a publisher's page with our tag below the fold, scrolled to the ad on Playwright's clock so
 * that "one continuous second" is exact. Shown 0.5 s: measured, not viewable. In a tab that is
 * hidden, then shown for 0.5 s, then hidden again: measured, not viewable. Shown 1.2 s: viewable.
 * The counts are read back through the advertiser's and the publisher's reports.
 */
const sites = useOtherSites();

const AD = 'ins.cryptads-zone iframe';

/** The page's own observer: resolves once at least half of the ad is in view (or, `false`, once it is not). */
const adInView = (page: Page, inView: boolean) =>
  page.evaluate(
    ([selector, wanted]) =>
      new Promise<void>((resolve) => {
        const el = document.querySelector(selector as string);
        if (!el) throw new Error('no ad on the page');
        const io = new IntersectionObserver(
          (entries) => {
            const e = entries[entries.length - 1];
            if (e && e.intersectionRatio >= 0.5 === wanted) {
              io.disconnect();
              resolve();
            }
          },
          { threshold: [0, 0.3, 0.5, 1] },
        );
        io.observe(el);
      }),
    [AD, inView] as const,
  );

/**
 * The publisher's page with the view reports it sends; resolves once our ad is rendered and its
 * measured report went out, then holds the page's clock. `hidden`: the tab starts hidden
 * (document.visibilityState, switched by `setHidden`).
 */
async function openPage(page: Page, creativeFile: string, opts: { hidden?: boolean } = {}) {
  const reports: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/view/')) reports.push(url.searchParams.get('e') ?? '?');
  });
  await page.addInitScript((hidden) => {
    const w = window as unknown as { hiddenTab: boolean };
    w.hiddenTab = hidden;
    Object.defineProperty(Document.prototype, 'visibilityState', {
      configurable: true,
      get: () => (w.hiddenTab ? 'hidden' : 'visible'),
    });
    Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => w.hiddenTab });
  }, opts.hidden ?? false);
  await page.clock.install();
  const measured = page.waitForRequest((r) => r.url().includes('/view/') && r.url().endsWith('?e=m'));
  await page.goto(`http://publisher.e2e.test:${sites.port}/`);
  await expect(page.frameLocator(AD).locator(`img[src*="${creativeFile}"]`)).toBeAttached();
  await measured;
  // From here the page's time moves only when the test says: the ad is out of view so far.
  await page.clock.pauseAt(Date.now() + 5_000);
  return reports;
}

const setHidden = (page: Page, hidden: boolean) =>
  page.evaluate((h) => {
    (window as unknown as { hiddenTab: boolean }).hiddenTab = h;
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);

async function scrollToAd(page: Page) {
  await page.locator(AD).scrollIntoViewIfNeeded();
  await adInView(page, true);
}

async function scrollAway(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await adInView(page, false);
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function viewability(request: APIRequestContext, token: string, path: string) {
  const res = await api<Report>(request, 'GET', `/reports/${path}?startDate=${day(-1)}&endDate=${day(0)}`, { token });
  expect(res.status).toBe(200);
  const t = res.body.response.totals;
  return { measured: t.measuredImpressions, viewable: t.viewableImpressions, rate: t.viewabilityRate };
}

test('an ad in view for a continuous second counts as viewable; half a second, or a hidden tab, does not', async ({
  context,
  request,
}) => {
  const advertiser = await createVerifiedUser(request, 'advertiser');
  expect(operator('user', 'credit', advertiser.email, '100', `e2e-${advertiser.email}`)).toContain('Credited €100.00');
  const upload = await api<{ resource: string; name: string }>(request, 'POST', '/uploads', {
    token: advertiser.token,
    data: {
      purpose: 'banner',
      name: 'e2e-view-300x250.png',
      data: `data:image/png;base64,${png(300, 250, [30, 120, 240]).toString('base64')}`,
    },
  });
  expect(upload.status).toBe(200);
  const publisher = await createVerifiedUser(request, 'publisher');
  const site = await api<{ id: number }>(request, 'POST', '/websites', {
    token: publisher.token,
    data: { website: `https://views${Date.now().toString(36)}.example`, categories: [] },
  });
  expect(site.status).toBe(200);
  expect(operator('website', 'approve', String(site.body.response.id))).toContain('approved');
  const detail = await api<WebsiteDetail>(request, 'GET', `/websites/${site.body.response.id}`, {
    token: publisher.token,
  });
  const zone = detail.body.response.zones.find((z) => z.type === 1 && z.size === '300x250');
  // The ad below the fold: the page must be scrolled to it.
  sites.adCode = `<div style="height:2400px">Top of the article</div>${zone?.snippets[0]?.code ?? ''}<div style="height:2400px"></div>`;

  const created = await api<{ id: number }>(request, 'POST', '/campaigns', {
    token: advertiser.token,
    data: {
      kind: 'display',
      name: 'E2E viewability',
      landingUrl: 'https://landing.e2e.test/',
      price: 15,
      dailyBudget: 100,
      // Only this spec's zone, which no other campaign takes from it at this price.
      excludeFlag: false,
      excludeList: [zone?.unique ?? ''],
      category: 1,
      countries: [],
      creatives: [{ resource: upload.body.response.resource, name: upload.body.response.name }],
    },
  });
  expect(created.status).toBe(200);
  const campaignId = created.body.response.id;
  expect(operator('campaign', 'approve', String(campaignId))).toContain('approved');
  const campaign = await api<{ creatives: { url: string }[] }>(request, 'GET', `/campaigns/${campaignId}`, {
    token: advertiser.token,
  });
  const creativeFile = campaign.body.response.creatives[0]?.url.split('/').pop() ?? 'no creative';
  // The delivery index takes the new campaign within seconds.
  await expect
    .poll(
      async () => {
        const res = await request.get(`/serve/${zone?.unique}?format=banner&size=300x250`);
        return res.status() === 200 ? ((await res.json()) as { image?: string }).image?.includes(creativeFile) : false;
      },
      { timeout: 20_000, intervals: [500] },
    )
    .toBe(true);

  // Half a second in view: measured, not viewable.
  const short = await context.newPage();
  const shortReports = await openPage(short, creativeFile);
  await scrollToAd(short);
  await short.clock.runFor(500);
  await scrollAway(short);
  await short.clock.runFor(2000);
  expect(shortReports).toEqual(['m']);
  await short.close();

  // A hidden tab: in view for two seconds while hidden, shown for half a second, hidden again.
  const hidden = await context.newPage();
  const hiddenReports = await openPage(hidden, creativeFile, { hidden: true });
  await scrollToAd(hidden);
  await hidden.clock.runFor(2000);
  await setHidden(hidden, false);
  await hidden.clock.runFor(500);
  await setHidden(hidden, true);
  await hidden.clock.runFor(2000);
  expect(hiddenReports).toEqual(['m']);
  await hidden.close();

  // 1.2 s in view: viewable.
  const seen = await context.newPage();
  const seenReports = await openPage(seen, creativeFile);
  await scrollToAd(seen);
  const viewable = seen.waitForRequest((r) => r.url().includes('/view/') && r.url().endsWith('?e=v'));
  await seen.clock.runFor(1200);
  await viewable;
  expect(seenReports).toEqual(['m', 'v']);
  await seen.close();

  // Recorded in the order sent: once the last page's viewable report counts, the two pages
  // before it have counted everything they sent.
  const expected = { measured: 3, viewable: 1, rate: 33.33 };
  await expect
    .poll(() => viewability(request, advertiser.token, `${campaignId}/all`), { timeout: 15_000 })
    .toEqual(expected);
  expect(await viewability(request, publisher.token, `all/${site.body.response.id}`)).toEqual(expected);
});
