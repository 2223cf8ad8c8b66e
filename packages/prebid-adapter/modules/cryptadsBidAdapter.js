/**
 * Cryptads bid adapter for Prebid.js (bidder code 'cryptads'): banner bids from a Cryptads
 * ad server's OpenRTB 2.6 endpoint, built on Prebid's ORTB conversion library.
 *
 * Written as a Prebid.js module (the imports are relative to Prebid's own tree): copy it into
 * Prebid.js's `modules/` folder for a gulp build, or bundle it beside the `prebid.js` npm
 * package with `@cryptads/prebid-adapter/esbuild` (see this package's README).
 *
 * Publisher's configuration:
 *   pbjs.setConfig({ cryptads: { endpoint: 'https://<ad server>/openrtb2/auction' } });
 *   bids: [{ bidder: 'cryptads', params: { zone: '<zone id>' } }]
 *
 * The ad server answers what the zone's ad code would show, at the publisher's earnings in
 * euros (net revenue). Nothing is billed for a bid: the win notice (nurl) is sent when Prebid
 * marks the bid as won, the billing notice (burl) when it is billable (on rendering, or at
 * `pbjs.triggerBilling` for an ad unit with deferBilling), and only the billing notice records
 * the impression, once.
 */
import { ortbConverter } from '../libraries/ortbConverter/converter.js';
import { registerBidder } from '../src/adapters/bidderFactory.js';
import { config } from '../src/config.js';
import { BANNER } from '../src/mediaTypes.js';
import { deepSetValue, isNumber, isStr, logWarn, replaceAuctionPrice, triggerPixel } from '../src/utils.js';

export const BIDDER_CODE = 'cryptads';
/** We bid in euros only, and the publisher's earnings: net revenue. */
const CURRENCY = 'EUR';
/** Matches the ad server's bid `exp` (seconds). */
const TTL = 300;

/** A zone's public id: 16 hexadecimal digits (a number is taken as written). */
const zoneOf = (bid) => {
  const zone = bid?.params?.zone;
  return (isStr(zone) && zone.trim() !== '') || isNumber(zone) ? String(zone).trim() : null;
};

/** The bid endpoint: the bid's own `params.endpoint`, else `setConfig({cryptads: {endpoint}})`. */
const endpointOf = (bid) => {
  const url = bid?.params?.endpoint ?? config.getConfig(`${BIDDER_CODE}.endpoint`);
  return isStr(url) && /^https?:\/\//.test(url) ? url : null;
};

export const converter = ortbConverter({
  context: { netRevenue: true, ttl: TTL, currency: CURRENCY, mediaType: BANNER },
  imp(buildImp, bidRequest, context) {
    const imp = buildImp(bidRequest, context);
    deepSetValue(imp, 'ext.cryptads.zone', zoneOf(bidRequest));
    return imp;
  },
  request(buildRequest, imps, bidderRequest, context) {
    const request = buildRequest(imps, bidderRequest, context);
    request.cur = [CURRENCY];
    return request;
  },
  bidResponse(buildBidResponse, bid, context) {
    const bidResponse = buildBidResponse(bid, context);
    // The converter keeps burl; the win notice is ours to send too.
    if (bid.nurl) bidResponse.nurl = bid.nurl;
    return bidResponse;
  },
});

/** Sends a notice with `${AUCTION_PRICE}` filled: the bid's price in our currency. */
const notify = (url, bid) => {
  if (isStr(url) && url !== '') triggerPixel(replaceAuctionPrice(url, bid.originalCpm ?? bid.cpm));
};

export const spec = {
  code: BIDDER_CODE,
  supportedMediaTypes: [BANNER],

  isBidRequestValid(bid) {
    if (!zoneOf(bid)) {
      logWarn(`${BIDDER_CODE}: params.zone (the zone's id) is required`);
      return false;
    }
    if (!endpointOf(bid)) {
      logWarn(
        `${BIDDER_CODE}: no endpoint; pbjs.setConfig({ ${BIDDER_CODE}: { endpoint: 'https://…/openrtb2/auction' } })`,
      );
      return false;
    }
    return true;
  },

  buildRequests(bidRequests, bidderRequest) {
    const byEndpoint = new Map();
    for (const bid of bidRequests) {
      const url = endpointOf(bid);
      byEndpoint.set(url, [...(byEndpoint.get(url) ?? []), bid]);
    }
    return [...byEndpoint].map(([url, bids]) => ({
      method: 'POST',
      url,
      data: converter.toORTB({ bidRequests: bids, bidderRequest }),
      // No cookies: the ad server reads none, and answers any origin.
      options: { withCredentials: false },
    }));
  },

  interpretResponse(response, request) {
    // 204: no bid.
    if (!response?.body || typeof response.body !== 'object') return [];
    return converter.fromORTB({ response: response.body, request: request.data }).bids;
  },

  /** The ad server keeps no user id and asks for no sync. */
  getUserSyncs() {
    return [];
  },

  onBidWon(bid) {
    notify(bid.nurl, bid);
  },

  onBidBillable(bid) {
    notify(bid.burl, bid);
  },
};

registerBidder(spec);
