import type { Bid, BidResponse } from 'iab-openrtb/v26';
import { AdFormat } from '@cryptads/contract/campaign-messages';
import { clearedCostOf } from '@cryptads/contract/money';
import { type BidRequest, type BidRequestImp, bannerSizes, zoneOfImp } from '@cryptads/contract/openrtb';
import { BID_TTL_SECONDS, OPENRTB_CURRENCY, OPENRTB_SEAT } from '@cryptads/contract/openrtb-messages';
import { parseAgent } from '../../adapters/geo/geo';
import type { Config } from '../../config';
import { bannerDocument, clickUrlOf, type ShownTo } from './answers';
import { type Delivery, visitorKey } from './delivery';
import type { Decision, Visitor } from './engine';
import type { RequestFacts } from './ivt';
import { type NoticePayload, signNotice, verifyNotice } from './notice-token';
import { STICKY_SIZES } from './rules';
import { type DeliveryEvent, EventKind } from './types';
import { earningsOf, shareMillionths } from './writer/billing';

/**
 * Programmatic bidding (docs/product/programmatic.md, docs/decisions/058-openrtb-and-prebid.md):
 * an OpenRTB 2.6 bid request is answered with what /serve would show on each named zone, by
 * the same engine under the same rules (eligibility, targeting, budgets, frequency caps, the
 * invalid-traffic filter, blacklists), but nothing is taken at bid time: the impression is
 * recorded and billed when its billing notice (burl) arrives, once.
 */

/** Zone formats a banner impression can fill. */
const BANNER_ZONES: ReadonlySet<number> = new Set([
  AdFormat.Banner,
  AdFormat.FloatingBanner,
  AdFormat.HeaderBanner,
  AdFormat.StickyBanner,
]);

/**
 * May the visitor's personal data be used (the visitor key of frequency capping, a hash of
 * address and browser)? Not when GDPR applies (we are no TCF vendor, so no consent string can
 * name us), when the US Privacy string says the visitor opted out, when a GPP section applies
 * (we do not read GPP strings), for a child-directed request, or with Do Not Track / Limit Ad
 * Tracking. The invalid-traffic filter still reads the address in memory (fraud prevention),
 * as on /serve.
 */
export function personalDataAllowed(r: BidRequest): boolean {
  if ((r.regs?.gdpr ?? r.regs?.ext?.gdpr) === 1) return false;
  const usPrivacy = r.regs?.us_privacy ?? r.regs?.ext?.us_privacy;
  if (usPrivacy && /^1.Y/i.test(usPrivacy)) return false;
  if (r.regs?.gpp_sid?.some((sid) => sid > 0)) return false;
  if (r.regs?.coppa === 1) return false;
  if (r.device?.dnt === 1 || r.device?.lmt === 1) return false;
  return true;
}

/** Why a request gets no bid at all before any zone is looked at (null: look). */
export function requestRefusal(r: BidRequest): 'currency' | 'children' | null {
  // We bid in euros and convert nothing (docs/product/programmatic.md#currency).
  if (r.cur?.length && !r.cur.includes(OPENRTB_CURRENCY)) return 'currency';
  // Finance and crypto advertising is not for children's sites.
  if (r.regs?.coppa === 1) return 'children';
  return null;
}

/** The publisher's share of one impression, as the recorder will credit it (micro-euros). */
function earningsPerImpression(d: Decision, config: Config): bigint {
  const share = shareMillionths(config.delivery.revenueShare);
  // A CPC campaign's impression is free: its bid is what its clicks are expected to earn.
  const value = d.campaign.cpc ? BigInt(Math.floor(d.campaign.value)) : d.costMicros;
  return earningsOf(value, share);
}

/** A CPM in micro-euros as OpenRTB's price: euros per thousand, a JSON number. */
const cpmOf = (cpmMicros: bigint) => Number(cpmMicros) / 1_000_000;

/**
 * An impression's floor in micro-euros, or null when it cannot be compared (another currency;
 * OpenRTB's default floor currency is USD).
 */
function floorMicros(imp: BidRequestImp): bigint | null {
  if (!imp.bidfloor) return 0n;
  if ((imp.bidfloorcur ?? 'USD') !== OPENRTB_CURRENCY) return null;
  return BigInt(Math.ceil(imp.bidfloor * 1_000_000));
}

/** The size this zone sells that the impression accepts ('WxH'), or null. */
function fittingSize(zone: { format: number; size: string | null }, sizes: readonly string[], device: 1 | 2) {
  if (zone.format === AdFormat.StickyBanner) return STICKY_SIZES[device].find((s) => sizes.includes(s)) ?? null;
  return zone.size && sizes.includes(zone.size) ? zone.size : null;
}

/** The advertiser's domain for `adomain`: the landing URL's host without www. */
function advertiserDomain(landingUrl: string): string | null {
  try {
    return new URL(landingUrl.replace(/\{[a-z_]+\}/g, '0')).hostname.replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}

export type Bidder = { delivery: Delivery; config: Config };

/** The visitor of a bid request: the browser that sent it, as on /serve. */
function visitorOf(b: Bidder, r: BidRequest, facts: RequestFacts) {
  const agent = facts.agent ?? parseAgent(facts.userAgent);
  const personal = personalDataAllowed(r);
  const visitor: Visitor = {
    country: b.delivery.geo.country(facts.ip, facts.headers),
    device: agent.device,
    os: agent.os,
    browser: agent.browser,
    // No key: frequency capping has nothing to count on, and capped campaigns do not bid.
    key: personal ? visitorKey(facts.ip, agent) : '',
  };
  return { agent, visitor, personal };
}

/**
 * One bid of a decision for an impression: our price (the publisher's CPM), the banner as
 * /serve renders it with its signed click link, and the notice URLs carrying the signed
 * impression. The one place a bid is built: extensions (the supply chain…) go here.
 */
export function buildBid(
  b: Bidder,
  imp: BidRequestImp,
  d: Decision,
  shown: ShownTo & { personal: boolean },
  at: Date,
): Bid | null {
  const cr = d.creative;
  if (!cr || cr.format !== AdFormat.Banner) return null;
  const earnings = earningsPerImpression(d, b.config);
  const bidCpm = earnings * 1000n;
  if (bidCpm <= 0n) return null;
  const floor = floorMicros(imp);
  if (floor === null || bidCpm < floor) return null;
  const publicUrl = b.config.publicUrl;
  const clickUrl = clickUrlOf(b.delivery, publicUrl, d, shown, at);
  const notice: NoticePayload = {
    i: d.impressionId,
    c: d.campaign.id,
    r: cr.id,
    z: d.zone.id,
    w: d.zone.websiteId,
    a: d.campaign.advertiserId,
    p: d.zone.publisherId,
    co: shown.country,
    os: shown.os,
    br: shown.browser,
    d: shown.device,
    k: d.campaign.clickCost.toString(),
    t: Math.floor(at.getTime() / 1000),
    m: d.costMicros.toString(),
    b: bidCpm.toString(),
    ...(shown.personal ? {} : { n: 1 as const }),
  };
  const token = signNotice(b.delivery.noticeKey, notice);
  const domain = advertiserDomain(d.campaign.landingUrl);
  return {
    id: d.impressionId,
    impid: imp.id,
    price: cpmOf(bidCpm),
    adm: bannerDocument(clickUrl, cr.image, cr.width, cr.height),
    // The macro is left for the exchange (Prebid.js fills it with the bid's price).
    nurl: `${publicUrl}/openrtb2/win/${token}?price=\${AUCTION_PRICE}`,
    burl: `${publicUrl}/openrtb2/bill/${token}?price=\${AUCTION_PRICE}`,
    ...(domain ? { adomain: [domain] } : {}),
    cid: String(d.campaign.id),
    crid: String(cr.id),
    w: cr.width,
    h: cr.height,
    mtype: 1,
    exp: BID_TTL_SECONDS,
  } satisfies Bid;
}

/**
 * The bid response to a valid request: one bid per impression that names one of our banner
 * zones and that delivery would fill for this visitor now; null: no bid at all (HTTP 204).
 * Counts each named zone's request toward the invalid-traffic rates, as /serve does; a request
 * the filter flags gets no bid. Takes nothing else: no budget, no cap, no event.
 */
export function bidResponseOf(b: Bidder, r: BidRequest, facts: RequestFacts, now = Date.now()): BidResponse | null {
  const { delivery } = b;
  if (requestRefusal(r) || delivery.recorder.saturated || !delivery.engine.ready) return null;
  const { agent, visitor, personal } = visitorOf(b, r, facts);
  const shown = { country: visitor.country, os: agent.os, browser: agent.browser, device: agent.device, personal };
  const at = new Date(now);
  const bids: Bid[] = [];
  for (const imp of r.imp) {
    const zoneUnique = zoneOfImp(imp);
    const zone = zoneUnique ? delivery.engine.zoneByUnique(zoneUnique) : undefined;
    if (!zone || !BANNER_ZONES.has(zone.format)) continue;
    const size = fittingSize(zone, bannerSizes(imp), agent.device);
    if (!size) continue;
    if (delivery.ivt.serve({ ...facts, zoneId: zone.id }, now)) continue;
    const decision = delivery.engine.offer(zone.unique, visitor, zone.size ? { size } : {}, now);
    // A sticky zone's creative follows the device; it must be one of the sizes asked for.
    if (!decision || decision.creative?.size !== size) continue;
    const bid = buildBid(b, imp, decision, shown, at);
    if (bid) bids.push(bid);
  }
  if (!bids.length) return null;
  return { id: r.id, seatbid: [{ seat: OPENRTB_SEAT, bid: bids }], cur: OPENRTB_CURRENCY };
}

/**
 * `${AUCTION_PRICE}` as the exchange filled it (euros per thousand), in micro-euros; null when
 * it was not filled or is not a price.
 */
export function clearedCpmMicros(price: unknown): bigint | null {
  if (typeof price !== 'string' || !/^\d{1,9}(\.\d{1,12})?$/.test(price)) return null;
  const [whole = '0', fraction = ''] = price.split('.');
  return BigInt(whole) * 1_000_000n + BigInt(fraction.slice(0, 6).padEnd(6, '0'));
}

export type NoticeOutcome = 'recorded' | 'repeated' | 'invalid' | 'expired' | 'not recorded';

/**
 * A won bid's billing notice (burl): the impression was rendered. Signed by us and taken once
 * (this process's or Redis's set first; the batch writer's bid_notices decide for good), it
 * counts toward the visitor's frequency cap (unless the request allowed no personal data),
 * takes its cost against budgets and balance as /serve does, and is appended to the delivery
 * stream as an impression, billed when its batch is recorded. Its cost is the campaign's
 * price, or less when the exchange cleared below our bid (clearedCostOf).
 */
export async function recordBillingNotice(
  b: Bidder,
  token: string,
  price: unknown,
  facts: Pick<RequestFacts, 'ip' | 'userAgent'>,
  now = Date.now(),
): Promise<NoticeOutcome> {
  const { delivery } = b;
  const check = verifyNotice(delivery.noticeKey, token, now);
  if (!check.ok) return check.reason;
  const p = check.payload;
  // Redis unreachable: the batch writer's bid_notices decide alone.
  const first = await Promise.resolve(delivery.clicks.firstClick(`bid:${p.i}`, now)).catch(() => true);
  if (!first) return 'repeated';
  const costMicros = clearedCostOf(BigInt(p.m), BigInt(p.b), clearedCpmMicros(price));
  const key = p.n ? null : visitorKey(facts.ip, parseAgent(facts.userAgent));
  const billing = await delivery.engine
    .takeShown(p.c, p.a, costMicros, key, now)
    .catch(() => ({ refusal: delivery.engine.clickRefusal(p.c, p.a, costMicros, now), reserved: false }));
  // A click on it is judged against the time it was shown (the invalid-traffic click rules).
  delivery.ivt.issue(p.i, undefined, now);
  const event: DeliveryEvent = {
    ...(billing.refusal ? { filterReason: billing.refusal } : {}),
    kind: EventKind.Impression,
    at: new Date(now),
    impressionId: p.i,
    campaignId: p.c,
    creativeId: p.r,
    zoneId: p.z,
    websiteId: p.w,
    advertiserId: p.a,
    publisherId: p.p,
    country: p.co,
    os: p.os,
    browser: p.br,
    device: p.d === 2 ? 2 : 1,
    costMicros,
    ...(billing.reserved ? { reserved: true as const } : {}),
    bidNotice: true,
  };
  return (await delivery.recorder.append(event)) ? 'recorded' : 'not recorded';
}

/** A win notice (nurl): checked, and nothing else: billing waits for the rendering (burl). */
export function checkWinNotice(b: Bidder, token: string, now = Date.now()): 'ok' | 'invalid' | 'expired' {
  const check = verifyNotice(b.delivery.noticeKey, token, now);
  return check.ok ? 'ok' : check.reason;
}
