import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { API_KEY_PREFIX, API_KEY_SHOWN_LENGTH } from '@cryptads/contract/api-keys';

/**
 * The key format (docs/decisions/040-public-api.md): `cads_live_` + 32 base62 characters
 * (190 random bits) + `_` + the CRC-32 of everything before it in 6 base62 characters.
 */
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
const SHAPE = /^cads_live_([0-9A-Za-z]{32})_([0-9A-Za-z]{6})$/;

/** 32 unbiased base62 characters: bytes of 248 and above are drawn again. */
function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= 248) continue;
      out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/** A 32-bit number as exactly six base62 characters (62^6 > 2^32). */
export function base62Fixed(value: number, length = CHECKSUM_LENGTH): string {
  let rest = value >>> 0;
  let out = '';
  for (let i = 0; i < length; i++) {
    out = BASE62[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return out;
}

const checksumOf = (body: string) => base62Fixed(crc32(body));

/** A new key. */
export function newApiKey(): string {
  const body = `${API_KEY_PREFIX}${randomBase62(RANDOM_LENGTH)}`;
  return `${body}_${checksumOf(body)}`;
}

/** Whether a text has the shape of a key and its checksum holds (no database needed). */
export function isWellFormedApiKey(text: string): boolean {
  const match = SHAPE.exec(text);
  if (!match) return false;
  return checksumOf(`${API_KEY_PREFIX}${match[1]}`) === match[2];
}

/** What the list shows of a key. */
export const shownPrefix = (key: string) => key.slice(0, API_KEY_SHOWN_LENGTH);
