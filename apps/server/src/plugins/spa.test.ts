import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLOR_SCHEME_SCRIPT } from '@cryptads/contract/color-scheme';
import { SESSION_COOKIE, USER_TYPE_COOKIE } from '@cryptads/contract/session';
import { users } from '../db/schema';
import { fundedAdvertiser } from '../modules/delivery/test-helpers';
import { userChanged } from '../modules/sessions/cache';
import { loginAs, sessionTokenOf } from '../testing/helpers';
import { createTestApp, type TestApp } from '../testing/test-app';

/** The web app's server renderer, from its source (the build bundles the same file into dist/ssr/). */
const WEB_ENTRY = path.resolve(import.meta.dirname, '../../../web/src/entry-server.tsx');

describe('serving the web app', () => {
  let app: TestApp;
  /** index.html as the build writes it: the colour scheme script first, an empty #root (decision 062). */
  const html = `<!doctype html><html lang="en" data-mantine-color-scheme="light"><head><script>${COLOR_SCHEME_SCRIPT}</script><title>SPA</title>${'<!-- padding -->'.repeat(100)}</head><body><div id="root"></div></body></html>`;
  const script = `console.log(${'3 + '.repeat(500)}3)`;
  const dist = mkdtempSync(path.join(tmpdir(), 'cryptads-dist-'));
  const ssr = path.join(dist, 'ssr');
  const browser = (token: string, type: number) => ({
    cookie: `${SESSION_COOKIE}=${token}; ${USER_TYPE_COOKIE}=${type}`,
  });
  let advertiser: Awaited<ReturnType<typeof fundedAdvertiser>>;
  let publisher: Awaited<ReturnType<typeof loginAs>>;

  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
    // What the build writes beside every text file (vite-plugin-compression2, decision 027).
    for (const [file, body] of [
      ['index.html', html],
      ['assets/app-3.js', script],
    ] as const) {
      writeFileSync(path.join(dist, file), body);
      writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(body));
      writeFileSync(path.join(dist, `${file}.gz`), gzipSync(body));
    }
    // The renderer the build puts in dist/ssr/, here the web app's source itself; and the public
    // pages prerendered with it, as the build's last step does.
    mkdirSync(ssr);
    writeFileSync(path.join(ssr, 'entry-server.js'), `export * from ${JSON.stringify(WEB_ENTRY)};\n`);
    const renderer = await import(WEB_ENTRY);
    await renderer.prerenderPublicPages(dist);
    app = await createTestApp({ WEB_DIST: dist });
    advertiser = await fundedAdvertiser(app, 1234.5);
    publisher = await loginAs(app, 'publisher');
  });
  afterAll(async () => {
    await app.closeAll();
    rmSync(dist, { recursive: true, force: true });
  });

  /** Runs `check` with a build that has no server renderer (`vite build` alone): the browser renders every page. */
  async function withoutRenderer(check: () => Promise<void>) {
    renameSync(ssr, `${ssr}-off`);
    try {
      await check();
    } finally {
      renameSync(`${ssr}-off`, ssr);
    }
  }

  it('answers the root and any app path with index.html when the build has no renderer', async () => {
    await withoutRenderer(async () => {
      for (const url of ['/', '/?payment=success', '/campaigns/all/setup/3/', '/settings/security/', '/login/']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body).toContain('<title>SPA</title>');
      }
    });
  });

  it('serves files written after the start, with a long cache for fingerprinted assets', async () => {
    writeFileSync(path.join(dist, 'assets', 'app-2.js'), 'console.log(2)');
    const res = await app.inject({ method: 'GET', url: '/assets/app-2.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(2)');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers a missing asset with 404, never with the page', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<title>SPA</title>');
  });

  it('never serves the server renderer as a file', async () => {
    const res = await app.inject({ method: 'GET', url: '/ssr/entry-server.js' });
    expect(res.body).not.toContain('export *');
  });

  /** The body as the browser sees it, whatever encoding was chosen. */
  const decoded = (res: { rawPayload: Buffer; headers: Record<string, unknown> }) => {
    const encoding = res.headers['content-encoding'];
    if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString();
    if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString();
    return res.rawPayload.toString();
  };

  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ])('answers Accept-Encoding %s with the precompressed copy (%s)', async (acceptEncoding, encoding) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    await withoutRenderer(async () => {
      for (const url of ['/', '/campaigns/all/', '/assets/app-3.js']) {
        const res = await app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-encoding'], url).toBe(encoding);
        expect(String(res.headers.vary).toLowerCase(), url).toContain('accept-encoding');
        expect(decoded(res), url).toBe(url.endsWith('.js') ? script : html);
        expect(res.headers['content-type'], url).toMatch(url.endsWith('.js') ? /javascript/ : /^text\/html/);
        expect(res.headers['cache-control'], url).toBe(
          url.endsWith('.js') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      }
    });
  });

  /** The JSON state block of a rendered page, parsed as the browser's main.tsx parses it. */
  const stateOf = (page: string) => {
    const json = /<script type="application\/json" id="cryptads-state">(.*?)<\/script>/s.exec(page)?.[1];
    if (!json) throw new Error('no state block in the page');
    return JSON.parse(json) as { cache: { queries: { queryKey: unknown[]; state: { data: unknown } }[] } };
  };
  const dataOf = (page: string, key: string) =>
    stateOf(page).cache.queries.find((q) => JSON.stringify(q.queryKey) === key)?.state.data as
      | Record<string, unknown>
      | undefined;

  describe('pages rendered on the server (decision 062)', () => {
    it('paints a logged-in dashboard with the shell and the account’s own balance, and never another account’s data', async () => {
      const res = await app.inject({
        method: 'GET',
        url: '/',
        headers: { ...browser(advertiser.token, 1), 'accept-encoding': 'br' },
      });
      expect(res.statusCode).toBe(200);
      // The session's data is in it: no shared cache may keep it.
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['content-encoding']).toBe('br');
      const page = decoded(res);
      expect(page).toContain('<title>Dashboard - Cryptads - Finance &amp; Crypto Display Advertising</title>');
      // The shell: navigation, the header with its page title, the cards' frames.
      expect(page).toContain('aria-label="Main navigation"');
      expect(page).toMatch(/data-testid="page-title"[^>]*>Dashboard</);
      expect(page).toMatch(/data-testid="header-balance"[^>]*>€1,234\.50</);
      expect(page).toMatch(/data-testid="dashboard-balance"[^>]*>€1,234\.50</);
      expect(page).toContain('data-testid="inventory-card"');
      expect(page).toContain('data-testid="today-card"');
      // The same data for the browser's cache, the account's own and nobody else's.
      expect(dataOf(page, '["user","details"]')).toMatchObject({ email: advertiser.email, balance: 1234.5 });
      expect(page).not.toContain(publisher.email);

      const other = decoded(
        await app.inject({
          method: 'GET',
          url: '/',
          headers: { ...browser(publisher.token, 2), 'accept-encoding': 'br' },
        }),
      );
      expect(dataOf(other, '["user","details"]')).toMatchObject({ email: publisher.email, balance: 0 });
      expect(other).not.toContain(advertiser.email);
      expect(other).not.toContain('1,234.50');
      expect(other).toMatch(/data-testid="header-balance"[^>]*>€0\.00</);
    });

    it('escapes the data it embeds: a text that closes the script block stays inside it', async () => {
      const hostile = '</script><script>alert(1)</script><!--';
      await app.ctx.db.update(users).set({ firstName: hostile }).where(eq(users.id, advertiser.user.id));
      await userChanged(app.ctx, advertiser.user.id);
      try {
        const page = (await app.inject({ method: 'GET', url: '/', headers: browser(advertiser.token, 1) })).body;
        expect(page).not.toContain(hostile);
        expect(page).not.toContain('<script>alert(1)');
        expect(page).toContain('\\u003c/script>\\u003cscript>alert(1)\\u003c/script>\\u003c!--');
        // Parsed back, the browser's cache holds the text as it is.
        expect(dataOf(page, '["user","details"]')).toMatchObject({ firstName: hostile });
      } finally {
        await app.ctx.db.update(users).set({ firstName: 'Ada' }).where(eq(users.id, advertiser.user.id));
        await userChanged(app.ctx, advertiser.user.id);
      }
    });

    it('sends a logged-out visitor the login page prerendered at build, with its form', async () => {
      const res = await app.inject({ method: 'GET', url: '/login/', headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['cache-control']).toBe('no-cache');
      const page = decoded(res);
      expect(page).toContain('<title>Login - Cryptads - Finance &amp; Crypto Display Advertising</title>');
      expect(page).toMatch(/<form[^>]*data-testid="login-form"/);
      expect(page).toContain('data-testid="login-email"');
      expect(page).toContain('data-testid="login-password"');
      expect(page).toContain('data-testid="login-submit"');
      // Nobody's data: the cache it hydrates from is empty.
      expect(stateOf(page).cache.queries).toEqual([]);
    });

    it('sends a logged-out visitor of a logged-in page to the login, and a session away from the login', async () => {
      const anonymous = await app.inject({ method: 'GET', url: '/campaigns/all/' });
      expect(anonymous.statusCode).toBe(302);
      expect(anonymous.headers.location).toBe('/login/');
      const loggedIn = await app.inject({ method: 'GET', url: '/login/', headers: browser(advertiser.token, 1) });
      expect(loggedIn.statusCode).toBe(302);
      expect(loggedIn.headers.location).toBe('/');
    });

    it('shows the page again when its form was posted before the page was hydrated, never elsewhere', async () => {
      for (const [url, location] of [
        ['/login/', '/login/'],
        // Never to another host: the same path with one slash.
        ['//elsewhere.example/login/', '/elsewhere.example/login/'],
      ]) {
        const res = await app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'email=a%40b.example&password=Secret%231234',
        });
        expect(res.statusCode, url).toBe(303);
        expect(res.headers.location, url).toBe(location);
      }
    });

    describe('hostile page requests (generated)', () => {
      /** Pieces of a path or a cookie that broke servers before: NUL, bytes that are no UTF-8, lone surrogates, traversal, overlong forms. */
      const nasty = fc.constantFrom(
        '%00',
        '\u0000',
        '%ff',
        '%fe%ff',
        '%ED%A0%80',
        '%C0%AF',
        '%E2%82',
        '\uD83D',
        '\uDC00x',
        '..',
        '%2e%2e',
        '%2F',
        '\\',
        '//',
        '%',
        '%zz',
        '<script>',
        '\u202e',
        'a'.repeat(300),
      );
      const segment = fc.oneof(
        nasty,
        fc.string({ unit: 'binary', maxLength: 12 }),
        fc.constantFrom('campaigns', 'all', 'setup', 'reports', 'login', 'marketplace', 'billing', 'deposit', 'admin'),
      );
      const pathArb = fc
        .tuple(
          fc.array(
            fc.array(segment, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('')),
            { maxLength: 4 },
          ),
          fc.boolean(),
          fc.option(fc.array(segment, { maxLength: 3 }).map((parts) => parts.join('='))),
        )
        .map(([parts, slash, query]) => `/${parts.join('/')}${slash ? '/' : ''}${query === null ? '' : `?${query}`}`);
      /** A header value as a client can send it: visible ASCII and bytes above 0x7f (no control characters, which HTTP itself refuses). */
      const headerText = fc
        .array(
          fc.oneof(
            nasty,
            fc.string({
              unit: fc.integer({ min: 0x20, max: 0xff }).map((code) => String.fromCharCode(code)),
              maxLength: 10,
            }),
          ),
          { maxLength: 4 },
        )
        .map((parts) =>
          parts
            .join('')
            .split('')
            .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f)
            .map((char) => (char.charCodeAt(0) > 0xff ? '?' : char))
            .join(''),
        );
      const cookieArb = fc.oneof(
        headerText.map((value) => `${SESSION_COOKIE}=${value}`),
        fc.tuple(headerText, headerText).map(([a, b]) => `${SESSION_COOKIE}=${a}; ${USER_TYPE_COOKIE}=${b}`),
        headerText.map((value) => `${SESSION_COOKIE}=${advertiser.token}; ${USER_TYPE_COOKIE}=1; theme=${value}`),
        headerText,
      );

      /** What a caller must never see: a server failure or its inside. */
      function expectHandled(res: { statusCode: number; body: string }, label: string) {
        expect(res.statusCode, label).toBeLessThan(500);
        // A stack trace's lines, a path of the server's files, a driver's error.
        expect(
          /\n\s+at [\w.<>]+ \(|\/node_modules\/|\/apps\/server\/|ECONNREFUSED|TypeError|RangeError|URIError/.test(
            res.body,
          ),
          label,
        ).toBe(false);
      }

      it('sends a path with two leading slashes to the same path with one, never to another host', async () => {
        for (const [url, location] of [
          ['//', '/'],
          ['//elsewhere.example/login/', '/elsewhere.example/login/'],
          ['///campaigns/all/?page=2', '/campaigns/all/?page=2'],
        ]) {
          const res = await app.inject({ method: 'GET', url });
          expect(res.statusCode, url).toBe(302);
          expect(res.headers.location, url).toBe(location);
        }
      });

      /**
       * A GET written on a socket byte for byte, as any client of the internet may send it (app.inject and
       * Node's own client refuse such paths before they leave): the path as UTF-8, the cookie as Latin-1.
       */
      function rawGet(port: number, target: string, cookie: string | null) {
        return new Promise<{ statusCode: number; body: string }>((resolve, reject) => {
          const socket = connect(port, '127.0.0.1');
          const chunks: Buffer[] = [];
          socket.on('data', (chunk) => chunks.push(chunk));
          socket.on('error', reject);
          socket.on('end', () => {
            const answer = Buffer.concat(chunks).toString('latin1');
            const statusCode = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
            resolve({ statusCode, body: answer.slice(answer.indexOf('\r\n\r\n') + 4) });
          });
          socket.write(
            Buffer.concat([
              Buffer.from(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n`, 'utf8'),
              Buffer.from(cookie === null ? '' : `Cookie: ${cookie}\r\n`, 'latin1'),
              Buffer.from('\r\n'),
            ]),
          );
        });
      }

      it('answers generated paths and cookies with a page, a redirect or a 4xx, and every page still renders after them', async () => {
        await app.listen({ port: 0, host: '127.0.0.1' });
        const { port } = app.server.address() as AddressInfo;
        let answered = 0;
        await fc.assert(
          fc.asyncProperty(pathArb, fc.option(cookieArb), async (url, cookie) => {
            const res = await rawGet(port, url, cookie);
            // 0: the connection closed without an answer (Node's parser drops some malformed requests so).
            if (res.statusCode !== 0) expectHandled(res, `${url} ${cookie}`);
            const withSession = await rawGet(port, url, browser(advertiser.token, 1).cookie);
            if (withSession.statusCode !== 0) expectHandled(withSession, `${url} (session)`);
            answered += Number(res.statusCode !== 0) + Number(withSession.statusCode !== 0);
          }),
          { numRuns: 100 },
        );
        // Most of them reached the server: Node's parser refused only the few it must.
        expect(answered).toBeGreaterThan(150);
        // A person logs in through the login form's call as if nothing happened, and gets the dashboard painted by the server.
        const person = await loginAs(app, 'advertiser');
        const login = await app.inject({
          method: 'POST',
          url: '/api/login',
          headers: { 'sec-fetch-site': 'same-origin' },
          payload: { email: person.email, password: person.password, captcha: 'x', rememberMe: false },
        });
        expect(login.statusCode, login.body).toBe(200);
        const token = sessionTokenOf(login);
        expect(token).not.toBe('');
        for (const session of [token, advertiser.token]) {
          const res = await app.inject({ method: 'GET', url: '/', headers: browser(session, 1) });
          expect(res.statusCode).toBe(200);
          expect(res.body).toContain('cryptads-state');
          expect(res.body).toMatch(/data-testid="dashboard-balance"/);
        }
      });
    });

    it('leaves a session it cannot accept to the browser, as before (index.html)', async () => {
      const res = await app.inject({ method: 'GET', url: '/', headers: browser('not-a-live-session', 1) });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>SPA</title>');
      expect(res.body).not.toContain('cryptads-state');
    });
  });
});
