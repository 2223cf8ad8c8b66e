import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The API reference at /docs/api/ (docs/decisions/043-api-documents.md): Scalar's standalone
 * bundle, served from node_modules by this server (no CDN, no web fonts), renders
 * /api/v1/openapi.json. The page has no inline script, so the CSP's `script-src 'self'` holds.
 */

// The package exports neither its package.json nor the bundle: both are found from its entry.
const DIST = path.dirname(createRequire(import.meta.url).resolve('@scalar/api-reference'));
const BUNDLE = path.join(DIST, 'browser', 'standalone.js');
const SCALAR_VERSION = (JSON.parse(readFileSync(path.join(DIST, '..', 'package.json'), 'utf8')) as { version: string })
  .version;

export const REFERENCE_PATH = '/docs/api/';
export const BUNDLE_URL = `${REFERENCE_PATH}scalar-${SCALAR_VERSION}.js`;
const INIT_URL = `${REFERENCE_PATH}init.js`;

/** Scalar's options: our document, no fonts from its CDN, no telemetry, no hosted agent. */
const INIT_SCRIPT = `Scalar.createApiReference('#reference', ${JSON.stringify({
  url: '/api/v1/openapi.json',
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  showDeveloperTools: 'never',
  hideClientButton: true,
  documentDownloadType: 'json',
  defaultOpenAllTags: true,
})});
`;

const page = (title: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<meta name="description" content="Reference of the public API: endpoints, scopes, rate limits, idempotency and webhooks.">
</head>
<body>
<noscript>The reference needs JavaScript. The document itself is at <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>.</noscript>
<main id="reference"></main>
<script src="${BUNDLE_URL}"></script>
<script src="${INIT_URL}"></script>
</body>
</html>
`;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The bundle is 4 MB; gzipped once, on first use, it is about a quarter. */
let bundle: Promise<{ raw: Buffer; gzip: Buffer }> | undefined;
const loadBundle = () => {
  bundle ??= readFile(BUNDLE).then((raw) => ({ raw, gzip: gzipSync(raw) }));
  return bundle;
};

const acceptsGzip = (request: FastifyRequest) => /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));

export async function registerApiReference(app: FastifyInstance) {
  const html = page(escapeHtml(`${app.ctx.config.productName} API reference`));
  app.get(REFERENCE_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html),
  );
  app.get(INIT_URL, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(INIT_SCRIPT),
  );
  app.get(BUNDLE_URL, { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
    const { raw, gzip } = await loadBundle();
    reply
      .type('text/javascript; charset=utf-8')
      // The version is in the URL: a new one is a new address.
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('vary', 'accept-encoding');
    if (acceptsGzip(request)) return reply.header('content-encoding', 'gzip').send(gzip);
    return reply.send(raw);
  });
}
