import { createHmac, type KeyObject, timingSafeEqual } from 'node:crypto';

/**
 * The signed links of the ad paths, one form for all (docs/decisions/007, 061): click links,
 * bid notices (./click-token.ts, ./notice-token.ts) and view reports (./view-token.ts) are
 * base64url(JSON payload) + '.' + base64url(HMAC-SHA256(key, that text)), each kind under a
 * key of its own. What a payload must hold and how long it lives is each kind's.
 */

/** A link's token for `payload`, signed with `key`. */
export function signLink(key: KeyObject, payload: object): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

/**
 * The payload of a token signed with one of `keys`, and the index of that key (tried in
 * order); null for a token none of them signed, longer than 2,048 characters, or whose
 * payload is not JSON. The payload's fields are the caller's to check.
 */
export function openLink<P>(keys: readonly KeyObject[], token: string): { payload: P; key: number } | null {
  const dot = token.indexOf('.');
  if (dot <= 0 || token.length > 2048) return null;
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const key = keys.findIndex((k) => {
    const expected = createHmac('sha256', k).update(body).digest();
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (key < 0) return null;
  try {
    return { payload: JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as P, key };
  } catch {
    return null;
  }
}
