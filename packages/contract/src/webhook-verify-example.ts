/**
 * The webhook receiver's check we give customers (docs/decisions/042-outgoing-webhooks.md), one
 * text for every place that shows it: the settings page's webhooks screen, the public API's
 * getting-started guide (the OpenAPI document) and docs/product/webhooks.md, which holds a copy
 * that its test compares. Receivers copy it as it is, so it refuses bad input with false, never
 * an exception; the server's test runs this very text against real signatures and bad headers
 * (modules/outgoing-webhooks/verify-example.test.ts).
 */
export const WEBHOOK_VERIFY_EXAMPLE = `import { createHmac, timingSafeEqual } from 'node:crypto';

const secret = process.env.CRYPTADS_WEBHOOK_SECRET; // your endpoint's signing secret: whsec_...
const TOLERANCE_SECONDS = 300; // refuse a t more than 5 minutes away from your clock

/**
 * true when the Cryptads-Signature header signs rawBody: the exact bytes received (a Buffer or
 * their text), before any JSON parsing. Anything else is false, never an exception: a missing
 * or malformed header, a t that is missing, repeated or too far away, a v1 that is not 64
 * lowercase hex characters. During a secret rotation the header has two v1: either may match.
 */
export function verify(header, rawBody) {
  if (typeof header !== 'string' || !(typeof rawBody === 'string' || Buffer.isBuffer(rawBody))) return false;
  let t;
  const signatures = [];
  for (const part of header.split(',')) {
    const [key, value, extra] = part.split('=');
    if (value === undefined || extra !== undefined) return false;
    if (key === 't') {
      if (t !== undefined || !/^\\d{1,12}$/.test(value)) return false;
      t = Number(value);
    } else if (key === 'v1') {
      if (!/^[0-9a-f]{64}$/.test(value)) return false;
      signatures.push(Buffer.from(value, 'hex'));
    }
  }
  if (t === undefined || signatures.length === 0) return false;
  if (Math.abs(Date.now() / 1000 - t) > TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(\`\${t}.\`).update(rawBody).digest();
  return signatures.some((v1) => v1.length === expected.length && timingSafeEqual(v1, expected));
}

const handled = new Set(); // deliveries are at least once: keep the ids in your database

/**
 * The status to answer a delivery with. In Express, keep the body as bytes:
 *   app.post('/cryptads', express.raw({ type: 'application/json' }), (req, res) =>
 *     res.sendStatus(receive(req.get('Cryptads-Signature'), req.body)));
 */
export function receive(header, rawBody) {
  if (!verify(header, rawBody)) return 400;
  const event = JSON.parse(rawBody);
  if (handled.has(event.id)) return 200; // a retry or a resend: handled already
  handled.add(event.id);
  // ... act on event.type with event.data ...
  return 200;
}`;
