import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createGeo, headerGeo, mmdbGeo, normaliseCountry, parseAgent } from './geo';

/**
 * A minimal MaxMind DB (IPv4, 24-bit records) with country records, built in memory: the
 * same binary format as GeoLite2-Country, so the geolite2 provider is tested for real.
 */
function tinyMmdb(prefixes: { ip: string; bits: number; country: string }[]): Buffer {
  const str = (s: string) => Buffer.concat([Buffer.from([(2 << 5) | s.length]), Buffer.from(s)]);
  const map = (entries: [string, Buffer][]) =>
    Buffer.concat([Buffer.from([(7 << 5) | entries.length]), ...entries.flatMap(([k, v]) => [str(k), v])]);
  const uint = (type: 5 | 6, n: number, bytes: number) => {
    const b = Buffer.alloc(bytes);
    b.writeUIntBE(n, 0, bytes);
    return Buffer.concat([Buffer.from([(type << 5) | bytes]), b]);
  };
  const data: Buffer[] = [];
  const offsets = new Map<string, number>();
  let size = 0;
  for (const p of prefixes) {
    if (offsets.has(p.country)) continue;
    const rec = map([['country', map([['iso_code', str(p.country)]])]]);
    offsets.set(p.country, size);
    data.push(rec);
    size += rec.length;
  }
  // Records: >= 0 node index, -1 not found, { data offset } as -2 - offset.
  const nodes: [number, number][] = [[-1, -1]];
  for (const p of prefixes) {
    const ip = p.ip.split('.').reduce((acc, o) => acc * 256 + Number(o), 0);
    let node = 0;
    for (let i = 0; i < p.bits; i++) {
      const bit = Math.floor(ip / 2 ** (31 - i)) % 2;
      const current = nodes[node] as [number, number];
      if (i === p.bits - 1) current[bit] = -2 - (offsets.get(p.country) ?? 0);
      else {
        if ((current[bit] ?? -1) < 0) {
          nodes.push([-1, -1]);
          current[bit] = nodes.length - 1;
        }
        node = current[bit] as number;
      }
    }
  }
  const count = nodes.length;
  const tree = Buffer.alloc(count * 6);
  const value = (r: number) => (r >= 0 ? r : r === -1 ? count : count + 16 + (-2 - r));
  nodes.forEach(([l, r], i) => {
    tree.writeUIntBE(value(l), i * 6, 3);
    tree.writeUIntBE(value(r), i * 6 + 3, 3);
  });
  const meta = map([
    ['node_count', uint(6, count, 4)],
    ['record_size', uint(5, 24, 2)],
    ['ip_version', uint(5, 4, 2)],
    ['database_type', str('GeoLite2-Country')],
    ['binary_format_major_version', uint(5, 2, 2)],
    ['binary_format_minor_version', uint(5, 0, 2)],
  ]);
  return Buffer.concat([tree, Buffer.alloc(16), ...data, Buffer.from('ABCDEF4D61784D696E642E636F6D', 'hex'), meta]);
}

describe('geo', () => {
  it('header provider: the trusted header in upper case, XX when missing or invalid', () => {
    const geo = headerGeo('CF-IPCountry');
    expect(geo.country('1.2.3.4', { 'cf-ipcountry': 'de' })).toBe('DE');
    expect(geo.country('1.2.3.4', { 'cf-ipcountry': ['fr', 'de'] })).toBe('FR');
    expect(geo.country('1.2.3.4', {})).toBe('XX');
    expect(geo.country('1.2.3.4', { 'cf-ipcountry': 'Germany' })).toBe('XX');
    expect(geo.country('1.2.3.4', { 'cf-ipcountry': 'T1' })).toBe('XX');
    expect(normaliseCountry(' us ')).toBe('US');
  });

  it('geolite2 provider: looks the address up in a GeoLite2-format database', () => {
    const geo = mmdbGeo(
      tinyMmdb([
        { ip: '81.2.69.0', bits: 24, country: 'GB' },
        { ip: '2.16.0.0', bits: 13, country: 'FR' },
      ]),
    );
    expect(geo.kind).toBe('geolite2');
    expect(geo.country('81.2.69.142', {})).toBe('GB');
    expect(geo.country('2.17.1.1', {})).toBe('FR');
    expect(geo.country('8.8.8.8', {})).toBe('XX');
    expect(geo.country('not an ip', {})).toBe('XX');
  });

  it('createGeo follows the configuration', () => {
    expect(createGeo(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '1' })).kind).toBe('header');
    // Without a trusted proxy the header is the client's word: not read at all.
    const untrusted = createGeo(loadConfig({ NODE_ENV: 'test' }));
    expect(untrusted.kind).toBe('none');
    expect(untrusted.country('203.0.113.7', { 'cf-ipcountry': 'US' })).toBe('XX');
    expect(() => createGeo(loadConfig({ NODE_ENV: 'test', GEO_PROVIDER: 'geolite2' }))).toThrow(/GEOIP_DB_PATH/);
  });

  it('reads bots, devices, os and browser from the user agent', () => {
    expect(parseAgent('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)').bot).toBe(true);
    expect(parseAgent('').bot).toBe(true);
    const phone = parseAgent(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    );
    expect(phone).toMatchObject({ bot: false, device: 2, os: 'iOS', browser: 'Mobile Safari' });
    const desktop = parseAgent(
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    );
    expect(desktop).toMatchObject({ bot: false, device: 1, os: 'Linux', browser: 'Chrome' });
  });
});
