import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { BID_NOTICE_TTL_SECONDS } from '@cryptads/contract/openrtb-messages';
import { type ClickPayload, signToken, verifyToken } from './click-token';

/**
 * A bid's notice URLs (nurl, burl; docs/product/programmatic.md): the click token's form
 * (./click-token.ts) under a key of their own, derived from the click secret, so that a click
 * link is never a notice nor the reverse. The payload is the impression as its click records
 * it, plus what its billing needs.
 */
export type NoticePayload = ClickPayload & {
  /** What the impression costs the advertiser, micro-euros ('0' for CPC). */
  m: string;
  /** Our bid: the publisher's CPM in micro-euros (the price's basis for `${AUCTION_PRICE}`). */
  b: string;
  /** 1: the bid request allowed no personal data (no frequency capping for this impression). */
  n?: 1;
};

/** The notice key: HMAC-SHA256 of a fixed label under the click secret. */
export const noticeKeyOf = (clickSecret: KeyObject): KeyObject =>
  createSecretKey(createHmac('sha256', clickSecret).update('cryptads bid notice 1').digest());

export const signNotice = (key: KeyObject, payload: NoticePayload) => signToken(key, payload);

const MONEY = /^\d{1,15}$/;

export type NoticeCheck = { ok: true; payload: NoticePayload } | { ok: false; reason: 'invalid' | 'expired' };

/** A notice issued by us within BID_NOTICE_TTL_SECONDS. */
export function verifyNotice(key: KeyObject, token: string, now = Date.now()): NoticeCheck {
  const check = verifyToken<NoticePayload>(key, token, BID_NOTICE_TTL_SECONDS * 1000, now);
  if (!check.ok) return check;
  const p = check.payload;
  if (typeof p.m !== 'string' || !MONEY.test(p.m) || typeof p.b !== 'string' || !MONEY.test(p.b))
    return { ok: false, reason: 'invalid' };
  return check;
}
