import { expect, type Page, test } from '@playwright/test';
import type { TodayStats } from '@cryptads/contract/reports';
import type { Statement } from '@cryptads/contract/statement';
import type { WebsiteDetail } from '@cryptads/contract/websites';
import { E2E_URL } from './playwright.config';
import { api, createVerifiedUser } from './support/api';
import { operator } from './support/operator';
import { useOtherSites } from './support/other-sites';
import { png } from './support/png';
import { prebidBundle } from './support/prebid-bundle';

/**
 * Header bidding (docs/product/programmatic.md): a publisher's page on another site loads
 * Prebid.js bundled from npm with our adapter (packages/prebid-adapter) and auctions a 300x250
 * ad unit on one of our zones. Lost to a rival bidder, our bid records nothing; won, Prebid
 * renders our creative and the billing notice records the impression, which the advertiser
 * then reads once in the reports and once on the statement.
 */
const sites = useOtherSites();

/** The publisher's page: Prebid.js, our bidder on `zone`, and (with ?rival) a bidder paying more. */
function publisherPage(zone: string) {
  const config = JSON.stringify({ endpoint: `${E2E_URL}/openrtb2/auction`, zone });
  return `<div id="slot"></div>
<script>
window.pbjs = window.pbjs || { que: [] };
pbjs.que.push(function () {
  var c = ${config};
  var bids = [{ bidder: 'cryptads', params: { zone: c.zone } }];
  if (location.search.indexOf('rival') >= 0) {
    // Another bidder on the page, at a CPM of €50 (ours is the publisher's share of €15).
    pbjs.registerBidAdapter(undefined, 'rival', {
      code: 'rival',
      isBidRequestValid: function () { return true; },
      buildRequests: function (requests) {
        return requests.map(function (r) { return { method: 'GET', url: location.origin + '/rival-bid', data: {}, bid: r }; });
      },
      interpretResponse: function (_response, request) {
        return [{ requestId: request.bid.bidId, cpm: 50, currency: 'EUR', width: 300, height: 250, ttl: 300,
          creativeId: 'rival-1', netRevenue: true, ad: '<p id="rival-ad">Rival ad</p>', meta: { advertiserDomains: ['rival.example'] } }];
      },
    });
    bids.push({ bidder: 'rival', params: {} });
  }
  pbjs.setConfig({ cryptads: { endpoint: c.endpoint } });
  pbjs.addAdUnits([{ code: 'slot', mediaTypes: { banner: { sizes: [[300, 250]] } }, bids: bids }]);
  pbjs.requestBids({
    timeout: 10000,
    bidsBackHandler: function () {
      var ours = pbjs.getBidResponsesForAdUnitCode('slot').bids.filter(function (b) { return b.bidder === 'cryptads'; });
      var winner = pbjs.getHighestCpmBids('slot')[0];
      if (winner) {
        var frame = document.createElement('iframe');
        frame.width = '300'; frame.height = '250'; frame.title = 'ad'; frame.style.border = '0';
        document.getElementById('slot').appendChild(frame);
        pbjs.renderAd(frame.contentWindow.document, winner.adId);
      }
      window.auction = { winner: winner ? winner.bidder : null, ours: ours.map(function (b) { return { cpm: b.cpm, currency: b.currency }; }) };
    },
  });
});
</script>
<script src="/prebid.js"></script>`;
}

type Auction = { winner: string | null; ours: { cpm: number; currency: string }[] };

async function runAuction(page: Page, query = ''): Promise<Auction> {
  await page.goto(`http://publisher.e2e.test:${sites.port}/${query}`);
  const done = await page.waitForFunction(() => (window as unknown as { auction?: Auction }).auction, undefined, {
    timeout: 20_000,
  });
  return (await done.jsonValue()) as Auction;
}

test('Prebid.js with our adapter: a lost auction records nothing, a won one renders and bills once', async ({
  page,
  request,
}) => {
  const bundle = await prebidBundle();
  await page.route('**/prebid.js', (route) => route.fulfill({ path: bundle, contentType: 'application/javascript' }));

  // A new advertiser with a €15 CPM campaign that runs only on a new publisher's 300x250 zone.
  const advertiser = await createVerifiedUser(request, 'advertiser');
  expect(operator('user', 'credit', advertiser.email, '100', `e2e-${advertiser.email}`)).toContain('Credited €100.00');
  const token = advertiser.token;
  const upload = await api<{ resource: string; name: string }>(request, 'POST', '/uploads', {
    token,
    data: {
      purpose: 'banner',
      name: 'e2e-prebid-300x250.png',
      data: `data:image/png;base64,${png(300, 250, [30, 120, 240]).toString('base64')}`,
    },
  });
  expect(upload.status).toBe(200);
  const publisher = await createVerifiedUser(request, 'publisher');
  const site = await api<{ id: number }>(request, 'POST', '/websites', {
    token: publisher.token,
    data: { website: `https://bids${Date.now().toString(36)}.example`, categories: [] },
  });
  expect(site.status).toBe(200);
  expect(operator('website', 'approve', String(site.body.response.id))).toContain('approved');
  const detail = await api<WebsiteDetail>(request, 'GET', `/websites/${site.body.response.id}`, {
    token: publisher.token,
  });
  const zone = detail.body.response.zones.find((z) => z.type === 1 && z.size === '300x250')?.unique ?? '';
  expect(zone).toMatch(/^[0-9a-f]{16}$/);
  const created = await api<{ id: number }>(request, 'POST', '/campaigns', {
    token,
    data: {
      kind: 'display',
      name: 'E2E header bidding',
      landingUrl: `http://landing.e2e.test:${sites.port}/landing?zone={zone_id}`,
      price: 15,
      dailyBudget: 100,
      excludeFlag: false,
      excludeList: [zone],
      category: 1,
      countries: [],
      creatives: [{ resource: upload.body.response.resource, name: upload.body.response.name }],
    },
  });
  expect(created.status).toBe(200);
  const campaignId = created.body.response.id;
  expect(operator('campaign', 'approve', String(campaignId))).toContain('approved');
  const campaign = await api<{ creatives: { url: string }[] }>(request, 'GET', `/campaigns/${campaignId}`, { token });
  const creativeFile = campaign.body.response.creatives[0]?.url.split('/').pop() ?? 'no creative';
  sites.adCode = publisherPage(zone);

  // Lost: the rival pays more. Our bid came (the publisher's 70 % of €15, in euros), nothing else.
  // The delivery index sees the new campaign within seconds: until then we do not bid at all.
  await expect(async () => {
    const lost = await runAuction(page, '?rival');
    expect(lost).toEqual({ winner: 'rival', ours: [{ cpm: 10.5, currency: 'EUR' }] });
  }).toPass({ timeout: 40_000 });
  // Prebid.js renders the creative in an iframe of its own inside the slot's.
  const creative = page.frameLocator('#slot iframe').frameLocator('iframe');
  await expect(creative.locator('#rival-ad')).toHaveText('Rival ad');

  // Won: Prebid renders our banner, and its billing notice records the impression.
  expect(await runAuction(page)).toEqual({ winner: 'cryptads', ours: [{ cpm: 10.5, currency: 'EUR' }] });
  await expect(creative.locator(`img[src*="${creativeFile}"]`)).toBeVisible();

  // Recorded within seconds, and exactly once: the lost auction's bid (answered before the won
  // one) would be there by now too.
  await expect
    .poll(async () => (await api<TodayStats>(request, 'GET', '/reports', { token })).body.response.impressions, {
      timeout: 15_000,
    })
    .toBe(1);
  const statement = await api<Statement>(request, 'GET', '/billing/statement?pageSize=100', { token });
  const spend = statement.body.response.lines.filter((line) => line.type === 'ad_spend');
  // One impression at a €15 CPM: €0.015, to the micro-euro.
  expect(spend.map((line) => line.amountMicros)).toEqual(['-15000']);
  const publisherStats = await api<TodayStats>(request, 'GET', '/reports', { token: publisher.token });
  expect(publisherStats.body.response.impressions).toBe(1);
});
