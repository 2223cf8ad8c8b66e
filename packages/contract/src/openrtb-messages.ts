/**
 * Programmatic bidding (docs/product/programmatic.md, docs/decisions/058-openrtb-and-prebid.md):
 * the limits of POST /openrtb2/auction and the sentences of its 400 answers. Zod-free.
 */

/** The only currency we bid in (a request whose `cur` lists only others gets no bid). */
export const OPENRTB_CURRENCY = 'EUR';
/** A bid request's body, at most (the JSON text). A Prebid.js request for a page is a few kB. */
export const OPENRTB_MAX_BODY_BYTES = 256 * 1024;
/** Impressions in one bid request, at most. */
export const OPENRTB_MAX_IMPS = 50;
/** Seconds a bid is valid for (`bid.exp`; Prebid.js's `ttl`). */
export const BID_TTL_SECONDS = 300;
/**
 * Seconds after the bid within which its billing notice is taken: a bid cached by Prebid.js
 * and rendered late (a lazily loaded slot, a refresh) is still billed, an old one never.
 */
export const BID_NOTICE_TTL_SECONDS = 3600;
/** The seat our bids come from (`seatbid[].seat`). */
export const OPENRTB_SEAT = 'cryptads';

export const OPENRTB_MESSAGES = {
  /** The body is not JSON (Prebid.js sends JSON as text/plain). */
  notJson: 'The bid request is not valid JSON.',
  /** Followed by the field and what is wrong with it. */
  invalid: 'The bid request is not valid OpenRTB 2.6',
  duplicateImp: 'Each impression of a bid request needs its own id.',
} as const;
