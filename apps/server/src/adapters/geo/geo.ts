import { readFileSync } from 'node:fs';
import { isbot } from 'isbot';
import { type CountryResponse, Reader } from 'maxmind';
import UAParser from 'ua-parser-js';
import type { Config } from '../../config';

/** Where a visitor's country comes from (docs/decisions/007-delivery.md). */
export type Geo = {
  /** 'none': the header provider without a trusted proxy (TRUST_PROXY=0): every country is 'XX'. */
  kind: 'header' | 'geolite2' | 'none';
  /** ISO 3166 alpha-2 in upper case, 'XX' when unknown. */
  country: (ip: string, headers: Record<string, string | string[] | undefined>) => string;
};

export const UNKNOWN_COUNTRY = 'XX';

const ISO2 = /^[A-Z]{2}$/;

/** Upper-cased ISO-2, or 'XX' (also for the proxies' "unknown"/"Tor" codes XX and T1). */
export function normaliseCountry(value: unknown): string {
  const raw = Array.isArray(value) ? value[0] : value;
  if (typeof raw !== 'string') return UNKNOWN_COUNTRY;
  const code = raw.trim().toUpperCase();
  return ISO2.test(code) ? code : UNKNOWN_COUNTRY;
}

/** A trusted proxy (Cloudflare's cf-ipcountry by default) tells the visitor's country. */
export function headerGeo(header: string): Geo {
  const name = header.toLowerCase();
  return { kind: 'header', country: (_ip, headers) => normaliseCountry(headers[name]) };
}

/** A GeoLite2-format (.mmdb) country or city database, read once into memory. */
export function mmdbGeo(buffer: Buffer): Geo {
  const reader = new Reader<CountryResponse>(buffer);
  return {
    kind: 'geolite2',
    country(ip) {
      try {
        const found = reader.get(ip);
        return normaliseCountry(found?.country?.iso_code ?? found?.registered_country?.iso_code);
      } catch {
        return UNKNOWN_COUNTRY; // not an IP address
      }
    },
  };
}

/** No source of the country: every visitor is 'XX' (unknown). */
export const noGeo: Geo = { kind: 'none', country: () => UNKNOWN_COUNTRY };

/**
 * The configured source. The country header is a client's word unless a trusted proxy set it:
 * it is read only with TRUST_PROXY=1 (docs/decisions/019-invalid-traffic.md); otherwise the
 * header provider answers 'XX' for everyone.
 */
export function createGeo(config: Pick<Config, 'delivery'>): Geo {
  const { geo } = config.delivery;
  if (geo.provider === 'geolite2') {
    if (!geo.dbPath) throw new Error('GEO_PROVIDER=geolite2 needs GEOIP_DB_PATH (a GeoLite2 Country .mmdb file)');
    return mmdbGeo(readFileSync(geo.dbPath));
  }
  return config.delivery.trustGeoHeader ? headerGeo(geo.header) : noGeo;
}

export type Agent = {
  bot: boolean;
  /** 1 desktop, 2 mobile (phones and tablets). */
  device: 1 | 2;
  os: string;
  browser: string;
};

const agentCache = new Map<string, Agent>();
const AGENT_CACHE_MAX = 5000;

/**
 * What delivery needs from a user agent: bot or not (isbot), device, os and browser
 * (ua-parser-js, as lib/user-agent.ts). Parsing costs ~20 µs, so recent agents are cached.
 */
export function parseAgent(userAgent: string | undefined): Agent {
  const ua = userAgent ?? '';
  const cached = agentCache.get(ua);
  if (cached) return cached;
  const r = new UAParser(ua).getResult();
  const type = r.device.type;
  const agent: Agent = {
    bot: ua.trim() === '' || isbot(ua),
    device: type === 'mobile' || type === 'tablet' || type === 'wearable' ? 2 : 1,
    os: (r.os.name ?? 'Other').slice(0, 40),
    browser: (r.browser.name ?? 'Other').slice(0, 40),
  };
  if (agentCache.size >= AGENT_CACHE_MAX) agentCache.clear();
  agentCache.set(ua, agent);
  return agent;
}
