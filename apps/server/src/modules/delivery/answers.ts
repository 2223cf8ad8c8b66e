import type { FastifyReply } from 'fastify';
import { escapeHtml } from '../../lib/html';
import { type ClickPayload, signClick } from './click-token';
import type { Delivery } from './delivery';
import type { Decision } from './engine';

/**
 * What /serve and a bid of POST /openrtb2/auction answer alike: the public headers, a
 * banner's document and its signed click link (docs/decisions/004-ad-codes.md, 007).
 */

/**
 * Headers of every public delivery answer: other sites call these URLs. Helmet is off on
 * them (its CSP is for our pages; it cost ~8 % of /serve's CPU): nosniff is what applies.
 */
export function publicHeaders(reply: FastifyReply) {
  return reply
    .header('x-content-type-options', 'nosniff')
    .header('access-control-allow-origin', '*')
    .header('cross-origin-resource-policy', 'cross-origin')
    .header('timing-allow-origin', '*');
}

/** A banner as a self-contained document: the image, linked to the click URL. */
export function bannerDocument(clickUrl: string, image: string, width: number, height: number) {
  return (
    '<!doctype html><html><head><meta charset="utf-8"><style>html,body{margin:0;padding:0;overflow:hidden}img{display:block;border:0}</style></head>' +
    `<body><a href="${escapeHtml(clickUrl)}" target="_blank" rel="noopener sponsored"><img src="${escapeHtml(image)}" width="${width}" height="${height}" alt=""></a></body></html>`
  );
}

/** Who saw the ad, as the click records it. */
export type ShownTo = { country: string; os: string; browser: string; device: 1 | 2 };

/** The click token's payload of a decision shown at `at`: what the click is recorded with. */
export function clickPayloadOf(d: Decision, to: ShownTo, at: Date): ClickPayload {
  const { zone, campaign } = d;
  return {
    i: d.impressionId,
    c: campaign.id,
    r: d.creative?.id ?? 0,
    z: zone.id,
    w: zone.websiteId,
    a: campaign.advertiserId,
    p: zone.publisherId,
    co: to.country,
    os: to.os,
    br: to.browser,
    d: to.device,
    k: campaign.clickCost.toString(),
    t: Math.floor(at.getTime() / 1000),
  };
}

/** The signed click link of a decision (GET /click/{token}). */
export const clickUrlOf = (delivery: Delivery, publicUrl: string, d: Decision, to: ShownTo, at: Date) =>
  `${publicUrl}/click/${signClick(delivery.clickSecret, clickPayloadOf(d, to, at))}`;
