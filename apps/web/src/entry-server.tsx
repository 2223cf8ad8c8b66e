/**
 * The server's side of the web app (docs/decisions/062): renders one page's HTML for one
 * request, with the data the page shows first already in it, for the browser to hydrate
 * (main.tsx). Built by `vite build --ssr` into dist/ssr/ (apps/web/package.json) and loaded by
 * the server's SPA plugin (apps/server/src/plugins/spa.ts); the build's prerendering of the
 * public pages (scripts/prerender.mjs) renders them through it too, without data.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { dehydrate } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { matchPath, StaticRouter } from 'react-router';
import { paths, routePatterns } from '@cryptads/contract/paths';
import { SESSION_COOKIE } from '@cryptads/contract/session';
import type { PublicConfig } from '@cryptads/contract/system';
import { App } from './app/app';
import { documentTitleOf } from './app/document-title';
import { pageQueries } from './app/page-data';
import { pageKindOf } from './app/router';
import { type ApiTransport, isApiError, setApiTransport } from './lib/api-client';
import { systemKeys } from './lib/api/keys';
import { ServerCookiesProvider } from './lib/cookies';
import { createQueryClient } from './lib/query-client';
import { ServerSessionProvider, type Session } from './lib/session';
import { indexStylesheets, jsonForScript, type PageState, pageDocument, stylesheetsFor } from './ssr/document';

export type { ApiTransport };

/** Each request's calls go through its own transport, whatever the other requests rendering at the same time. */
const requestTransport = new AsyncLocalStorage<ApiTransport>();
setApiTransport((url, init) => {
  const transport = requestTransport.getStore();
  return transport ? transport(url, init) : Promise.reject(new Error(`no transport for ${url} outside a page render`));
});

export { pageKindOf };

/**
 * The public screens prerendered at build (scripts/prerender.mjs) into dist/prerendered/: their
 * HTML does not depend on who asks, nor on any data, so the server sends the file (compressed
 * at build) instead of rendering. The recovery screen's code is read by its script only: one
 * file serves every code.
 */
export const PRERENDERED_PAGES = [
  { file: 'login.html', url: paths.login, pattern: routePatterns.public.login },
  { file: 'signup.html', url: paths.signup, pattern: routePatterns.public.signup },
  { file: 'forgot.html', url: paths.forgot, pattern: routePatterns.public.forgot },
  {
    file: 'password-recovery.html',
    url: paths.passwordRecovery('code'),
    pattern: routePatterns.public.passwordRecovery,
  },
] as const;

/** The prerendered file of a path (under dist/prerendered/), if it has one. */
export const prerenderedFileOf = (pathname: string): string | null =>
  PRERENDERED_PAGES.find(({ pattern }) => matchPath(pattern, pathname))?.file ?? null;

/**
 * A <Navigate> met on the server (a section's index, a guard the server did not settle) renders
 * nothing there and navigates in the browser once hydrated, as it always did; React Router's
 * warning about it would fill the server's log at every such page.
 */
const STATIC_NAVIGATE_WARNING = '<Navigate> must not be used on the initial render in a <StaticRouter>';
const warn = console.warn;
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].startsWith(STATIC_NAVIGATE_WARNING)) return;
  warn(...args);
};

/** A render that has not finished by then gives up on what is still pending (the browser renders it). */
const RENDER_TIMEOUT_MS = 10_000;

export type PageRequest = {
  /** The page's path and query string. */
  url: string;
  /** The request's session (its account type), already checked by the server; null when anonymous. */
  session: Session | null;
  /** Answers the page's API calls as the API would answer this request; null renders without data (the build's prerendering). */
  transport: ApiTransport | null;
  /** The request's User-Agent: a phone's gets the phone's layout where a layout depends on the width. */
  userAgent?: string;
  /** The request's readable cookies (a preference the page shows by, lib/cookies.ts); the session's token is never read. */
  cookies?: Readonly<Record<string, string | undefined>>;
};

/** The width a page is rendered for: a phone's (the layout the prerendered pages have too) or a desktop's. */
export const viewportWidthFor = (userAgent: string | undefined) =>
  !userAgent || /Mobi|Android|iPhone|iPad/i.test(userAgent) ? PHONE_WIDTH : DESKTOP_WIDTH;
const PHONE_WIDTH = 390;
const DESKTOP_WIDTH = 1280;

async function textOf(stream: AsyncIterable<string | Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** The cookies a render may read: any but the session's token. */
const readableCookies = (cookies: Readonly<Record<string, string | undefined>>) =>
  Object.fromEntries(
    Object.entries(cookies).filter(
      (entry): entry is [string, string] => entry[0] !== SESSION_COOKIE && typeof entry[1] === 'string',
    ),
  );

/** The URL a render is for, read by its router. */
const ServerLocation = createContext('/');

function ServerRouter({ children }: { children: ReactNode }) {
  return <StaticRouter location={useContext(ServerLocation)}>{children}</StaticRouter>;
}

/** One page's markup, title and query cache state. */
export async function renderPage({ url, session, transport, userAgent, cookies = {} }: PageRequest) {
  const queryClient = createQueryClient();
  const { pathname } = new URL(url, 'http://localhost');
  if (transport)
    await requestTransport.run(transport, () =>
      Promise.all(pageQueries(pathname, session).map((query) => queryClient.prefetchQuery({ ...query, retry: false }))),
    );
  // A call that failed is the browser's to make again: the page renders as if it had not been
  // made, which is what the browser's first render will find in its cache too.
  // An answer the API gives on purpose (a 401, a 404 for a text not published) is no error of the render.
  const errors: unknown[] = [];
  for (const query of queryClient.getQueryCache().findAll({ predicate: (q) => q.state.status !== 'success' })) {
    const error = query.state.error;
    if (!(isApiError(error) && error.category === 'http' && error.status < 500))
      errors.push(new Error(`${JSON.stringify(query.queryKey)} not fetched: ${String(error)}`));
  }
  queryClient.removeQueries({ predicate: (query) => query.state.status !== 'success' });

  const viewportWidth = viewportWidthFor(userAgent);
  const { prelude } = await prerenderToNodeStream(
    <ServerLocation value={url}>
      <ServerSessionProvider value={session}>
        <ServerCookiesProvider value={readableCookies(cookies)}>
          <App queryClient={queryClient} Router={ServerRouter} viewportWidth={viewportWidth} />
        </ServerCookiesProvider>
      </ServerSessionProvider>
    </ServerLocation>,
    {
      signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
      // Every boundary in place, in order: a large one would otherwise come out of line with an
      // inline script to move it, which the Content-Security-Policy refuses.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (error) => {
        errors.push(error);
      },
    },
  );
  const markup = await textOf(prelude);
  const product = queryClient.getQueryData<PublicConfig>(systemKeys.config())?.productName;
  return {
    markup,
    title: documentTitleOf(pathname, product),
    state: jsonForScript({ cache: dehydrate(queryClient), viewportWidth } satisfies PageState),
    errors,
  };
}

/**
 * The renderer of one build (`dist`, the folder index.html is in): its template and the
 * lazily loaded chunks' stylesheets are read once.
 */
export function createPageRenderer(dist: string) {
  const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const assets = path.join(dist, 'assets');
  const stylesheets = indexStylesheets(
    readdirSync(assets)
      .filter((file) => file.endsWith('.css') && !template.includes(`/assets/${file}`))
      .sort()
      .map((file) => ({ href: `/assets/${file}`, css: readFileSync(path.join(assets, file), 'utf8') })),
  );
  return {
    /** The whole HTML document of a page, and the errors React met while rendering it (their parts render in the browser). */
    async render(request: PageRequest): Promise<{ html: string; errors: unknown[] }> {
      const page = await renderPage(request);
      const html = pageDocument(template, { ...page, stylesheets: stylesheetsFor(page.markup, stylesheets) });
      return { html, errors: page.errors };
    },
  };
}

/**
 * Writes PRERENDERED_PAGES into `<dist>/prerendered/`, each with a brotli and a gzip copy as the
 * client build writes them beside every other file (scripts/prerender.mjs runs it after the
 * build). A page whose render met an error is not written: the build fails instead.
 */
export async function prerenderPublicPages(dist: string): Promise<{ url: string; file: string; bytes: number }[]> {
  const renderer = createPageRenderer(dist);
  const out = path.join(dist, 'prerendered');
  mkdirSync(out, { recursive: true });
  const written = [];
  for (const { file, url } of PRERENDERED_PAGES) {
    const { html, errors } = await renderer.render({ url, session: null, transport: null });
    if (errors.length > 0) throw new Error(`prerendering ${url}: ${errors.map(String).join('; ')}`);
    const target = path.join(out, file);
    writeFileSync(target, html);
    writeFileSync(`${target}.br`, brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${target}.gz`, gzipSync(html, { level: 9 }));
    written.push({ url, file, bytes: html.length });
  }
  return written;
}
