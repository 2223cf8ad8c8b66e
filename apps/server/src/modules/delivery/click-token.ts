import { createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';
import { openLink, signLink } from './signed-link';

/**
 * Click links (docs/decisions/007-delivery.md): base64url(JSON payload) + '.' +
 * base64url(HMAC-SHA256(secret, payload)). The payload carries what the click is recorded
 * with, so a click needs no lookup of the impression.
 */
export type ClickPayload = {
  /** Impression id (the click's dedupe key). */
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
  /** The click's cost in micro-euros (CPC price at impression time; '0' for CPM). */
  k: string;
  /** Issued at, seconds since the epoch. */
  t: number;
};

export function signClick(secret: KeyObject, payload: ClickPayload): string {
  return signToken(secret, payload);
}

export type ClickCheck = { ok: true; payload: ClickPayload } | { ok: false; reason: 'invalid' | 'expired' };

export function verifyClick(secret: KeyObject, token: string, ttlHours: number, now = Date.now()): ClickCheck {
  return verifyToken<ClickPayload>(secret, token, ttlHours * 3_600_000, now);
}

/**
 * A signed token of this form for any payload with an impression id `i` and a time `t`
 * (seconds): click links, and bid notices under a key of their own (./notice-token.ts).
 */
export function signToken(secret: KeyObject, payload: { i: string; t: number }): string {
  return signLink(secret, payload);
}

/** The payload of a token signed with `secret`, issued within `ttlMs` (and not in the future). */
export function verifyToken<P extends { i: string; t: number }>(
  secret: KeyObject,
  token: string,
  ttlMs: number,
  now = Date.now(),
): { ok: true; payload: P } | { ok: false; reason: 'invalid' | 'expired' } {
  const opened = openLink<P>([secret], token);
  if (!opened) return { ok: false, reason: 'invalid' };
  const { payload } = opened;
  if (typeof payload?.t !== 'number' || typeof payload.i !== 'string') return { ok: false, reason: 'invalid' };
  if (payload.t * 1000 + ttlMs < now || payload.t * 1000 > now + 300_000) return { ok: false, reason: 'expired' };
  return { ok: true, payload };
}

/**
 * CLICK_SECRET when set; otherwise a random secret generated once and kept in
 * DATA_DIR/click-secret (mode 0600) so links survive a restart. Tests (NODE_ENV=test) use a
 * random secret per process and write nothing. A key object, made once: an HMAC keyed with a
 * Buffer builds one per call, which was most of the signing's cost (14 µs against 2 µs).
 */
export function loadClickSecret(config: Pick<Config, 'delivery' | 'dataDir' | 'env'>): KeyObject {
  return createSecretKey(clickSecretBytes(config));
}

function clickSecretBytes(config: Pick<Config, 'delivery' | 'dataDir' | 'env'>): Buffer {
  if (config.delivery.clickSecret) return Buffer.from(config.delivery.clickSecret, 'utf8');
  if (config.env === 'test') return randomBytes(32);
  const file = path.join(config.dataDir, 'click-secret');
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return Buffer.from(stored, 'utf8');
  } catch {
    // not there yet
  }
  const secret = randomBytes(32).toString('base64url');
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return Buffer.from(secret, 'utf8');
}
