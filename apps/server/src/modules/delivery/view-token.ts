import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';
import { VIEW_REPORT_TTL_HOURS } from '@cryptads/contract/viewability';

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
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const mac = createHmac('sha256', counts ? keys.valid : keys.void)
    .update(body)
    .digest('base64url');
  return `${body}.${mac}`;
}

export type ViewCheck =
  | { ok: true; payload: ViewPayload; counts: boolean }
  | { ok: false; reason: 'invalid' | 'expired' };

const macMatches = (key: KeyObject, body: string, given: Buffer) => {
  const expected = createHmac('sha256', key).update(body).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
};

const int = (v: unknown) => Number.isSafeInteger(v);
const text = (v: unknown) => typeof v === 'string' && v.length <= 100;

/** A token we issued within VIEW_REPORT_TTL_HOURS (and not in the future), and whether it counts. */
export function verifyView(keys: ViewKeys, token: string, now = Date.now()): ViewCheck {
  const dot = token.indexOf('.');
  if (dot <= 0 || token.length > 2048) return { ok: false, reason: 'invalid' };
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const counts = macMatches(keys.valid, body, given);
  if (!counts && !macMatches(keys.void, body, given)) return { ok: false, reason: 'invalid' };
  let p: ViewPayload;
  try {
    p = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ViewPayload;
  } catch {
    return { ok: false, reason: 'invalid' };
  }
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
