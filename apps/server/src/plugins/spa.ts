import { existsSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AccountType } from '@cryptads/contract/account';
import { GENERIC_MESSAGES } from '@cryptads/contract/api';
import { paths } from '@cryptads/contract/paths';
import { claimsSession, injectTransport, type LoadedRenderer, readableCookies, rendererOf } from './page-renderer';

/** Quality of the per-request brotli of a rendered page (the build's files use 11). */
const PAGE_BROTLI_QUALITY = 4;

/**
 * Serves the built SPA (decision 027) and the pages' HTML (decision 062). Unknown /api paths
 * answer 404 in the envelope; every other GET that wants a page gets its HTML:
 *
 * - a screen of the logged-out visitor (login, sign-up, forgot, recovery) is a file the build
 *   prerendered (dist/prerendered/), compressed at build; a live session is sent home instead;
 * - a page behind the login, for a live session, is rendered here by the web app's own
 *   renderer (dist/ssr/) with the data it shows first (the account, the dashboard's summary)
 *   asked of this server's routes with the request's own cookies, and sent `no-store`; without
 *   any session it redirects to the login;
 * - the public pages (legal texts, a shared preview, the guide, a 404) are rendered the same
 *   way for whoever asks;
 * - anything else, or any failure of the renderer, gets index.html and the browser renders, as
 *   it did before decision 062.
 *
 * The build writes a brotli and a gzip copy beside every text file worth compressing
 * (apps/web/vite.config.ts); each answer picks the best one the browser accepts, with
 * `Vary: Accept-Encoding`, so no CPU is spent compressing static files per request.
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
      // The server's renderer is the server's code, not a file for browsers.
      allowedPath: (pathName) => !pathName.startsWith('/ssr/'),
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
  const loadRenderer = rendererOf(dist);

  /** A page rendered for this request: compressed as the browser accepts, never stored by a cache when it carries a session's data. */
  function sendRendered(request: FastifyRequest, reply: FastifyReply, html: string, personal: boolean) {
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', personal ? 'private, no-store' : 'no-cache')
      .header('vary', 'Accept-Encoding');
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepted))
      return reply
        .header('content-encoding', 'br')
        .send(brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY } }));
    if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(gzipSync(html));
    return reply.send(html);
  }

  const redirect = (reply: FastifyReply, to: string) => reply.header('cache-control', 'no-store').redirect(to, 302);

  async function renderFor(request: FastifyRequest, reply: FastifyReply, loaded: LoadedRenderer) {
    const session = request.auth ? { userType: request.auth.user.type } : null;
    try {
      const started = performance.now();
      const page = await loaded.renderer.render({
        url: request.url,
        session,
        transport: injectTransport(app, request),
        userAgent: request.headers['user-agent'],
        // The readable ones a page may show by (a preference); the session's token stays here.
        cookies: readableCookies(request),
      });
      // The parts that failed render in the browser; the rest of the page is there.
      for (const error of page.errors) request.log.warn({ err: error, url: request.url }, 'page part not rendered');
      // How long the page took here (its calls and React's render), for the browser's tools and the benches.
      reply.header('server-timing', `render;dur=${(performance.now() - started).toFixed(1)}`);
      return sendRendered(request, reply, page.html, session !== null);
    } catch (error) {
      request.log.error({ err: error, url: request.url }, 'page not rendered: index.html instead');
      return reply.sendFile('index.html');
    }
  }

  async function page(request: FastifyRequest, reply: FastifyReply) {
    const loaded = await loadRenderer().catch((error: unknown) => {
      request.log.error({ err: error }, 'page renderer not loaded: index.html instead');
      return null;
    });
    if (!loaded) return reply.sendFile('index.html');
    const { pathname } = new URL(request.url, 'http://localhost');
    // Sets request.auth for a live, full session of a browser (its cookie); anonymous otherwise.
    await app.optionalUser.call(app, request, reply);
    const kind = loaded.pageKindOf(pathname);
    if (kind === 'public-only') {
      if (request.auth) return redirect(reply, paths.home);
      const file = loaded.prerenderedFileOf(pathname);
      return file && existsSync(path.join(dist, 'prerendered', file))
        ? reply.sendFile(`prerendered/${file}`)
        : reply.sendFile('index.html');
    }
    if (kind === 'protected' && !request.auth) {
      // Logged out in the browser's eyes: the login, as its router would decide. A session that
      // is not a full one (an email to confirm) is the browser's to handle, as before.
      if (!claimsSession(request)) return redirect(reply, paths.login);
      return reply.sendFile('index.html');
    }
    // An operator's pages are the back office's (the router's CustomerOnly).
    if (kind === 'protected' && request.auth?.user.type === AccountType.Operator && !pathname.startsWith('/admin/'))
      return redirect(reply, paths.admin.overview);
    return renderFor(request, reply, loaded);
  }

  // The renderer (a few megabytes of script) loads and renders once in the background as soon as
  // the server is ready, so that the first visitor does not wait for it.
  if (hasSpa)
    app.addHook('onReady', async () => {
      void loadRenderer()
        .then((loaded) => loaded?.renderer.render({ url: paths.login, session: null, transport: null }))
        .catch((error: unknown) => app.log.warn({ err: error }, 'page renderer not loaded: pages get index.html'));
    });

  // A path that starts with two slashes (or a slash and a backslash, which browsers read alike) is
  // none of ours, and a browser would take it for another host; the static files' route refused
  // it with a 403 or, when the page renderer took it, failed: the same path with one slash.
  app.addHook('onRequest', (request, reply, done) => {
    const second = request.url.charCodeAt(1);
    if ((second === 47 || second === 92) && (request.method === 'GET' || request.method === 'HEAD')) {
      redirect(reply, request.url.replace(/^[/\\]+/, '/'));
      return;
    }
    done();
  });

  // The wildcard static route would answer the root folder with 403; the root is the dashboard.
  if (hasSpa)
    app.get('/', { schema: { hide: true } }, (request, reply) =>
      hasIndex() ? page(request, reply) : reply.callNotFound(),
    );

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?'))
      return reply.status(404).send({ code: 404, response: null, reason: GENERIC_MESSAGES.routeNotFound });
    // A missing fingerprinted file is a 404, never the HTML page (a stale tab would choke on it).
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !url.startsWith('/assets/');
    if (wantsPage && hasIndex()) return page(request, reply);
    // A form of a page posted before the page was hydrated (its HTML paints first, and its
    // forms say method="post" so that nothing typed lands in a URL): the page again.
    if (request.method === 'POST' && !url.startsWith('/assets/') && hasIndex()) {
      // Its own path, never another host ('//elsewhere/' parses as one).
      const { pathname, search } = new URL(url.replace(/^[/\\]+/, '/'), 'http://localhost');
      return reply.redirect(`${pathname}${search}`, 303);
    }
    return reply
      .status(404)
      .type('text/html; charset=utf-8')
      .send(
        '<!doctype html><title>Not found</title><p>Not found. The web app is not built: run <code>npm run build</code>.</p>',
      );
  });
});
