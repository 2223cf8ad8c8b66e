import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Who calls is read in one place: the auth plugin resolves the session from a bearer header or
 * the browser's cookie (docs/decisions/034), and routes get it from `request.auth` (the
 * handler's `auth`; `optionalAuth` in the endpoint table for a public endpoint that answers more
 * to a signed-in caller). A route that read the header itself once missed the cookie, and the
 * owner of a campaign lost the preview of it. This scans the server's code for such reads.
 */

const SRC = fileURLToPath(new URL('..', import.meta.url));

const READS = {
  'Authorization header': /headers\s*(\.\s*authorization\b|\[\s*['"`]authorization['"`]\s*\])/i,
  'Cookie header': /headers\s*(\.\s*cookie\b|\[\s*['"`]cookie['"`]\s*\])/i,
  'parsed cookies': /\.cookies\b/,
  'session cookie name': /\bSESSION_COOKIE\b|cryptads_session/,
  'token readers of the auth plugin': /\b(bearerToken|cookieToken)\s*\(/,
  'session lookup by token': /\bfindSession\s*\(/,
} as const;
type Read = keyof typeof READS;

/** The files that may, each read with its reason. Anything else is a route reading identity itself. */
const ALLOWED: Record<string, Partial<Record<Read, string>>> = {
  'plugins/auth.ts': {
    'Authorization header': 'the auth check',
    'token readers of the auth plugin': 'the auth check',
  },
  'plugins/session-cookie.ts': {
    'parsed cookies': 'reads and sets the browser session',
    'session cookie name': 'reads and sets the browser session',
    'token readers of the auth plugin': 'defines cookieToken, for the auth check',
  },
  'modules/api-keys/public-api.ts': {
    'token readers of the auth plugin':
      'the public API’s key check (docs/decisions/040): a key, never a session; the cookie only picks its refusal',
  },
  'modules/sessions/sessions.service.ts': { 'session lookup by token': 'defines it' },
  'app.ts': {
    'Authorization header': 'the logger’s redaction paths, to keep it out of the logs',
    'Cookie header': 'the logger’s redaction paths, to keep it out of the logs',
  },
  'plugins/page-renderer.ts': {
    'Cookie header':
      'the server-rendered page asks its data of our own routes (app.inject) with the request’s cookies, so that the auth plugin checks them (decision 062)',
    'parsed cookies':
      'hands the readable cookies (a preference, the account type the browser’s router reads) to the page’s render (decision 062)',
    'session cookie name': 'leaves the session’s token out of what the page’s render is given (decision 062)',
  },
  'modules/api-docs/openapi.ts': { 'session cookie name': 'documents the session scheme' },
  'simulator/live.ts': { 'session cookie name': 'a client: reads the token its own login set, as programs do' },
  'adapters/payments/fakes/fake-stripe.ts': {
    'Authorization header': 'a stand-in for Stripe’s server, checking the provider key our adapter sends',
  },
  'adapters/payments/fakes/fake-coingate.ts': {
    'Authorization header': 'a stand-in for CoinGate’s server, checking the provider key our adapter sends',
  },
};

/** The server's code, tests and their fixtures left out: they are clients and send credentials. */
function sourceFiles(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('testing/'));
}

function readsIn(file: string): { read: Read; line: number }[] {
  const lines = readFileSync(path.join(SRC, file), 'utf8').split('\n');
  const found: { read: Read; line: number }[] = [];
  for (const [read, pattern] of Object.entries(READS) as [Read, RegExp][])
    lines.forEach((text, i) => {
      if (pattern.test(text)) found.push({ read, line: i + 1 });
    });
  return found;
}

describe('identity is read by the auth plugin only', () => {
  const files = sourceFiles();
  const found = files.flatMap((file) => readsIn(file).map((r) => ({ file, ...r })));

  it('finds no route or service reading the Authorization header, the cookies or a session token itself', () => {
    const wrong = found.filter(({ file, read }) => !ALLOWED[file]?.[read]).map((r) => `${r.file}:${r.line} ${r.read}`);
    expect(wrong).toEqual([]);
  });

  it('allows nothing that is no longer there', () => {
    const stale = Object.entries(ALLOWED).flatMap(([file, reads]) =>
      Object.keys(reads)
        .filter((read) => !found.some((r) => r.file === file && r.read === read))
        .map((read) => `${file} ${read}`),
    );
    expect(stale).toEqual([]);
  });

  it('catches the read that once broke the owner’s preview', () => {
    const route = 'const token = bearerToken(request);\nconst other = request.headers.authorization;';
    const hits = (Object.entries(READS) as [Read, RegExp][]).filter(([, pattern]) => pattern.test(route));
    expect(hits.map(([read]) => read)).toEqual(['Authorization header', 'token readers of the auth plugin']);
    expect(files.length).toBeGreaterThan(100);
  });
});
