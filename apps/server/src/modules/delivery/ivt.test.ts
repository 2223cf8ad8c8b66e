import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { badHeaders, CidrList, createInvalidTraffic, InvalidTraffic, loadDatacentreRanges, WindowCounter } from './ivt';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const browser: Record<string, string> = { accept: '*/*', 'accept-language': 'en-GB,en;q=0.9' };
const ivtConfig = (env: Record<string, string> = {}) => loadConfig({ NODE_ENV: 'test', ...env }).delivery.ivt;
const person = (ip = '192.0.2.1', userAgent = CHROME) => ({
  ip,
  userAgent,
  headers: browser,
  secure: false,
  bot: false,
});

describe('WindowCounter', () => {
  it('counts over a sliding window of slices, and forgets slices that age out', () => {
    const c = new WindowCounter(60_000, 6);
    const t0 = 1_000_000_020_000; // at a slice boundary
    expect(c.hit('a', t0)).toBe(1);
    expect(c.hit('a', t0 + 9_000)).toBe(2);
    expect(c.hit('a', t0 + 30_000)).toBe(3);
    expect(c.hit('b', t0 + 30_000)).toBe(1);
    expect(c.hit('a', t0 + 60_000)).toBe(2); // the first slice (2 hits) is out
    expect(c.hit('a', t0 + 200_000)).toBe(1);
    c.prune(t0 + 400_000);
    expect(c.size).toBe(0);
  });

  it('keeps at most maxKeys keys, forgetting the least recently counted ones', () => {
    const c = new WindowCounter(60_000, 6, 3);
    const t = 1_000_000_020_000;
    c.hit('a', t);
    c.hit('a', t);
    c.hit('b', t);
    c.hit('c', t);
    c.hit('d', t); // full: 'a', the least recently counted, is forgotten
    expect(c.size).toBe(3);
    expect(c.hit('b', t)).toBe(2);
    expect(c.hit('a', t)).toBe(1);
  });

  it('past maxKeys forgets the least recently used keys, never one that keeps coming', () => {
    const c = new WindowCounter(3_600_000, 12, 100);
    const t = 1_000_000_020_000;
    c.hit('bot', t);
    for (let i = 0; i < 1_000; i++) {
      c.hit(`10.0.${i >> 8}.${i & 255}`, t + i);
      if (i % 10 === 9) c.hit('bot', t + i);
    }
    expect(c.size).toBeLessThanOrEqual(100);
    expect(c.hit('bot', t + 1_000)).toBe(102);
  });
});

describe('InvalidTraffic (injected clock)', () => {
  it('per-visitor and per-IP rates per minute and per hour', () => {
    const ivt = new InvalidTraffic(
      ivtConfig({ IVT_VISITOR_PER_MINUTE: '3', IVT_VISITOR_PER_HOUR: '5', IVT_IP_PER_MINUTE: '4' }),
      new CidrList(),
    );
    let t = 1_700_000_000_000;
    const reasons = () => [1, 2, 3, 4].map(() => ivt.serve({ ...person(), zoneId: 1 }, t));
    expect(reasons()).toEqual([undefined, undefined, undefined, 'visitor_rate']);
    t += 61_000; // a new minute: 1 more allowed within the hour (5 a hour)
    expect(ivt.serve({ ...person(), zoneId: 1 }, t)).toBeUndefined();
    expect(ivt.serve({ ...person(), zoneId: 1 }, t)).toBe('visitor_rate');
    // Another agent on the same IP: the IP's 4 a minute hold
    const other = (n: number) => ({ ...person('192.0.2.1', `${CHROME} X${n}`), zoneId: 1 });
    // this minute on the IP: 2 above (the filtered one counts too), then 2 more are allowed
    expect(ivt.serve(other(1), t)).toBeUndefined();
    expect(ivt.serve(other(2), t)).toBeUndefined();
    expect(ivt.serve(other(3), t)).toBe('ip_rate');
    t += 3_600_000;
    expect(ivt.serve({ ...person(), zoneId: 1 }, t)).toBeUndefined();
  });

  it('many user agents on one IP within an hour', () => {
    const ivt = new InvalidTraffic(ivtConfig({ IVT_IP_MAX_AGENTS: '3' }), new CidrList());
    const t = 1_700_000_000_000;
    const at = (n: number, when = t) => ivt.serve({ ...person('192.0.2.9', `${CHROME} V${n}`), zoneId: 1 }, when);
    expect([at(1), at(2), at(3), at(4)]).toEqual([undefined, undefined, undefined, 'ip_rate']);
    expect(at(5, t + 2 * 3_600_000)).toBeUndefined(); // the old agents aged out
  });

  it("keeps an address's user agents under a flood of new addresses", () => {
    // Only the number of agents per IP can refuse here.
    const generous = Object.fromEntries(
      [
        'IVT_IP_PER_MINUTE',
        'IVT_IP_PER_HOUR',
        'IVT_VISITOR_PER_MINUTE',
        'IVT_VISITOR_PER_HOUR',
        'IVT_ZONE_SPIKE_FLOOR',
      ].map((name) => [name, '100000']),
    );
    const ivt = new InvalidTraffic(ivtConfig({ ...generous, IVT_IP_MAX_AGENTS: '3' }), new CidrList(), {
      issuedTtlMs: 3_600_000,
      maxKeys: 50,
    });
    const t = 1_700_000_000_000;
    const at = (n: number, ip = '192.0.2.9') => ivt.serve({ ...person(ip, `${CHROME} V${n}`), zoneId: 1 }, t);
    expect([at(1), at(2), at(3)]).toEqual([undefined, undefined, undefined]);
    for (let i = 0; i < 500; i++) {
      expect(at(1, `10.0.${i >> 8}.${i & 255}`)).toBeUndefined();
      if (i % 10 === 9) expect(at(3)).toBeUndefined();
    }
    expect(at(4)).toBe('ip_rate');
  });

  it('a zone above factor × its baseline and above the floor', () => {
    const ivt = new InvalidTraffic(
      ivtConfig({ IVT_ZONE_SPIKE_FLOOR: '5', IVT_ZONE_SPIKE_FACTOR: '3' }),
      new CidrList(),
    );
    const t = 1_700_000_000_000;
    const hit = (i: number, when: number, zoneId = 7) =>
      ivt.serve({ ...person(`10.0.${i >> 8}.${i & 255}`), zoneId }, when);
    const first = Array.from({ length: 7 }, (_, i) => hit(i, t));
    expect(first).toEqual([undefined, undefined, undefined, undefined, undefined, 'zone_anomaly', 'zone_anomaly']);
    expect(hit(100, t, 8)).toBeUndefined(); // another zone
    // An hour of steady 20 a minute raises the baseline: 20 a minute is then normal.
    let i = 1000;
    for (let m = 1; m <= 60; m++) for (let k = 0; k < 20; k++) hit(i++, t + m * 60_000);
    const next = Array.from({ length: 20 }, () => hit(i++, t + 61 * 60_000));
    expect(next.filter(Boolean)).toEqual([]);
  });

  it('crawlers, automation, data centres and headers of no browser', () => {
    const dc = new CidrList().add('198.51.100.0/24\n2001:db8::/32 # doc');
    const ivt = new InvalidTraffic(ivtConfig(), dc);
    const t = 1_700_000_000_000;
    const check = (f: Partial<ReturnType<typeof person>>) => ivt.serve({ ...person(), ...f, zoneId: 1 }, t);
    expect(check({ bot: true })).toBe('crawler');
    expect(check({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/124.0.0.0 Safari/537.36' })).toBe(
      'crawler',
    );
    expect(check({ userAgent: 'python-requests/2.31' })).toBe('crawler');
    expect(check({ ip: '198.51.100.3' })).toBe('data_centre');
    expect(check({ ip: '::ffff:198.51.100.3' })).toBe('data_centre');
    expect(check({ ip: '2001:db8::1' })).toBe('data_centre');
    expect(check({ headers: { accept: '*/*' } })).toBe('bad_headers');
    expect(check({ headers: { 'accept-language': 'en' } })).toBe('bad_headers');
    expect(check({})).toBeUndefined();
  });

  it('badHeaders: Chrome without sec-ch-ua only over https; Safari, Firefox and Chrome on iOS never need it', () => {
    expect(badHeaders({ userAgent: CHROME, headers: browser, secure: true })).toBe(true);
    expect(
      badHeaders({ userAgent: CHROME, headers: { ...browser, 'sec-ch-ua': '"Chromium";v="124"' }, secure: true }),
    ).toBe(false);
    expect(badHeaders({ userAgent: CHROME, headers: browser, secure: false })).toBe(false);
    const ios =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1 Chrome/124';
    expect(badHeaders({ userAgent: ios, headers: browser, secure: true })).toBe(false);
    const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0';
    expect(badHeaders({ userAgent: firefox, headers: browser, secure: true })).toBe(false);
  });

  it('clicks: repeated, without impression, too fast, inheriting the impression reason, per-IP click rate', () => {
    const ivt = new InvalidTraffic(
      ivtConfig({ IVT_IP_CLICKS_PER_HOUR: '3', IVT_MIN_CLICK_MS: '1000' }),
      new CidrList(),
    );
    const t = 1_700_000_000_000;
    ivt.issue('imp-1', undefined, t);
    ivt.issue('imp-2', 'visitor_rate', t);
    const click = (id: string, when: number, repeated = false, ip = '192.0.2.50') =>
      ivt.click(person(ip), { repeated, impression: ivt.issuedAt(id) }, when);
    expect(click('imp-1', t + 999)).toBe('click_too_fast');
    expect(click('imp-1', t + 1000, true)).toBe('repeated_click');
    expect(click('imp-2', t + 5000)).toBe('visitor_rate');
    expect(click('unknown', t + 5000, false, '192.0.2.51')).toBe('click_without_impression');
    expect(click('imp-1', t + 5000, false, '192.0.2.51')).toBeUndefined();
    expect(click('imp-1', t + 5000, false, '192.0.2.50')).toBe('ip_rate'); // its 4th click this hour
  });

  it('forgets issued impressions after the click TTL', () => {
    const ivt = new InvalidTraffic(ivtConfig(), new CidrList(), { issuedTtlMs: 3_600_000 });
    const t = 1_700_000_000_000;
    ivt.issue('old', undefined, t);
    ivt.serve({ ...person(), zoneId: 1 }, t + 2 * 3_600_000); // prunes
    expect(ivt.issuedAt('old')).toBeUndefined();
  });

  it('IVT_ENABLED=0 filters nothing but repeated clicks', () => {
    const ivt = createInvalidTraffic(loadConfig({ NODE_ENV: 'test', IVT_ENABLED: '0' }));
    expect(ivt.serve({ ...person(), bot: true, zoneId: 1 }, 1)).toBeUndefined();
    expect(ivt.click({ ...person(), bot: true }, { repeated: true, impression: undefined }, 1)).toBe('repeated_click');
    expect(ivt.click({ ...person(), bot: true }, { repeated: false, impression: undefined }, 1)).toBeUndefined();
  });
});

describe('data-centre ranges', () => {
  it('the built-in list parses and holds the major clouds; IVT_DATACENTRE_FILE adds ranges; a bad line is refused', () => {
    const builtin = loadDatacentreRanges(null);
    expect(builtin.count).toBeGreaterThan(100);
    expect(builtin.has('3.120.1.2')).toBe(true); // AWS
    expect(builtin.has('35.190.1.1')).toBe(true); // Google Cloud
    expect(builtin.has('203.0.113.7')).toBe(false);
    expect(builtin.has('127.0.0.1')).toBe(false);
    const dir = mkdtempSync(path.join(tmpdir(), 'ivt-'));
    const file = path.join(dir, 'ranges.txt');
    writeFileSync(file, '# ours\n203.0.113.0/24\n');
    expect(loadDatacentreRanges(file).has('203.0.113.7')).toBe(true);
    writeFileSync(file, 'not-a-range\n');
    expect(() => loadDatacentreRanges(file)).toThrow(/not a CIDR range/);
  });
});
