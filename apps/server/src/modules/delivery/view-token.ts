import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { VIEW_REPORT_TTL_HOURS } from '@cryptads/contract/viewability';
import { openLink, signLink } from './signed-link';

/**
 * View report tokens (docs/decisions/061-viewable-impressions.md): the click link's form,
 * base64url(JSON payload) + '.' + base64url(HMAC-SHA256), under keys of their own derived from
 * the click secret, so that a click link is never a view report nor the reverse. The payload
 * is the impression as it was recorded (the same fields as its click's), so a report needs no
 * lookup.
 *
 * An impression the invalid-traffic filter flagged at /serve gets a token too, as every
 * answer does (a bot learns nothing from the answer), but signed with the "void" key: /view
 * takes it like any other and records nothing. Its payload reads the same; only our secret
 * tells the two apart.
 */
export type ViewPayload = {
  /** Impression id. */
  i: string;
  /** Campaign, creative, zone, website, advertiser, publisher. */
  c: number;
  r: number;
  z: number;
  w: number;
  a: number;
  p: number;
  /** Country, os, browser, device. */
  co: string;
  os: string;
  br: string;
  d: 1 | 2;
  /** The impression's time, milliseconds since the epoch (its rollup hour). */
  t: number;
};

export type ViewKeys = { valid: KeyObject; void: KeyObject };

const derive = (secret: KeyObject, label: string) =>
  createSecretKey(createHmac('sha256', secret).update(label).digest());

/** The two view keys: HMAC-SHA256 of fixed labels under the click secret. */
export const viewKeysOf = (clickSecret: KeyObject): ViewKeys => ({
  valid: derive(clickSecret, 'cryptads view report 1'),
  void: derive(clickSecret, 'cryptads view report void 1'),
});

/** A view token; `counts` false for an impression that was filtered as invalid traffic. */
export function signView(keys: ViewKeys, payload: ViewPayload, counts: boolean): string {
  return signLink(counts ? keys.valid : keys.void, payload);
}

export type ViewCheck =
  | { ok: true; payload: ViewPayload; counts: boolean }
  | { ok: false; reason: 'invalid' | 'expired' };

const int = (v: unknown) => Number.isSafeInteger(v);
const text = (v: unknown) => typeof v === 'string' && v.length <= 100;

/** A token we issued within VIEW_REPORT_TTL_HOURS (and not in the future), and whether it counts. */
export function verifyView(keys: ViewKeys, token: string, now = Date.now()): ViewCheck {
  // The valid key first: a report that counts is the common case.
  const opened = openLink<ViewPayload>([keys.valid, keys.void], token);
  if (!opened) return { ok: false, reason: 'invalid' };
  const p = opened.payload;
  const counts = opened.key === 0;
  if (
    typeof p !== 'object' ||
    p === null ||
    typeof p.i !== 'string' ||
    !p.i ||
    p.i.length > 200 ||
    ![p.c, p.r, p.z, p.w, p.a, p.p, p.t].every(int) ||
    ![p.co, p.os, p.br].every(text) ||
    (p.d !== 1 && p.d !== 2)
  )
    return { ok: false, reason: 'invalid' };
  if (p.t + VIEW_REPORT_TTL_HOURS * 3_600_000 < now || p.t > now + 300_000) return { ok: false, reason: 'expired' };
  return { ok: true, payload: p, counts };
}
