import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, USER_TYPE_COOKIE } from '@cryptads/contract/session';

/**
 * The web app's server renderer (apps/web/src/entry-server.tsx, built into `<webDist>/ssr/`;
 * docs/decisions/062), as this server uses it. The bundle is the web app's own code: React,
 * Mantine and the screens, with no import of the server.
 */
export type PageKind = 'public-only' | 'protected' | 'public';
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;
export type PageRenderer = {
  render(request: {
    url: string;
    session: { userType: number } | null;
    transport: ApiTransport | null;
    userAgent?: string;
    cookies?: Readonly<Record<string, string | undefined>>;
  }): Promise<{ html: string; errors: unknown[] }>;
};
type RendererModule = {
  createPageRenderer(dist: string): PageRenderer;
  pageKindOf(pathname: string): PageKind;
  prerenderedFileOf(pathname: string): string | null;
};

export type LoadedRenderer = RendererModule & { renderer: PageRenderer };

/**
 * Loads the renderer of the build in `dist` on first use, and again when the build changed
 * (index.html rewritten): a rebuilt web app is served without a restart, as the static files
 * are. Null when the build has no renderer (`vite build` alone, or no build at all): the
 * pages are then the plain index.html the browser renders, as before.
 */
export function rendererOf(dist: string) {
  const entry = path.join(dist, 'ssr', 'entry-server.js');
  const index = path.join(dist, 'index.html');
  let loaded: { stamp: string; module: Promise<LoadedRenderer | null> } | null = null;
  return (): Promise<LoadedRenderer | null> => {
    if (!existsSync(entry) || !existsSync(index)) return Promise.resolve(null);
    const stamp = `${statSync(index).mtimeMs}:${statSync(entry).mtimeMs}`;
    if (loaded?.stamp !== stamp) {
      // The stamp in the URL gives a rebuilt bundle a module of its own (Node keeps every URL it imported).
      const module = import(`${pathToFileURL(entry).href}?build=${encodeURIComponent(stamp)}`).then(
        (m: RendererModule) => ({ ...m, renderer: m.createPageRenderer(dist) }),
      );
      loaded = { stamp, module };
    }
    return loaded.module;
  };
}

/**
 * The page's API calls, answered by this server's own routes as if the browser had made them
 * (`app.inject`: the same session check, ownership and answers), with only this request's
 * cookies and address: a page never holds what its own session could not read.
 */
export function injectTransport(app: FastifyInstance, request: FastifyRequest): ApiTransport {
  return async (url, init) => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (request.headers.cookie) headers.cookie = request.headers.cookie;
    if (request.headers['user-agent']) headers['user-agent'] = request.headers['user-agent'];
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers,
      remoteAddress: request.ip,
    });
    return new Response(res.rawPayload, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
    });
  };
}

/**
 * The request's cookies a page's render may read (a preference such as the promotional
 * banner's, lib/cookies.ts of the web app): every readable one, never the session's token,
 * which stays with the auth plugin.
 */
export function readableCookies(request: FastifyRequest): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(request.cookies).filter(([name]) => name !== SESSION_COOKIE));
}

/**
 * Whether the browser believes it is logged in: the readable account-type cookie the login
 * sets beside the session's (decision 034), which the browser's router reads to send a
 * logged-out visitor of a protected page to the login (lib/session.ts). The server decides
 * the same redirect by it, before anything is rendered; who the caller is stays the auth
 * plugin's to say (`request.auth`).
 */
export function claimsSession(request: FastifyRequest): boolean {
  const type = Number(request.cookies[USER_TYPE_COOKIE] ?? '0');
  return type === 1 || type === 2 || type === 3;
}
