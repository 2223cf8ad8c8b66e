import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEBSITE_MESSAGES, type WebsiteVerification } from '@cryptads/contract/websites';
import { loadConfig } from '../../config';
import { body, loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
const notFoundHandler: Handler = (_req, res) => {
  res.statusCode = 404;
  res.end('not found');
};

/** A publisher's website, served on 127.0.0.1 by the test; each test sets what it answers. */
function startSite() {
  const routes: { home: Handler; file: Handler } = { home: notFoundHandler, file: notFoundHandler };
  const server = http.createServer((req, res) => {
    if (req.url === '/') routes.home(req, res);
    else if (req.url === '/.well-known/cryptads-verification.txt') routes.file(req, res);
    else notFoundHandler(req, res);
  });
  return new Promise<{ routes: typeof routes; url: string; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        routes,
        url: `http://127.0.0.1:${port}/`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

const html = (head: string) => `<!doctype html><html><head><title>Site</title>${head}</head><body>Hi</body></html>`;
const send =
  (status: number, text: string, type = 'text/html'): Handler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': type });
    res.end(text);
  };

describe('website ownership verification against a live site', () => {
  let app: TestApp;
  let site: Awaited<ReturnType<typeof startSite>>;

  beforeAll(async () => {
    app = await createTestApp({ VERIFY_ALLOW_PRIVATE: '1', VERIFY_TIMEOUT_MS: '400' });
    site = await startSite();
  });
  afterAll(async () => {
    await site.close();
    await app.closeAll();
  });
  beforeEach(() => {
    site.routes.home = notFoundHandler;
    site.routes.file = notFoundHandler;
  });

  /** A new publisher adds the test site, or `url` (a domain can be added once per publisher). */
  async function addSite(url = site.url) {
    const { headers } = await loginAs(app, 'publisher');
    const res = await app.inject({ method: 'POST', url: '/api/websites', headers, payload: { website: url } });
    expect(res.statusCode, res.body).toBe(200);
    return { headers, added: body<WebsiteVerification>(res).response };
  }
  const verify = (id: number, headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: `/api/websites/${id}/verification`, headers });
  const fileOf = (origin: string) => `${origin}.well-known/cryptads-verification.txt`;

  it('verifies a site whose home page carries the meta tag, and leaves it pending for review', async () => {
    const { headers, added } = await addSite();
    site.routes.home = send(200, html(`<META content='${added.token}' name="cryptads-site-verification" />`));
    const res = await verify(added.id, headers);
    expect(res.statusCode, res.body).toBe(200);
    const state = body<WebsiteVerification>(res).response;
    expect(state.verified).toBe(true);
    expect(state.verifiedAt).not.toBeNull();
    expect(state.status).toBe(0);
    const again = await app.inject({ method: 'GET', url: `/api/websites/validation?websiteId=${added.id}`, headers });
    expect(body<WebsiteVerification>(again).response.verified).toBe(true);
  });

  it('verifies a site that serves the token in the well-known file', async () => {
    const { headers, added } = await addSite();
    site.routes.file = send(200, `${added.token}\n`, 'text/plain');
    const res = await verify(added.id, headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(body<WebsiteVerification>(res).response.verified).toBe(true);
  });

  it('answers an already verified website without fetching again', async () => {
    const { headers, added } = await addSite();
    site.routes.file = send(200, added.token, 'text/plain');
    expect((await verify(added.id, headers)).statusCode).toBe(200);
    site.routes.file = notFoundHandler;
    expect((await verify(added.id, headers)).statusCode).toBe(200);
  });

  /**
   * The check fails with 400: the product's sentence, then what each fetch found with the
   * address fetched (`why`, in the order home page, file); the website stays unverified.
   */
  async function expectFailure(setup: (token: string) => void, why: (home: string) => string[], url = site.url) {
    const { headers, added } = await addSite(url);
    setup(added.token);
    const res = await verify(added.id, headers);
    expect(res.statusCode).toBe(400);
    expect(body(res).reason).toBe([WEBSITE_MESSAGES.verificationFailed, ...why(url)].join(' '));
    const state = await app.inject({ method: 'GET', url: `/api/websites/${added.id}/verification`, headers });
    expect(body<WebsiteVerification>(state).response.verified).toBe(false);
  }

  it('says the tag is not on the page and the file was not found, with both addresses', async () => {
    await expectFailure(
      () => {
        site.routes.home = send(200, html('<meta name="description" content="crypto news">'));
      },
      (home) => [
        `We fetched ${home}: the page has no <meta name="cryptads-site-verification"> tag.`,
        `We fetched ${fileOf(home)}: the file was not found (HTTP 404).`,
      ],
    );
  });

  it('says the meta tag and the file hold another token', async () => {
    await expectFailure(
      (token) => {
        site.routes.home = send(200, html(`<meta name="cryptads-site-verification" content="${token}x">`));
        site.routes.file = send(200, `not-${token}`, 'text/plain');
      },
      (home) => [
        `We fetched ${home}: its cryptads-site-verification meta tag holds another token.`,
        `We fetched ${fileOf(home)}: the file does not hold your token.`,
      ],
    );
  });

  it('does not take the token in the page text for the meta tag', async () => {
    await expectFailure(
      (token) => {
        site.routes.home = send(200, html(`<p>cryptads-site-verification ${token}</p>`));
      },
      (home) => [
        `We fetched ${home}: the page has no <meta name="cryptads-site-verification"> tag.`,
        `We fetched ${fileOf(home)}: the file was not found (HTTP 404).`,
      ],
    );
  });

  it('says which status each address answered, even when an error page contains the token', async () => {
    await expectFailure(
      (token) => {
        site.routes.file = send(500, token, 'text/plain');
      },
      (home) => [
        `We fetched ${home}: the page was not found (HTTP 404).`,
        `We fetched ${fileOf(home)}: it answered HTTP 500.`,
      ],
    );
  });

  it('names where a redirect ended', async () => {
    await expectFailure(
      () => {
        site.routes.home = (_req, res) => {
          res.writeHead(302, { location: '/welcome' });
          res.end();
        };
      },
      (home) => [
        `We fetched ${home} (redirected to ${home}welcome): the page was not found (HTTP 404).`,
        `We fetched ${fileOf(home)}: the file was not found (HTTP 404).`,
      ],
    );
  });

  it('fails in time when the site never answers, and says so', async () => {
    const started = Date.now();
    await expectFailure(
      () => {
        site.routes.home = () => {};
        site.routes.file = () => {};
      },
      (home) => [`We could not reach ${home} or ${fileOf(home)}: no answer within 1 second.`],
    );
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('says the connection was refused by a site that is not listening', async () => {
    const closed = http.createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((done) => closed.close(() => done()));
    await expectFailure(
      () => {},
      (home) => [`We could not reach ${home} or ${fileOf(home)}: the connection was refused.`],
      `http://127.0.0.1:${port}/`,
    );
  });

  it('says the name of a site that does not resolve', async () => {
    // .invalid never resolves (RFC 6761).
    await expectFailure(
      () => {},
      (home) => [
        `We could not reach ${home} or ${fileOf(home)}: the name no-such-site.invalid does not resolve (DNS).`,
      ],
      'http://no-such-site.invalid/',
    );
  });

  it('fails when the page is larger than the body cap, even with the token at the end', async () => {
    await expectFailure(
      (token) => {
        site.routes.home = send(
          200,
          html(`${'<!-- padding -->'.repeat(40_000)}<meta name="cryptads-site-verification" content="${token}">`),
        );
      },
      (home) => [
        `We fetched ${home}: the answer is too large to read.`,
        `We fetched ${fileOf(home)}: the file was not found (HTTP 404).`,
      ],
    );
  });
});

describe('website ownership verification without private addresses', () => {
  let app: TestApp;
  let site: Awaited<ReturnType<typeof startSite>>;
  beforeAll(async () => {
    app = await createTestApp({ VERIFY_TIMEOUT_MS: '1000' });
    site = await startSite();
  });
  afterAll(async () => {
    await site.close();
    await app.closeAll();
  });

  it('refuses to fetch a loopback URL even when it would hold the token', async () => {
    const { headers } = await loginAs(app, 'publisher');
    const res = await app.inject({ method: 'POST', url: '/api/websites', headers, payload: { website: site.url } });
    const added = body<WebsiteVerification>(res).response;
    let hits = 0;
    site.routes.home = (req, r) => {
      hits++;
      send(200, html(`<meta name="cryptads-site-verification" content="${added.token}">`))(req, r);
    };
    site.routes.file = (req, r) => {
      hits++;
      send(200, added.token, 'text/plain')(req, r);
    };
    const verify = await app.inject({ method: 'POST', url: `/api/websites/${added.id}/verification`, headers });
    expect(verify.statusCode).toBe(400);
    expect(body(verify).reason).toBe(
      `${WEBSITE_MESSAGES.verificationFailed} We did not fetch ${site.url} or ${site.url}.well-known/cryptads-verification.txt: 127.0.0.1 is not a public internet address.`,
    );
    expect(hits).toBe(0);
  });
});

describe('VERIFY_ALLOW_PRIVATE setting', () => {
  const production = {
    NODE_ENV: 'production',
    CAPTCHA_PROVIDER: 'turnstile',
    CAPTCHA_SITE_KEY: 'key',
    CAPTCHA_SECRET: 'secret',
    MAIL_TRANSPORT: 'smtp',
    SMTP_URL: 'smtp://mail.example',
    PUBLIC_URL: 'https://ads.example',
    TOTP_ENCRYPTION_KEY: 'ab'.repeat(32),
    INVOICE_ISSUER_NAME: 'Cryptads Ltd',
    INVOICE_ISSUER_ADDRESS: '1 Harbour Road|Dublin 2',
    INVOICE_ISSUER_VAT: 'IE6388047V',
    BANK_TRANSFERS: 'off',
  };

  it('is off by default with a 5 second deadline', () => {
    expect(loadConfig({}).verification).toEqual({ allowPrivate: false, timeoutMs: 5000 });
  });

  it('is refused in production unless sandbox mode is on purpose', () => {
    expect(() => loadConfig({ ...production, VERIFY_ALLOW_PRIVATE: '1' })).toThrow(/VERIFY_ALLOW_PRIVATE/);
    expect(loadConfig({ ...production, VERIFY_ALLOW_PRIVATE: '1', ALLOW_SANDBOX: '1' }).verification.allowPrivate).toBe(
      true,
    );
  });
});
