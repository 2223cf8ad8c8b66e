import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateAddress, SafeFetchError, safeFetch } from './safe-fetch';

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    // IPv4-mapped in hexadecimal form, NAT64 (well-known and local-use prefixes).
    '::ffff:7f00:1',
    '::FFFF:7F00:1',
    '0:0:0:0:0:ffff:127.0.0.1',
    '0000:0000:0000:0000:0000:ffff:7f00:0001',
    '::ffff:8.8.8.8',
    // SIIT's IPv4-translated form ::ffff:0:0:0/96, in each spelling.
    '::ffff:0:7f00:1',
    '::ffff:0:127.0.0.1',
    '0:0:0:0:ffff:0:7f00:1',
    '::ffff:0:a00:1',
    '::ffff:0:a9fe:a9fe',
    '64:ff9b::7f00:1',
    '64:ff9b::127.0.0.1',
    '64:ff9b:1::a00:1',
    // IPv4-compatible ::/96 (deprecated, still routed to the embedded IPv4 by some stacks).
    '::7f00:1',
    '::127.0.0.1',
    '::a00:1',
    '::808:808',
    // 6to4 2002::/16 embeds an IPv4 in bits 16-48 (2002:7f00:0001:: is 127.0.0.1).
    '2002:7f00:0001::',
    '2002:7f00:1::',
    '2002:a00:1::1',
    '2002:808:808::1',
    // Teredo 2001::/32 embeds an obfuscated IPv4 too.
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '2001::1',
    '0000:0000:0000:0000:0000:0000:0000:0001',
    '0:0:0:0:0:0:0:0',
    'FE80::1',
    'fe80::',
    'fc00::',
    '169.254.0.1',
    '100.127.255.255',
    '0.1.2.3',
    '198.18.0.1',
    '192.0.2.1',
    // Not an address as written: a bracketed literal, an octal or short IPv4, an empty string.
    '[::1]',
    '0177.0.0.1',
    '127.1',
    '',
    'fe80::1%eth0',
    'febf:ffff::1',
    'fdff:ffff::1',
    'not-an-ip',
  ])('refuses %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700::1111',
    '2001:4860:4860::8888',
    '2003::1',
  ])('allows %s', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});

describe('safeFetch', () => {
  let server: http.Server;
  let base: string;
  let port: number;
  let hits: string[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url === '/ok') return res.end('hello');
      if (req.url === '/to-private') {
        res.writeHead(302, { location: `http://10.0.0.1:${port}/ok` });
        return res.end();
      }
      if (req.url === '/to-loopback-v6') {
        res.writeHead(301, { location: `http://[::1]:${port}/ok` });
        return res.end();
      }
      if (req.url === '/to-ok') {
        res.writeHead(302, { location: '/ok' });
        return res.end();
      }
      if (req.url === '/loop') {
        res.writeHead(302, { location: '/loop' });
        return res.end();
      }
      if (req.url === '/to-file') {
        res.writeHead(302, { location: 'file:///etc/passwd' });
        return res.end();
      }
      if (req.url === '/big') return res.end('x'.repeat(2_000));
      if (req.url === '/slow') return; // never answers
      res.statusCode = 404;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    port = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  // Only the test server's own address counts as public here, so that a redirect to any
  // other private address shows the per-hop check.
  const onlyTestServer = { isAddressAllowed: (a: string) => a === '127.0.0.1' };
  const failure = async (promise: Promise<unknown>) => {
    const err = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(SafeFetchError);
    return (err as SafeFetchError).kind;
  };

  it('refuses a loopback address before connecting', async () => {
    hits = [];
    expect(await failure(safeFetch(`${base}/ok`))).toBe('blocked-address');
    expect(await failure(safeFetch(`http://localhost:${port}/ok`))).toBe('blocked-address');
    expect(hits).toEqual([]);
  });

  it('fetches when the address is allowed, following redirects', async () => {
    const res = await safeFetch(`${base}/to-ok`, onlyTestServer);
    expect(res).toMatchObject({ status: 200, body: 'hello', url: `${base}/ok` });
    expect((await safeFetch(`${base}/ok`, { allowPrivate: true })).body).toBe('hello');
  });

  it('checks every redirect hop and refuses a redirect to a private address', async () => {
    expect(await failure(safeFetch(`${base}/to-private`, onlyTestServer))).toBe('blocked-address');
    expect(await failure(safeFetch(`${base}/to-loopback-v6`, onlyTestServer))).toBe('blocked-address');
  });

  it('stops after three redirects and refuses non-http redirects', async () => {
    hits = [];
    expect(await failure(safeFetch(`${base}/loop`, onlyTestServer))).toBe('too-many-redirects');
    expect(hits).toHaveLength(4);
    expect(await failure(safeFetch(`${base}/to-file`, onlyTestServer))).toBe('invalid-url');
  });

  it('caps the body', async () => {
    expect((await safeFetch(`${base}/big`, { ...onlyTestServer, maxBytes: 2_000 })).body).toHaveLength(2_000);
    expect(await failure(safeFetch(`${base}/big`, { ...onlyTestServer, maxBytes: 1_999 }))).toBe('too-large');
  });

  it('gives up at the deadline', async () => {
    const started = Date.now();
    expect(await failure(safeFetch(`${base}/slow`, { ...onlyTestServer, timeoutMs: 200 }))).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('refuses URLs that are not http(s) or carry credentials', async () => {
    expect(await failure(safeFetch('file:///etc/passwd'))).toBe('invalid-url');
    expect(await failure(safeFetch('http://user:pw@example.com/'))).toBe('invalid-url');
    expect(await failure(safeFetch('not a url'))).toBe('invalid-url');
  });
});
