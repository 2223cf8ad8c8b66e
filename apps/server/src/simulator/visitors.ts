import { parseAgent } from '../adapters/geo/geo';
import { loadDatacentreRanges } from '../modules/delivery/ivt';
import { createRng, hash32, type Rng } from './random';

/**
 * Synthetic visitors for the traffic simulator: a weighted country mix, desktop/mobile about
 * 45/55, and real user-agent strings of current browsers. Deterministic for a given seed.
 * The os and browser labels are what the delivery endpoint's parser (parseAgent) reads from
 * the user agent, so history rows and live rows group together in reports.
 */

/** Share of visitors per country (weights, not percentages). */
export const COUNTRY_WEIGHTS: readonly (readonly [string, number])[] = [
  ['US', 22],
  ['GB', 9],
  ['DE', 8],
  ['IN', 8],
  ['FR', 6],
  ['BR', 6],
  ['CA', 5],
  ['NL', 4],
  ['AU', 4],
  ['NG', 4],
  ['TR', 4],
  ['JP', 4],
  ['ES', 4],
  ['IT', 3],
  ['PL', 2],
  ['KR', 2],
  ['ZA', 2],
  ['MX', 2],
  ['IE', 1],
  ['AR', 1],
];

export const MOBILE_SHARE = 0.55;

export type Device = 1 | 2;

type Agent = { userAgent: string };

/** Desktop agents and their weights: Chrome, Edge, Firefox on Windows; Chrome, Safari, Firefox on macOS; Chrome on Linux. */
export const DESKTOP_AGENTS: readonly (readonly [Agent, number])[] = [
  [
    {
      userAgent:
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36',
    },
    40,
  ],
  [
    {
      userAgent:
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36 Edg/138.0.0.0',
    },
    12,
  ],
  [
    {
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:141.0) Gecko/20100101 Firefox/141.0',
    },
    8,
  ],
  [
    {
      userAgent:
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36',
    },
    15,
  ],
  [
    {
      userAgent:
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15',
    },
    12,
  ],
  [
    {
      userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:141.0) Gecko/20100101 Firefox/141.0',
    },
    3,
  ],
  [
    {
      userAgent:
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36',
    },
    4,
  ],
];

/** Mobile agents and their weights: Chrome, Samsung Internet, Firefox on Android; Safari, Chrome on iOS. */
export const MOBILE_AGENTS: readonly (readonly [Agent, number])[] = [
  [
    {
      userAgent:
        'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Mobile Safari/537.36',
    },
    45,
  ],
  [
    {
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/28.0 Chrome/130.0.0.0 Mobile Safari/537.36',
    },
    8,
  ],
  [
    {
      userAgent: 'Mozilla/5.0 (Android 15; Mobile; rv:141.0) Gecko/141.0 Firefox/141.0',
    },
    2,
  ],
  [
    {
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
    },
    35,
  ],
  [
    {
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/138.0.7204.156 Mobile/15E148 Safari/604.1',
    },
    8,
  ],
];

export type Visitor = {
  country: string;
  device: Device;
  os: string;
  browser: string;
  userAgent: string;
  /** A plausible public IPv4 address (sent as X-Forwarded-For in live mode). */
  ip: string;
  /** --fraud: which hostile pattern this visitor is (absent: an honest visitor). */
  hostile?: HostileKind;
  /** Ad requests of one page view (default 1 or 2 zones); a hammering bot sends many. */
  burst?: number;
  /** Clicks every ad it gets, at once (no person's delay). */
  alwaysClicks?: boolean;
};

export type HostileKind = 'hammer' | 'rotate' | 'datacentre' | 'headless' | 'fastclick';
export const HOSTILE_KINDS: readonly HostileKind[] = ['hammer', 'rotate', 'datacentre', 'headless', 'fastclick'];

/** Data-centre addresses of the built-in list (AWS, Google Cloud, DigitalOcean, Hetzner). */
const DATACENTRE_PREFIXES = ['3.120', '35.190', '159.65', '88.99'];
const HAMMER_IP = '81.2.69.160';
const ROTATE_IP = '81.2.69.161';
const FASTCLICK_IP = '81.2.69.162';

/**
 * A hostile visitor for `--fraud`: one IP hammering with one agent, one IP
 * rotating its user agent, data-centre addresses, a headless browser, and a clicker that
 * clicks every ad at once. The server answers them all and records them as filtered.
 */
export function hostileVisitor(rng: Rng, kind: HostileKind = rng.pick(HOSTILE_KINDS)): Visitor {
  const base = { country: rng.weighted(COUNTRY_WEIGHTS), device: 1 as Device, os: 'Windows', browser: 'Chrome' };
  const chrome = (v: string) =>
    `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v} Safari/537.36`;
  switch (kind) {
    case 'hammer':
      return { ...base, hostile: kind, userAgent: chrome('138.0.0.0'), ip: HAMMER_IP, burst: 20 };
    case 'rotate':
      return {
        ...base,
        hostile: kind,
        userAgent: chrome(`${rng.int(100, 138)}.0.${rng.int(1000, 7000)}.${rng.int(0, 200)}`),
        ip: ROTATE_IP,
        burst: 5,
      };
    case 'datacentre':
      return {
        ...base,
        hostile: kind,
        userAgent: chrome('138.0.0.0'),
        ip: `${rng.pick(DATACENTRE_PREFIXES)}.${rng.int(0, 255)}.${rng.int(1, 254)}`,
        burst: 3,
      };
    case 'headless':
      return {
        ...base,
        hostile: kind,
        browser: 'Chrome Headless',
        userAgent:
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/138.0.0.0 Safari/537.36',
        ip: `${rng.pick(IP_FIRST_OCTETS)}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`,
        burst: 3,
      };
    default:
      return { ...base, hostile: 'fastclick', userAgent: chrome('138.0.0.0'), ip: FASTCLICK_IP, alwaysClicks: true };
  }
}

const DATACENTRES = loadDatacentreRanges(null);

const IP_FIRST_OCTETS = [23, 31, 45, 62, 77, 81, 89, 93, 102, 105, 138, 151, 176, 185, 188, 195, 203, 212];

export type VisitorGenerator = { next(): Visitor; rng: Rng };

export function createVisitorGenerator(seed: number): VisitorGenerator {
  const rng = createRng(seed);
  return {
    rng,
    next() {
      const country = rng.weighted(COUNTRY_WEIGHTS);
      const device: Device = rng.chance(MOBILE_SHARE) ? 2 : 1;
      const { userAgent } = rng.weighted(device === 2 ? MOBILE_AGENTS : DESKTOP_AGENTS);
      const { os, browser } = parseAgent(userAgent);
      // Honest visitors never come from a data centre (the delivery filter would drop them).
      let ip: string;
      do ip = `${rng.pick(IP_FIRST_OCTETS)}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`;
      while (DATACENTRES.has(ip));
      return { country, device, os, browser, userAgent, ip };
    },
  };
}

export const CTR_MIN = 0.001;
export const CTR_MAX = 0.01;

/**
 * The click-through rate of a campaign (or of any stable key, e.g. a creative in live mode):
 * between 0.1 % and 1 %, skewed low (mean about 0.4 %), the same on every run.
 */
export function ctrFor(key: number | string): number {
  const u = hash32(`ctr:${key}`) / 4294967296;
  return CTR_MIN + (CTR_MAX - CTR_MIN) * u * u;
}
