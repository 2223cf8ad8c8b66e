import type { FastifyReply, FastifyRequest } from 'fastify';
import { SYSTEM_MESSAGES } from '@cryptads/contract/system-messages';

/**
 * The first start on an empty embedded database listens at once and seeds the demo world
 * behind it (docs/decisions/050-first-start.md). Until the seed is done, /api/health answers
 * (the process lives), the ad paths answer as usual (there is nothing to serve yet), and
 * everything else says the demo world is being prepared: a 503 envelope with Retry-After for
 * the API (/api/ready included, so whatever waits for readiness waits for the demo world), a
 * page that reloads itself for a browser.
 */
export class Preparation {
  private pending = false;
  private waiting: (() => void)[] = [];

  get preparing() {
    return this.pending;
  }

  begin() {
    this.pending = true;
  }

  end() {
    this.pending = false;
    for (const resolve of this.waiting.splice(0)) resolve();
  }

  /** Resolves once nothing is being prepared: at once when nothing is (work that can wait for the seed). */
  settled(): Promise<void> {
    return this.pending ? new Promise((resolve) => this.waiting.push(resolve)) : Promise.resolve();
  }
}

/** Seconds a client is asked to wait before it tries again. */
export const PREPARING_RETRY_SECONDS = 2;

/** Paths that work while the demo world is seeded: the liveness probe and the ad paths. */
const OPEN = /^\/(api\/health(\/|\?|$)|serve\/|click\/|tag\.js|postback|pixel\.gif|assets\/|favicon)/;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * A small page that says what the server is doing and reloads itself: the demo world's seed
 * here, and the start before the app exists (startup.ts). No script: the meta refresh reloads it.
 */
export function waitingPage(title: string, paragraphs: readonly string[]) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${PREPARING_RETRY_SECONDS}">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;color:#1a1b1e}main{max-width:28rem;padding:2rem}h1{font-size:1.5rem}</style>
</head>
<body><main><h1>${escapeHtml(title)}</h1>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}</main></body>
</html>
`;
}

const PAGE = waitingPage('Preparing the demo world', [
  SYSTEM_MESSAGES.preparing.replace(
    'Please try again in a few seconds.',
    'This page reloads by itself in a few seconds.',
  ),
]);

/** The onRequest hook that holds every request but the open paths while `preparation` is pending. */
export function preparationGate(preparation: Preparation) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!preparation.preparing || OPEN.test(request.url)) return;
    reply.header('retry-after', String(PREPARING_RETRY_SECONDS)).header('cache-control', 'no-store').status(503);
    if (request.url.startsWith('/api/'))
      return reply.send({ code: 503, response: null, reason: SYSTEM_MESSAGES.preparing });
    return reply.type('text/html; charset=utf-8').send(PAGE);
  };
}
