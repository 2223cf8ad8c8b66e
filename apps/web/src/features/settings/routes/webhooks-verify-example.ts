/** The receiver's check, in Node, shown on the page (the same as docs/product/webhooks.md). */
export const VERIFY_EXAMPLE = `import { createHmac, timingSafeEqual } from 'node:crypto';
import express from 'express';

const secret = process.env.CRYPTADS_WEBHOOK_SECRET; // whsec_...
const seen = new Set(); // use your database in production

express()
  .post('/cryptads', express.raw({ type: 'application/json' }), (req, res) => {
    const raw = req.body.toString('utf8'); // the exact bytes we sent
    const parts = req.get('Cryptads-Signature').split(',').map((p) => p.split('='));
    const t = Number(parts.find(([k]) => k === 't')?.[1]);
    if (Math.abs(Date.now() / 1000 - t) > 300) return res.sendStatus(400);
    const expected = createHmac('sha256', secret).update(\`\${t}.\${raw}\`).digest();
    const valid = parts.some(([k, v]) => k === 'v1' && v.length === 64 &&
      timingSafeEqual(Buffer.from(v, 'hex'), expected));
    if (!valid) return res.sendStatus(400);
    const event = JSON.parse(raw);
    if (seen.has(event.id)) return res.sendStatus(200); // a retry or a resend: done already
    seen.add(event.id);
    // ... handle event.type with event.data ...
    res.sendStatus(200);
  })
  .listen(3000);`;
