import type { FastifyInstance } from 'fastify';
import { readOutbox } from '../../adapters/mail/outbox';
import { escapeHtml } from '../../lib/html';
import { devMailboxOpen } from './system.service';

const linkify = (s: string) => escapeHtml(s).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/** GET /dev/mailbox: the outbox as a page, for people trying the product on one machine (never in production). */
export async function registerMailboxPage(app: FastifyInstance) {
  if (!devMailboxOpen(app.ctx)) return;
  app.get('/dev/mailbox', async (request, reply) => {
    const to =
      typeof (request.query as { to?: unknown }).to === 'string' ? (request.query as { to: string }).to : undefined;
    const rows = await readOutbox(app.ctx.db, to);
    const items = rows
      .map(
        (m) =>
          `<article><header><strong>${escapeHtml(m.subject)}</strong><br><small>To ${escapeHtml(m.to)} · ${m.createdAt.toISOString()}</small></header><pre>${linkify(m.text)}</pre></article>`,
      )
      .join('');
    return reply.type('text/html; charset=utf-8').send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Dev mailbox - ${escapeHtml(app.ctx.config.productName)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:24px auto;padding:0 16px;color:#101828}
article{border:1px solid #d0d5dd;border-radius:8px;padding:12px 16px;margin:12px 0}pre{white-space:pre-wrap;font-size:14px}
form{display:flex;gap:8px}input{flex:1;padding:6px}</style></head><body><main>
<h1>Dev mailbox</h1><p>Mail the server would have sent. It exists only while the outbox is the mail transport.</p>
<form method="get"><label for="to">Recipient</label><input id="to" name="to" value="${escapeHtml(to ?? '')}"><button>Filter</button></form>
${items || '<p>No mail yet.</p>'}</main></body></html>`);
  });
}
