import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A 256-bit random token, URL-safe. Given to the client once; store only its hash. */
export const randomToken = () => randomBytes(32).toString('base64url');

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Six random digits, leading zeros kept. */
export const sixDigitCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
