import { describe, expect, it } from 'vitest';
import { parseAgent } from '../adapters/geo/geo';
import { createRng, hash32 } from './random';
import {
  COUNTRY_WEIGHTS,
  CTR_MAX,
  CTR_MIN,
  createVisitorGenerator,
  ctrFor,
  DESKTOP_AGENTS,
  MOBILE_AGENTS,
} from './visitors';

describe('visitor generator', () => {
  it('gives the same visitors for the same seed and others for another seed', () => {
    const take = (seed: number) => {
      const g = createVisitorGenerator(seed);
      return Array.from({ length: 50 }, () => g.next());
    };
    expect(take(7)).toEqual(take(7));
    expect(take(7)).not.toEqual(take(8));
  });

  it('mixes countries by weight, about 45 % desktop and 55 % mobile, with real browsers', () => {
    const g = createVisitorGenerator(42);
    const n = 20_000;
    const countries = new Map<string, number>();
    const os = new Map<string, number>();
    const browsers = new Map<string, number>();
    let mobile = 0;
    for (let i = 0; i < n; i++) {
      const v = g.next();
      countries.set(v.country, (countries.get(v.country) ?? 0) + 1);
      os.set(v.os, (os.get(v.os) ?? 0) + 1);
      browsers.set(v.browser, (browsers.get(v.browser) ?? 0) + 1);
      if (v.device === 2) mobile++;
      // What the delivery endpoint reads from the agent is what the visitor says it is.
      const agent = parseAgent(v.userAgent);
      expect(agent).toMatchObject({ bot: false, device: v.device, os: v.os, browser: v.browser });
      expect(v.ip).toMatch(/^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/);
    }
    expect(mobile / n).toBeGreaterThan(0.52);
    expect(mobile / n).toBeLessThan(0.58);
    const totalWeight = COUNTRY_WEIGHTS.reduce((a, [, w]) => a + w, 0);
    for (const [code, weight] of COUNTRY_WEIGHTS) {
      const share = (countries.get(code) ?? 0) / n;
      expect(Math.abs(share - weight / totalWeight), code).toBeLessThan(0.015);
    }
    expect([...countries.keys()].sort()).toEqual(COUNTRY_WEIGHTS.map(([c]) => c).sort());
    expect([...os.keys()].sort()).toEqual(['Android', 'Linux', 'Mac OS', 'Windows', 'iOS']);
    for (const b of ['Chrome', 'Edge', 'Firefox', 'Safari', 'Mobile Safari', 'Samsung Internet'])
      expect(browsers.get(b) ?? 0, b).toBeGreaterThan(0);
    // Chrome leads, as on the real web.
    const top = [...browsers.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
    expect(top).toBe('Chrome');
  });

  it('knows only desktop agents as desktop and mobile agents as mobile', () => {
    for (const [a] of DESKTOP_AGENTS) expect(parseAgent(a.userAgent).device, a.userAgent).toBe(1);
    for (const [a] of MOBILE_AGENTS) expect(parseAgent(a.userAgent).device, a.userAgent).toBe(2);
  });

  it('gives each campaign a stable CTR between 0.1 % and 1 %', () => {
    const ctrs = Array.from({ length: 2000 }, (_, i) => ctrFor(i + 1));
    for (const ctr of ctrs) {
      expect(ctr).toBeGreaterThanOrEqual(CTR_MIN);
      expect(ctr).toBeLessThanOrEqual(CTR_MAX);
    }
    expect(ctrFor(17)).toBe(ctrFor(17));
    const mean = ctrs.reduce((a, b) => a + b, 0) / ctrs.length;
    expect(mean).toBeGreaterThan(0.003);
    expect(mean).toBeLessThan(0.005);
    // Spread over the whole range, not one value.
    expect(Math.min(...ctrs)).toBeLessThan(0.0015);
    expect(Math.max(...ctrs)).toBeGreaterThan(0.009);
  });

  it('has a reproducible PRNG and hash', () => {
    const a = createRng(1);
    const b = createRng(1);
    const xs = Array.from({ length: 5 }, () => a.next());
    expect(xs).toEqual(Array.from({ length: 5 }, () => b.next()));
    for (const x of xs) expect(x).toBeGreaterThanOrEqual(0);
    expect(hash32('abc')).toBe(hash32('abc'));
    expect(hash32('abc')).not.toBe(hash32('abd'));
    const r = createRng(3);
    const counts = { a: 0, b: 0 };
    for (let i = 0; i < 10_000; i++)
      counts[
        r.weighted([
          ['a', 3],
          ['b', 1],
        ] as const)
      ]++;
    expect(counts.a / 10_000).toBeGreaterThan(0.72);
    expect(counts.a / 10_000).toBeLessThan(0.78);
  });
});
