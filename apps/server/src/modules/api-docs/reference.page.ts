import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { renderReference } from './reference-html';

/**
 * The API reference at /docs/api/ (docs/decisions/043, amended by 060): the server renders the
 * public OpenAPI document (/api/v1/openapi.json) to HTML once (reference-html.ts), so the page
 * reads as soon as it arrives, without any script. Scalar's interactive reference (its
 * standalone bundle, served from node_modules by this server: no CDN, no web fonts) is loaded
 * only when the reader asks for it with the page's button; the browser fetches the bundle at
 * low priority after the page has loaded. The page has no inline script, so the CSP's
 * `script-src 'self'` holds.
 */

// The package exports neither its package.json nor the bundle: both are found from its entry.
const DIST = path.dirname(createRequire(import.meta.url).resolve('@scalar/api-reference'));
const BUNDLE = path.join(DIST, 'browser', 'standalone.js');
const SCALAR_VERSION = (JSON.parse(readFileSync(path.join(DIST, '..', 'package.json'), 'utf8')) as { version: string })
  .version;

export const REFERENCE_PATH = '/docs/api/';
export const BUNDLE_URL = `${REFERENCE_PATH}scalar-${SCALAR_VERSION}.js`;
export const INIT_URL = `${REFERENCE_PATH}init.js`;
const DOCUMENT_URL = '/api/v1/openapi.json';

/** Scalar's options: our document, no fonts from its CDN, no telemetry, no hosted agent. */
const SCALAR_OPTIONS = {
  url: DOCUMENT_URL,
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  showDeveloperTools: 'never',
  hideClientButton: true,
  documentDownloadType: 'json',
  defaultOpenAllTags: true,
};

/**
 * The page's one script, deferred: it shows the "Interactive reference" button, asks the browser
 * to prefetch Scalar's bundle once the page has loaded, and on a click loads that bundle and
 * lets it replace the rendered reference.
 */
const INIT_SCRIPT = `(() => {
  const button = document.getElementById('interactive');
  if (!button) return;
  button.hidden = false;
  // Scalar's bundle is fetched at low priority once the page has loaded, never before (decision 067).
  const prefetch = () => {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.as = 'script';
    link.href = ${JSON.stringify(BUNDLE_URL)};
    document.head.append(link);
  };
  if (document.readyState === 'complete') prefetch();
  else window.addEventListener('load', prefetch, { once: true });
  button.addEventListener('click', () => {
    button.disabled = true;
    button.textContent = 'Loading the interactive reference…';
    const script = document.createElement('script');
    script.src = ${JSON.stringify(BUNDLE_URL)};
    script.onload = () => {
      const target = document.createElement('main');
      target.id = 'reference';
      document.querySelector('.layout').replaceWith(target);
      button.remove();
      Scalar.createApiReference('#reference', ${JSON.stringify(SCALAR_OPTIONS)});
    };
    script.onerror = () => {
      button.disabled = false;
      button.textContent = 'Interactive reference (could not be loaded: try again)';
    };
    document.head.append(script);
  });
})();
`;

/** A page or script kept as its bytes, gzipped and brotli-compressed once, with its ETag. */
type Encoded = { raw: Buffer; gzip: Buffer; br: Buffer; etag: string };
const encode = (text: string | Buffer): Encoded => {
  const raw = Buffer.isBuffer(text) ? text : Buffer.from(text);
  return {
    raw,
    gzip: gzipSync(raw),
    br: brotliCompressSync(raw),
    etag: `"${createHash('sha256').update(raw).digest('base64url').slice(0, 22)}"`,
  };
};

/** The bundle is 4 MB; gzipped once, on first use, it is about a quarter. */
let bundle: Promise<{ raw: Buffer; gzip: Buffer }> | undefined;
const loadBundle = () => {
  bundle ??= readFile(BUNDLE).then((raw) => ({ raw, gzip: gzipSync(raw) }));
  return bundle;
};

const accepts = (request: FastifyRequest, encoding: 'gzip' | 'br') =>
  new RegExp(`\\b${encoding}\\b`).test(String(request.headers['accept-encoding'] ?? ''));

/** Sends `body` compressed as the request allows, or 304 when the client has it already. */
function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: Encoded, type: string) {
  reply.type(type).header('cache-control', 'no-cache').header('etag', body.etag).header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === body.etag) return reply.status(304).send();
  if (accepts(request, 'br')) return reply.header('content-encoding', 'br').send(body.br);
  if (accepts(request, 'gzip')) return reply.header('content-encoding', 'gzip').send(body.gzip);
  return reply.send(body.raw);
}

/**
 * Registers the page, its script and Scalar's bundle. `document` answers the public OpenAPI
 * document (built once per server, shared with /api/v1/openapi.json). The page is rendered on
 * its first request, or before: `warm()` renders it ahead (the server calls it once the start
 * is over, so the first reader does not wait for it).
 */
export async function registerApiReference(
  app: FastifyInstance,
  document: () => Promise<Record<string, unknown>>,
): Promise<{ warm: () => Promise<void> }> {
  const { productName, publicUrl } = app.ctx.config;
  let page: Promise<Encoded> | undefined;
  const render = () => {
    page ??= document().then((doc) =>
      encode(
        renderReference(doc, {
          title: `${productName} API reference`,
          baseUrl: `${publicUrl}${DOCUMENT_URL.replace(/\/openapi\.json$/, '')}`,
          documentUrl: DOCUMENT_URL,
          scriptUrl: INIT_URL,
        }),
      ),
    );
    // A failed render is tried again by the next request.
    page.catch(() => {
      page = undefined;
    });
    return page;
  };
  const init = encode(INIT_SCRIPT);
  app.get(REFERENCE_PATH, { schema: { hide: true } }, async (request, reply) =>
    sendEncoded(request, reply, await render(), 'text/html; charset=utf-8'),
  );
  app.get(INIT_URL, { schema: { hide: true } }, async (request, reply) =>
    sendEncoded(request, reply, init, 'text/javascript; charset=utf-8'),
  );
  app.get(BUNDLE_URL, { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
    const { raw, gzip } = await loadBundle();
    reply
      .type('text/javascript; charset=utf-8')
      // The version is in the URL: a new one is a new address.
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('vary', 'accept-encoding');
    if (accepts(request, 'gzip')) return reply.header('content-encoding', 'gzip').send(gzip);
    return reply.send(raw);
  });
  return {
    warm: async () => {
      await render();
    },
  };
}
