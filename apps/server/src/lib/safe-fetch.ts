import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

/**
 * Fetches a URL that a user gave us (website verification) without letting that user reach
 * our own network (SSRF). The host is resolved BEFORE connecting, every resolved address is
 * checked, and the connection goes to the address that was checked (so a second DNS answer
 * cannot switch it: DNS rebinding). Each redirect hop is checked the same way. Bodies are
 * capped, the whole fetch has one deadline, and only http(s) is spoken.
 */

export type SafeFetchErrorKind =
  | 'invalid-url'
  | 'blocked-address'
  | 'timeout'
  | 'too-large'
  | 'too-many-redirects'
  /** The host name does not resolve. */
  | 'dns'
  | 'network';

export class SafeFetchError extends Error {
  constructor(
    readonly kind: SafeFetchErrorKind,
    message: string,
    /** The system's error code of a 'network' failure (ECONNREFUSED, ECONNRESET...), when it gave one. */
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'SafeFetchError';
  }
}

export type SafeFetchOptions = {
  /** Deadline for the whole fetch, redirects included. */
  timeoutMs?: number;
  /** Largest body read; a longer one fails with 'too-large'. */
  maxBytes?: number;
  maxRedirects?: number;
  /** Lets private and loopback addresses through (tests and local demos only). */
  allowPrivate?: boolean;
  /** Overrides the address policy (tests); the default refuses every non-public address. */
  isAddressAllowed?: (address: string) => boolean;
  /** POST `body` (outgoing webhooks) instead of a GET; a POST never follows a redirect. */
  post?: { body: string; headers: Record<string, string> };
  /** A body longer than maxBytes is cut there instead of failing with 'too-large'. */
  truncate?: boolean;
};

export type SafeFetchResult = { status: number; url: string; body: string; contentType: string | null };

export const SAFE_FETCH_DEFAULTS = { timeoutMs: 5_000, maxBytes: 512 * 1024, maxRedirects: 3 } as const;

// Two lists: a BlockList also matches IPv4 addresses against IPv6 rules (as IPv4-mapped),
// so one list with ::ffff:0:0/96 would refuse every IPv4 address.
const blockedV4 = new BlockList();
const blockedV6 = new BlockList();
// IPv4: unspecified / "this network", private, CGNAT, loopback, link-local, IETF protocol
// assignments, documentation and benchmarking nets, multicast, reserved and broadcast.
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blockedV4.addSubnet(net, prefix, 'ipv4');
// IPv6: unspecified, loopback, every form that embeds an IPv4 (IPv4-compatible ::/96,
// IPv4-mapped ::ffff:0:0/96, SIIT's IPv4-translated ::ffff:0:0:0/96, NAT64, 6to4 2002::/16,
// Teredo 2001::/32: some stacks route them to a private IPv4), discard, documentation,
// unique-local, link-local, site-local, multicast. The embedding ranges are refused whole:
// no public website needs them. The BlockList parses each address itself (any spelling:
// upper case, zeros written out, dotted tail, zone index), so no text pattern can miss one.
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::', 96],
  ['::ffff:0:0', 96],
  ['::ffff:0:0:0', 96],
  ['2002::', 16],
  ['2001::', 32],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blockedV6.addSubnet(net, prefix, 'ipv6');

/** True for every address that is not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blockedV4.check(address, 'ipv4');
  if (family === 6) return blockedV6.check(address, 'ipv6');
  return true;
}

type Resolved = { address: string; family: 4 | 6 };

async function resolveChecked(hostname: string, allowed: (address: string) => boolean): Promise<Resolved> {
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  let answers: { address: string; family: number }[];
  try {
    answers = isIP(bare)
      ? [{ address: bare, family: isIP(bare) }]
      : await dnsLookup(bare, { all: true, verbatim: true });
  } catch {
    throw new SafeFetchError('dns', `Cannot resolve ${bare}.`);
  }
  if (answers.length === 0) throw new SafeFetchError('dns', `Cannot resolve ${bare}.`);
  // Every answer must be allowed: a name that also points inside is refused as a whole.
  const refused = answers.find((a) => !allowed(a.address));
  if (refused) throw new SafeFetchError('blocked-address', `${bare} resolves to a non-public address.`);
  const first = answers[0] as { address: string; family: number };
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

function parseUrl(value: string, base?: string): URL {
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    throw new SafeFetchError('invalid-url', 'The address is not a valid URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new SafeFetchError('invalid-url', 'Only http and https addresses can be fetched.');
  if (url.username || url.password) throw new SafeFetchError('invalid-url', 'Addresses with credentials are refused.');
  return url;
}

type Hop = { status: number; location: string | null; body: string; contentType: string | null };

type RequestShape = { maxBytes: number; truncate: boolean; post?: SafeFetchOptions['post'] };

function requestOnce(url: URL, target: Resolved, shape: RequestShape, signal: AbortSignal): Promise<Hop> {
  const { maxBytes, truncate, post } = shape;
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: post ? 'POST' : 'GET',
        signal,
        headers: post
          ? { ...post.headers, 'content-length': String(Buffer.byteLength(post.body)), 'accept-encoding': 'identity' }
          : {
              'user-agent': 'CryptadsVerifier/1.0',
              accept: 'text/html,text/plain;q=0.9,*/*;q=0.5',
              'accept-encoding': 'identity',
            },
        // Connect to the address we checked, never to a fresh DNS answer. TLS still checks
        // the certificate against the host name of the URL.
        lookup: (_host, opts, callback) => {
          if ((opts as { all?: boolean }).all)
            (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
          else (callback as (e: null, a: string, f: number) => void)(null, target.address, target.family);
        },
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const location = typeof res.headers.location === 'string' ? res.headers.location : null;
        const contentType = res.headers['content-type'] ?? null;
        if (status >= 300 && status < 400 && location && !post) {
          res.resume();
          resolve({ status, location, body: '', contentType });
          return;
        }
        const declared = Number(res.headers['content-length']);
        if (!truncate && Number.isFinite(declared) && declared > maxBytes) {
          res.destroy();
          reject(new SafeFetchError('too-large', 'The answer is too large.'));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes && truncate) {
            chunks.push(chunk.subarray(0, chunk.length - (size - maxBytes)));
            res.destroy();
            resolve({ status, location: null, body: Buffer.concat(chunks).toString('utf8'), contentType });
            return;
          }
          if (size > maxBytes) {
            res.destroy();
            reject(new SafeFetchError('too-large', 'The answer is too large.'));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({ status, location: null, body: Buffer.concat(chunks).toString('utf8'), contentType }),
        );
        res.on('error', (err) => reject(err));
      },
    );
    req.on('error', reject);
    req.end(post?.body);
  });
}

/** GET (or POST, see `post`) `input`, following at most `maxRedirects` redirects, each hop checked. */
export async function safeFetch(input: string, opts: SafeFetchOptions = {}): Promise<SafeFetchResult> {
  const timeoutMs = opts.timeoutMs ?? SAFE_FETCH_DEFAULTS.timeoutMs;
  const maxBytes = opts.maxBytes ?? SAFE_FETCH_DEFAULTS.maxBytes;
  const maxRedirects = opts.maxRedirects ?? SAFE_FETCH_DEFAULTS.maxRedirects;
  const allowed =
    opts.isAddressAllowed ?? ((address: string) => opts.allowPrivate === true || !isPrivateAddress(address));

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    let url = parseUrl(input);
    for (let hop = 0; ; hop++) {
      const target = await resolveChecked(url.hostname, allowed);
      if (controller.signal.aborted) throw new SafeFetchError('timeout', 'The website did not answer in time.');
      const shape = { maxBytes, truncate: opts.truncate === true, post: opts.post };
      const answer = await requestOnce(url, target, shape, controller.signal);
      if (answer.location === null)
        return { status: answer.status, url: url.toString(), body: answer.body, contentType: answer.contentType };
      if (hop >= maxRedirects) throw new SafeFetchError('too-many-redirects', 'Too many redirects.');
      url = parseUrl(answer.location, url.toString());
    }
  } catch (err) {
    if (err instanceof SafeFetchError) throw err;
    if (controller.signal.aborted) throw new SafeFetchError('timeout', 'The website did not answer in time.');
    const code = (err as NodeJS.ErrnoException | null)?.code;
    throw new SafeFetchError(
      'network',
      err instanceof Error ? err.message : 'The website could not be reached.',
      typeof code === 'string' ? code : null,
    );
  } finally {
    clearTimeout(timer);
  }
}
