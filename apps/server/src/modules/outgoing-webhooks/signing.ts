import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { safeEqual } from '../../lib/crypto';

/**
 * Signing of outgoing webhooks (docs/decisions/042-outgoing-webhooks.md), two schemes on every
 * delivery:
 * - Stripe's: `Cryptads-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`,
 *   the key being the whole secret text (`whsec_...`). During a rotation it carries two v1.
 * - Standard Webhooks', which the `whsec_` prefix promises: `webhook-id`, `webhook-timestamp` and
 *   `webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">`, the key being
 *   the bytes the base64 after `whsec_` decodes to. During a rotation, one `v1,…` per secret,
 *   space-separated.
 */

/**
 * A new secret: `whsec_` and 32 random bytes in standard, padded base64, the form every
 * Standard Webhooks library decodes. Secrets made before used base64url without padding, which
 * those libraries refuse; see `standardWebhooksKey`.
 */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

const STANDARD_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * The HMAC key of the Standard Webhooks signature: the bytes after `whsec_`. A secret in
 * standard base64 (every secret made now) is decoded as such, as receivers' libraries do. An
 * older secret is base64url of 32 random bytes: it is keyed with those same bytes, so a
 * receiver that rewrites it as standard base64 verifies too, and its Cryptads-Signature is
 * unchanged; rotating gives a secret the libraries take as it is.
 */
export function standardWebhooksKey(secret: string): Buffer {
  const encoded = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret;
  return Buffer.from(encoded, STANDARD_BASE64.test(encoded) ? 'base64' : 'base64url');
}

/** One `v1,<base64>` per secret (the current one first), space-separated. */
export function standardWebhooksSignature(
  secrets: readonly string[],
  id: string,
  timestamp: number,
  body: string,
): string {
  return secrets
    .map(
      (s) => `v1,${createHmac('sha256', standardWebhooksKey(s)).update(`${id}.${timestamp}.${body}`).digest('base64')}`,
    )
    .join(' ');
}

export const signPayload = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/** The header's value for the secrets that sign now (the current one first). */
export function signatureHeader(secrets: readonly string[], timestamp: number, body: string): string {
  return [`t=${timestamp}`, ...secrets.map((s) => `v1=${signPayload(s, timestamp, body)}`)].join(',');
}

/**
 * What a receiver does (docs/product/webhooks.md shows the same in a few lines): true when
 * one v1 value is the HMAC of `<t>.<body>` under `secret` and t is within `toleranceSeconds`.
 */
export function verifySignature(
  secret: string,
  header: string,
  body: string,
  opts: { toleranceSeconds?: number; nowSeconds?: number } = {},
): boolean {
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t)) return false;
  const now = opts.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - t) > (opts.toleranceSeconds ?? 300)) return false;
  const expected = signPayload(secret, t, body);
  return parts.some(([k, v]) => k === 'v1' && v !== undefined && safeEqual(v, expected));
}

// ---- Secrets at rest ------------------------------------------------------------------------

const SEALED = 'enc:v1:';

/**
 * Seals a secret with AES-256-GCM under the at-rest key (TOTP_ENCRYPTION_KEY, docs/decisions/021),
 * bound to its account: the user id is the associated data, so a sealed secret copied to another
 * account's row does not open. `enc:v1:` + base64url(12-byte IV | 16-byte tag | ciphertext).
 */
export function sealWebhookSecret(key: Buffer, userId: number, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`webhook:${userId}`));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return SEALED + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

export function openWebhookSecret(key: Buffer, userId: number, sealed: string): string {
  if (!sealed.startsWith(SEALED)) throw new Error('webhook secret is not sealed');
  const raw = Buffer.from(sealed.slice(SEALED.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(`webhook:${userId}`));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
