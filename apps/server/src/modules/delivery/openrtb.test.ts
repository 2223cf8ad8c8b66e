import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BidResponse } from 'iab-openrtb/v26';
import { campaignBlacklists } from '../../db/schema/campaigns';
import { adEvents } from '../../db/schema/stats';
import { itOnPostgres } from '../../testing/postgres-only';
import type { TestApp } from '../../testing/test-app';
import { checkLedger } from '../ledger/check';
import { ledgerSumOf } from '../ledger/test-helpers';
import { recordBatch } from './writer/record-batch';
import {
  approvedWebsite,
  BOT_UA,
  BROWSER_HEADERS,
  balanceOf,
  DESKTOP_UA,
  delivery,
  deliveryTestApp,
  fundedAdvertiser,
  pauseAllCampaigns,
  runningCampaign,
  serve,
  campaignOf,
  streamEvent,
} from './test-helpers';

/**
 * POST /openrtb2/auction and its notices (docs/product/programmatic.md): a bid is what /serve
 * would show, costs nothing until its billing notice arrives, and a notice bills once.
 */

let app: TestApp;
beforeAll(async () => {
  // The invalid-traffic filter stays on (its default rules): requests come with a browser's
  // headers, each test from its own address.
  app = await deliveryTestApp({ IVT_ENABLED: '1' });
});
afterAll(async () => {
  await app.closeAll();
});
beforeEach(async () => {
  await delivery(app).recorder.flush();
  await pauseAllCampaigns(app);
});

const flush = () => delivery(app).recorder.flush();

let addresses = 0;
/** A fresh visitor address per call site (the IVT rates count per address). */
const nextIp = () => `198.51.100.${++addresses}`;

type Auction = { zone: string; sizes?: [number, number][]; ip?: string; ua?: string; extra?: Record<string, unknown> };

function bidRequest(a: Auction, imp: Record<string, unknown> = {}) {
  return {
    id: `auction-${addresses}`,
    imp: [
      {
        id: '1',
        banner: { format: (a.sizes ?? [[300, 250]]).map(([w, h]) => ({ w, h })) },
        ext: { cryptads: { zone: a.zone } },
        ...imp,
      },
    ],
    site: { page: 'https://news.example/article', domain: 'news.example' },
    device: { ua: a.ua ?? DESKTOP_UA },
    ...a.extra,
  };
}

function auction(a: Auction, imp: Record<string, unknown> = {}, contentType = 'text/plain') {
  return app.inject({
    method: 'POST',
    url: '/openrtb2/auction',
    headers: {
      ...BROWSER_HEADERS,
      'user-agent': a.ua ?? DESKTOP_UA,
      'cf-ipcountry': 'DE',
      'content-type': contentType,
    },
    remoteAddress: a.ip ?? '203.0.113.50',
    payload: JSON.stringify(bidRequest(a, imp)),
  });
}

const bidOf = (res: { body: string }) => {
  const bid = (JSON.parse(res.body) as BidResponse).seatbid?.[0]?.bid[0];
  if (!bid) throw new Error(`no bid in ${res.body}`);
  return bid;
};

/** A notice URL as the exchange calls it: the macro filled with `price`, or left as it was. */
const MACRO = ['$', '{AUCTION_PRICE}'].join('');
function notice(url: string | undefined, opts: { price?: string; ip?: string } = {}) {
  const filled = (url ?? '').replace(MACRO, opts.price ?? MACRO);
  return app.inject({
    method: 'GET',
    url: filled.replace('http://ads.test', ''),
    headers: { ...BROWSER_HEADERS, 'user-agent': DESKTOP_UA },
    remoteAddress: opts.ip ?? '203.0.113.50',
  });
}

async function impressionsOf(campaignId: number) {
  const [r] = await app.ctx.db
    .select({ n: sql<number>`count(*)::int`, cost: sql<string>`coalesce(sum(${adEvents.costMicros}), 0)::text` })
    .from(adEvents)
    .where(and(eq(adEvents.campaignId, campaignId), eq(adEvents.kind, 1)));
  return { n: Number(r?.n ?? 0), cost: BigInt(r?.cost ?? '0') };
}

describe('POST /openrtb2/auction', () => {
  it('bids what /serve would show, at the publisher share of the price, and records nothing for the bid', async () => {
    const adv = await fundedAdvertiser(app);
    const id = await runningCampaign(app, adv.headers);
    const site = await approvedWebsite(app);
    const before = await balanceOf(app, adv.user.id);
    const ip = nextIp();
    const res = await auction({ zone: site.banner.unique, ip });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const answer = JSON.parse(res.body) as BidResponse;
    expect(answer).toMatchObject({ id: expect.stringMatching(/^auction-/), cur: 'EUR' });
    expect(answer.seatbid).toHaveLength(1);
    expect(answer.seatbid?.[0]?.seat).toBe('cryptads');
    const bid = bidOf(res);
    // €0.50 CPM, the publisher's 70 %: €0.35.
    expect(bid).toMatchObject({ impid: '1', price: 0.35, cid: String(id), w: 300, h: 250, adomain: ['example.com'] });
    expect(bid.crid).toMatch(/^\d+$/);
    expect(bid.adm).toMatch(/<a href="http:\/\/ads\.test\/click\/[^"]+"/);
    expect(bid.adm).toContain('<img src="http://ads.test/uploads/');
    expect(bid.burl).toMatch(/^http:\/\/ads\.test\/openrtb2\/bill\/[^?]+\?price=\$\{AUCTION_PRICE\}$/);
    expect(bid.nurl).toMatch(/^http:\/\/ads\.test\/openrtb2\/win\/[^?]+\?price=\$\{AUCTION_PRICE\}$/);
    // The same campaign /serve shows there.
    expect(campaignOf(await serve(app, site.banner.unique, { ip: nextIp() }))).toBe(id);
    await flush();
    const served = await impressionsOf(id);
    expect(served.n).toBe(1); // /serve's, not the bid's
    expect(await balanceOf(app, adv.user.id)).toBe(before - 500n);
    // The win notice alone bills nothing either.
    expect((await notice(bid.nurl, { price: '0.35', ip })).statusCode).toBe(204);
    await flush();
    expect((await impressionsOf(id)).n).toBe(1);
  });

  it('records and bills the impression once on its billing notice; a replay or a forgery bills nothing', async () => {
    const adv = await fundedAdvertiser(app);
    const id = await runningCampaign(app, adv.headers);
    const site = await approvedWebsite(app);
    const ip = nextIp();
    const bid = bidOf(await auction({ zone: site.banner.unique, ip }));
    const advBefore = await ledgerSumOf(app.ctx.db, adv.user.id);
    const pubBefore = await ledgerSumOf(app.ctx.db, site.publisher.user.id);
    expect((await notice(bid.burl, { price: '0.35', ip })).statusCode).toBe(204);
    await flush();
    const [event] = await app.ctx.db.select().from(adEvents).where(eq(adEvents.campaignId, id));
    expect(event).toMatchObject({ kind: 1, impressionId: bid.id, zoneId: site.banner.id, country: 'DE', device: 1 });
    expect(event?.costMicros).toBe(500n);
    expect(event?.earningsMicros).toBe(350n);
    expect(await ledgerSumOf(app.ctx.db, adv.user.id)).toBe(advBefore - 500n);
    expect(await ledgerSumOf(app.ctx.db, site.publisher.user.id)).toBe(pubBefore + 350n);

    // Again, later, from elsewhere: nothing more.
    expect((await notice(bid.burl, { price: '0.35', ip: nextIp() })).statusCode).toBe(204);
    // A token changed by one character, and one signed with another key.
    const forged = (bid.burl ?? '').replace(/bill\/(.)/, (_m, c: string) => `bill/${c === 'e' ? 'f' : 'e'}`);
    expect((await notice(forged, { ip })).statusCode).toBe(400);
    expect((await notice(bid.burl?.replace(/\.[^.?]+\?/, '.AAAA?'), { ip })).statusCode).toBe(400);
    // A click link is no notice.
    const click = /href="http:\/\/ads\.test\/click\/([^"]+)"/.exec(bid.adm ?? '')?.[1];
    expect((await notice(`http://ads.test/openrtb2/bill/${click}`, { ip })).statusCode).toBe(400);
    await flush();
    expect(await impressionsOf(id)).toEqual({ n: 1, cost: 500n });
    expect(await ledgerSumOf(app.ctx.db, adv.user.id)).toBe(advBefore - 500n);
    expect((await checkLedger(app.ctx.db)).ok).toBe(true);
  });

  it('bills a notice whose auction cleared below the bid at the cleared share, never above the price', async () => {
    const adv = await fundedAdvertiser(app);
    const id = await runningCampaign(app, adv.headers);
    const site = await approvedWebsite(app);
    const ip = nextIp();
    const low = bidOf(await auction({ zone: site.banner.unique, ip }));
    const high = bidOf(await auction({ zone: site.banner.unique, ip }));
    const unfilled = bidOf(await auction({ zone: site.banner.unique, ip }));
    // Cleared at €0.14 of our €0.35: 500 µ€ × 0.14 / 0.35 = 200 µ€.
    expect((await notice(low.burl, { price: '0.14', ip })).statusCode).toBe(204);
    // A price above the bid, or the macro left as it was: the campaign's price.
    expect((await notice(high.burl, { price: '9.99', ip })).statusCode).toBe(204);
    expect((await notice(unfilled.burl, { ip })).statusCode).toBe(204);
    await flush();
    expect(await impressionsOf(id)).toEqual({ n: 3, cost: 1200n });
  });

  it('answers 204 without a bid for an unknown zone, a size it does not sell, another currency, a floor above the bid and a children’s site', async () => {
    const adv = await fundedAdvertiser(app);
    await runningCampaign(app, adv.headers);
    const site = await approvedWebsite(app);
    const ip = nextIp();
    const zone = site.banner.unique;
    expect((await auction({ zone: 'ffffffffffffffff', ip })).statusCode).toBe(204);
    expect((await auction({ zone, ip, sizes: [[728, 90]] })).statusCode).toBe(204);
    expect((await auction({ zone, ip, extra: { cur: ['USD'] } })).statusCode).toBe(204);
    expect((await auction({ zone, ip }, { bidfloor: 0.36, bidfloorcur: 'EUR' })).statusCode).toBe(204);
    // A floor in another currency (OpenRTB's default is USD) cannot be compared.
    expect((await auction({ zone, ip }, { bidfloor: 0.01 })).statusCode).toBe(204);
    expect((await auction({ zone, ip, extra: { regs: { coppa: 1 } } })).statusCode).toBe(204);
    // The same request otherwise bids: at the floor, in euros among other currencies, by tagid.
    expect((await auction({ zone, ip }, { bidfloor: 0.35, bidfloorcur: 'EUR' })).statusCode).toBe(200);
    expect((await auction({ zone, ip, extra: { cur: ['USD', 'EUR'] } })).statusCode).toBe(200);
    expect((await auction({ zone: 'x', ip }, { ext: undefined, tagid: zone })).statusCode).toBe(200);
    expect((await auction({ zone: 'x', ip }, { ext: { bidder: { zone } } }, 'application/json')).statusCode).toBe(200);
  });

  it('applies /serve’s rules: the blacklist, the balance and the invalid-traffic filter', async () => {
    const adv = await fundedAdvertiser(app);
    const id = await runningCampaign(app, adv.headers);
    const site = await approvedWebsite(app);
    const ip = nextIp();
    expect((await auction({ zone: site.banner.unique, ip, ua: BOT_UA })).statusCode).toBe(204);
    expect((await auction({ zone: site.banner.unique, ip: '3.5.140.2' })).statusCode).toBe(204);
    expect((await auction({ zone: site.banner.unique, ip })).statusCode).toBe(200);
    await app.ctx.db.insert(campaignBlacklists).values({ ownerId: adv.user.id, items: [site.banner.unique] });
    await delivery(app).engine.refresh();
    expect((await auction({ zone: site.banner.unique, ip })).statusCode).toBe(204);
    const broke = await fundedAdvertiser(app, 0);
    await runningCampaign(app, broke.headers);
    const other = await approvedWebsite(app);
    expect((await auction({ zone: other.banner.unique, ip })).statusCode).toBe(200);
    expect(bidOf(await auction({ zone: other.banner.unique, ip })).cid).toBe(String(id));
  });

  it('counts frequency capping when the ad is shown, and uses no visitor key without consent', async () => {
    const adv = await fundedAdvertiser(app);
    const id = await runningCampaign(app, adv.headers, 'display', {}, { capping: 1, cappingTime: 3600 });
    const site = await approvedWebsite(app);
    const zone = site.banner.unique;
    const ip = nextIp();
    // Bids that are not won count nothing.
    const first = bidOf(await auction({ zone, ip }));
    bidOf(await auction({ zone, ip }));
    expect((await notice(first.burl, { ip })).statusCode).toBe(204);
    // Shown once: this visitor's cap is reached, another's is not.
    expect((await auction({ zone, ip })).statusCode).toBe(204);
    expect((await auction({ zone, ip: nextIp() })).statusCode).toBe(200);
    // GDPR applies (or the visitor opted out, or Do Not Track): no visitor key, so a capped
    // campaign does not bid at all, and an uncapped one does.
    const gdpr = { regs: { gdpr: 1 }, user: { consent: 'CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA' } };
    const fresh = nextIp();
    expect((await auction({ zone, ip: fresh, extra: gdpr })).statusCode).toBe(204);
    expect((await auction({ zone, ip: fresh, extra: { regs: { us_privacy: '1YYN' } } })).statusCode).toBe(204);
    expect((await auction({ zone, ip: fresh, extra: { device: { ua: DESKTOP_UA, dnt: 1 } } })).statusCode).toBe(204);
    const uncapped = await runningCampaign(app, adv.headers);
    const open = bidOf(await auction({ zone, ip: fresh, extra: gdpr }));
    expect(open.cid).toBe(String(uncapped));
    expect((await notice(open.burl, { ip: fresh })).statusCode).toBe(204);
    await flush();
    expect((await impressionsOf(id)).n).toBe(1);
    expect((await impressionsOf(uncapped)).n).toBe(1);
  });

  it('refuses a malformed request with 400 and the reason, and a body over the limit with 413', async () => {
    const post = (payload: string, contentType = 'text/plain') =>
      app.inject({
        method: 'POST',
        url: '/openrtb2/auction',
        headers: { ...BROWSER_HEADERS, 'content-type': contentType },
        payload,
      });
    const reasonOf = (res: { body: string }) => (JSON.parse(res.body) as { reason: string }).reason;
    const notJson = await post('{"id":');
    expect(notJson.statusCode).toBe(400);
    expect(reasonOf(notJson)).toBe('The bid request is not valid JSON.');
    const noImp = await post(JSON.stringify({ id: 'a', imp: [] }));
    expect(noImp.statusCode).toBe(400);
    expect(reasonOf(noImp)).toMatch(/^The bid request is not valid OpenRTB 2\.6: imp: /);
    const badSize = await post(JSON.stringify({ id: 'a', imp: [{ id: '1', banner: { format: [{ w: 0, h: 250 }] } }] }));
    expect(reasonOf(badSize)).toMatch(/: imp\.0\.banner\.format\.0\.w: /);
    const twice = await post(JSON.stringify({ id: 'a', imp: [{ id: '1' }, { id: '1' }] }), 'application/json');
    expect(twice.statusCode).toBe(400);
    expect(reasonOf(twice)).toBe('Each impression of a bid request needs its own id.');
    const nul = await post(JSON.stringify({ id: 'a\u0000', imp: [{ id: '1' }] }));
    expect(nul.statusCode).toBe(400);
    const huge = await post(JSON.stringify({ id: 'a', imp: [{ id: '1' }], site: { page: 'x'.repeat(300_000) } }));
    expect(huge.statusCode).toBe(413);
    // Someone else's extension of another shape is ignored, not refused.
    const foreign = await post(JSON.stringify({ id: 'a', imp: [{ id: '1', ext: { bidder: [1, 2], prebid: 'x' } }] }));
    expect(foreign.statusCode).toBe(204);
  });

  itOnPostgres('several notices of the same bid at once: one impression, one charge', async () => {
    const adv = await fundedAdvertiser(app);
    const id = await runningCampaign(app, adv.headers);
    const site = await approvedWebsite(app);
    const ip = nextIp();
    const bid = bidOf(await auction({ zone: site.banner.unique, ip }));
    const before = await ledgerSumOf(app.ctx.db, adv.user.id);
    const answers = await Promise.all(Array.from({ length: 8 }, () => notice(bid.burl, { price: '0.35', ip })));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(204));
    await flush();
    expect(await impressionsOf(id)).toEqual({ n: 1, cost: 500n });
    expect(await ledgerSumOf(app.ctx.db, adv.user.id)).toBe(before - 500n);

    // The database decides alone (another process took the same notice, Redis was down):
    // the same notice in concurrent batches, each in its own transaction.
    const event = streamEvent('notice', id, adv.user.id, site.publisher.user.id, { bidNotice: true, costMicros: 500n });
    const results = await Promise.all(Array.from({ length: 6 }, () => recordBatch(app.ctx, [event])));
    expect(results.map((r) => r.repeatedNotices).sort()).toEqual([0, 1, 1, 1, 1, 1]);
    expect(await impressionsOf(id)).toEqual({ n: 2, cost: 1000n });
    expect(await ledgerSumOf(app.ctx.db, adv.user.id)).toBe(before - 1000n);
    const check = await checkLedger(app.ctx.db);
    expect(check.ok).toBe(true);
  });
});
