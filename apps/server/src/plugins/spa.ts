import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { GENERIC_MESSAGES } from '@cryptads/contract/api';

/**
 * Serves the built SPA with history fallback: unknown /api paths answer 404 in the
 * envelope, every other GET that wants HTML gets index.html and the router decides.
 * The build writes a brotli and a gzip copy beside every text file worth compressing
 * (apps/web/vite.config.ts); each answer picks the best one the browser accepts, with
 * `Vary: Accept-Encoding`, so no CPU is spent compressing per request (decision 027).
 */
export default fp(async function spa(app: FastifyInstance) {
  const dist = app.ctx.config.webDist;
  const indexFile = path.join(dist, 'index.html');
  const hasSpa = existsSync(indexFile);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: dist,
      // Files are looked up per request, so a rebuilt SPA is served without a restart.
      wildcard: true,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        // Vite fingerprints everything under assets/; the HTML must always be fresh.
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  // Looked up on every fallback so a rebuilt SPA needs no restart; sendFile picks the
  // compressed copy and setHeaders above marks it no-cache.
  const hasIndex = () => hasSpa && existsSync(indexFile);

  // The wildcard static route would answer the root folder with 403; the root is the SPA.
  if (hasSpa)
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      hasIndex() ? reply.sendFile('index.html') : reply.callNotFound(),
    );

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?'))
      return reply.status(404).send({ code: 404, response: null, reason: GENERIC_MESSAGES.routeNotFound });
    // A missing fingerprinted file is a 404, never the HTML page (a stale tab would choke on it).
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !url.startsWith('/assets/');
    if (wantsPage && hasIndex()) return reply.sendFile('index.html');
    return reply
      .status(404)
      .type('text/html; charset=utf-8')
      .send(
        '<!doctype html><title>Not found</title><p>Not found. The web app is not built: run <code>npm run build</code>.</p>',
      );
  });
});
