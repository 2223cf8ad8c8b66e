import { AdFormat } from '@cryptads/contract/campaigns';
import { SESSION_COOKIE } from '@cryptads/contract/session';
import { createRng, type Rng } from './random';
import { createVisitorGenerator, ctrFor, hostileVisitor, type Visitor } from './visitors';

/**
 * Live mode: synthetic visitors through the REAL delivery endpoints over HTTP. Each visitor
 * views a page with one or two of the publisher's zones: GET /serve/{zone} with its
 * User-Agent, its country in the trusted geo header and its address in X-Forwarded-For; for
 * a CTR share of the served ads it follows the answer's clickUrl (GET /click/{token}) without
 * following the redirect to the landing page.
 */

export type LiveZone = {
  unique: string;
  /** Ad format (docs/product/campaigns.md#data); null when unknown (zones given with --zones). */
  format: number | null;
  size: string | null;
};

export type LiveStats = {
  visitors: number;
  /** GET /serve calls made. */
  requests: number;
  /** Answers with an ad (200). */
  served: number;
  /** Answers without an ad (204). */
  noAd: number;
  /** Click redirects answered (3xx). */
  clicks: number;
  /** Anything else: network errors, 4xx/5xx, unreadable answers. */
  errors: number;
  /** --fraud: hostile visitors sent (their traffic is answered and recorded as filtered). */
  hostile: number;
  /** Conversions reported through /pixel.gif (whatever the server decided: the pixel never says). */
  conversions: number;
};

export const emptyStats = (): LiveStats => ({
  visitors: 0,
  requests: 0,
  served: 0,
  noAd: 0,
  clicks: 0,
  errors: 0,
  hostile: 0,
  conversions: 0,
});

/** The query an ad code sends for a zone of this format (docs/decisions/004-ad-codes.md). */
export function serveQuery(zone: LiveZone): string {
  const q = new URLSearchParams();
  switch (zone.format) {
    case AdFormat.Banner:
    case AdFormat.FloatingBanner:
    case AdFormat.HeaderBanner:
      q.set('format', 'banner');
      if (zone.size) q.set('size', zone.size);
      break;
    case AdFormat.StickyBanner:
      q.set('format', 'sticky');
      break;
    case AdFormat.Native:
      q.set('format', 'native');
      q.set('variant', 'widget');
      break;
    case AdFormat.Popunder:
      q.set('format', 'popunder');
      break;
    case AdFormat.NativeApp:
      q.set('format', 'json');
      break;
    default:
      break;
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

export type VisitOptions = {
  baseUrl: string;
  /** The header the server's geo adapter trusts (GEO_HEADER, default cf-ipcountry). */
  geoHeader: string;
  signal?: AbortSignal;
  /** Per-request deadline (ms). */
  timeoutMs?: number;
  /**
   * How long a person looks at an ad before clicking it (ms, [min, max], uniform). Default
   * 1.5-6 s: faster clicks are filtered as no person's (IVT_MIN_CLICK_MS).
   */
  clickDelayMs?: readonly [number, number];
  /**
   * A `share` of the visitors who click (0..1) then convert on the landing page: its pixel
   * (GET /pixel.gif) reports the landing URL's `click_id` parameter for one of `goals`. None
   * when absent, or when the landing URL carries no click id. `delayMs` ([min, max], default
   * 3-15 s) is the time on the landing page before converting: longer than the recorder's flush,
   * so the click is recorded when its conversion comes.
   */
  conversion?: { share: number; goals: readonly string[]; delayMs?: readonly [number, number] };
};

/** The Accept-Language a browser of this country sends (a few languages; English otherwise). */
const LANGUAGES: Record<string, string> = {
  DE: 'de',
  FR: 'fr',
  ES: 'es',
  IT: 'it',
  BR: 'pt',
  JP: 'ja',
  NL: 'nl',
  PL: 'pl',
  TR: 'tr',
  KR: 'ko',
  MX: 'es',
  AR: 'es',
};
const acceptLanguage = (country: string) => {
  const lang = LANGUAGES[country];
  return lang ? `${lang}-${country},${lang};q=0.9,en;q=0.8` : `en-${country},en;q=0.9`;
};

function headersOf(visitor: Visitor, geoHeader: string, referer?: string): Record<string, string> {
  return {
    'user-agent': visitor.userAgent,
    [geoHeader]: visitor.country,
    'x-forwarded-for': visitor.ip,
    accept: '*/*',
    'accept-language': acceptLanguage(visitor.country),
    ...(referer ? { referer } : {}),
  };
}

/** Waits `ms`, or less when the signal aborts. */
function pause(ms: number, signal?: AbortSignal) {
  if (ms <= 0) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

function withDeadline(signal: AbortSignal | undefined, ms: number): AbortSignal {
  const deadline = AbortSignal.timeout(ms);
  return signal ? AbortSignal.any([signal, deadline]) : deadline;
}

/**
 * The click link on the server we talk to: the answer's link is built from PUBLIC_URL, which
 * may name the same server differently (a proxy's host, localhost vs 127.0.0.1).
 */
function onServer(clickUrl: string, baseUrl: string): string {
  const url = new URL(clickUrl, baseUrl);
  return `${baseUrl}${url.pathname}${url.search}`;
}

/** One ad request (and maybe its click); adds to `stats`, never throws. */
export async function visitZone(
  zone: LiveZone,
  visitor: Visitor,
  rng: Rng,
  stats: LiveStats,
  opts: VisitOptions,
): Promise<void> {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  stats.requests++;
  let answer: { clickUrl?: unknown; image?: unknown; title?: unknown };
  try {
    const res = await fetch(`${opts.baseUrl}/serve/${encodeURIComponent(zone.unique)}${serveQuery(zone)}`, {
      headers: headersOf(visitor, opts.geoHeader),
      signal: withDeadline(opts.signal, timeoutMs),
    });
    if (res.status === 204) {
      stats.noAd++;
      await res.body?.cancel();
      return;
    }
    if (res.status !== 200) {
      stats.errors++;
      await res.body?.cancel();
      return;
    }
    answer = (await res.json()) as typeof answer;
  } catch {
    stats.errors++;
    return;
  }
  if (typeof answer.clickUrl !== 'string') {
    stats.errors++;
    return;
  }
  stats.served++;
  // The same creative gets the same CTR on every run.
  const key =
    typeof answer.image === 'string' ? answer.image : typeof answer.title === 'string' ? answer.title : zone.unique;
  if (!visitor.alwaysClicks && !rng.chance(ctrFor(key))) return;
  const [min, max] = visitor.alwaysClicks ? [0, 0] : (opts.clickDelayMs ?? [1500, 6000]);
  await pause(min + Math.floor(rng.next() * (max - min)), opts.signal);
  if (opts.signal?.aborted) return;
  try {
    const click = await fetch(onServer(answer.clickUrl, opts.baseUrl), {
      headers: headersOf(visitor, opts.geoHeader),
      redirect: 'manual',
      signal: withDeadline(opts.signal, timeoutMs),
    });
    await click.body?.cancel();
    if (click.status >= 300 && click.status < 400) {
      stats.clicks++;
      await convert(click.headers.get('location'), visitor, rng, stats, opts);
    } else stats.errors++;
  } catch {
    stats.errors++;
  }
}

/** The landing page's pixel, for a share of the clicks whose landing URL carries `click_id`. */
async function convert(location: string | null, visitor: Visitor, rng: Rng, stats: LiveStats, opts: VisitOptions) {
  const c = opts.conversion;
  if (!c || !location || c.goals.length === 0 || !rng.chance(c.share)) return;
  let clickId: string | null = null;
  try {
    clickId = new URL(location).searchParams.get('click_id');
  } catch {
    return;
  }
  if (!clickId) return;
  const [min, max] = c.delayMs ?? [3000, 15_000];
  await pause(min + Math.floor(rng.next() * (max - min)), opts.signal);
  if (opts.signal?.aborted) return;
  const q = new URLSearchParams({ click_id: clickId, goal: rng.pick(c.goals) });
  try {
    const res = await fetch(`${opts.baseUrl}/pixel.gif?${q.toString()}`, {
      headers: headersOf(visitor, opts.geoHeader, location),
      signal: withDeadline(opts.signal, opts.timeoutMs ?? 10_000),
    });
    await res.body?.cancel();
    if (res.ok) stats.conversions++;
    else stats.errors++;
  } catch {
    stats.errors++;
  }
}

/** One page view: one zone, sometimes a second one of the same list. */
export async function visitPage(
  zones: readonly LiveZone[],
  visitor: Visitor,
  rng: Rng,
  stats: LiveStats,
  opts: VisitOptions,
): Promise<void> {
  if (zones.length === 0) return;
  stats.visitors++;
  if (visitor.burst) {
    stats.hostile++;
    const zone = rng.pick(zones);
    for (let i = 0; i < visitor.burst && !opts.signal?.aborted; i++) await visitZone(zone, visitor, rng, stats, opts);
    return;
  }
  if (visitor.hostile) stats.hostile++;
  const first = rng.pick(zones);
  const page = [first];
  if (zones.length > 1 && rng.chance(0.3)) {
    const second = rng.pick(zones);
    if (second !== first) page.push(second);
  }
  await Promise.all(page.map((zone) => visitZone(zone, visitor, rng, stats, opts)));
}

type ApiEnvelope<T> = { code: number; response: T; reason: string | null };

/**
 * The publisher's Active zones of approved websites, found through the API as the dashboard
 * does: POST /api/login, GET /api/websites, GET /api/websites/{id}.
 */
export async function discoverZones(
  baseUrl: string,
  credentials: { email: string; password: string },
): Promise<LiveZone[]> {
  // The login's session arrives in its Set-Cookie (docs/decisions/034); sent back as a bearer.
  let sessionCookie: string | null = null;
  const call = async <T>(method: string, path: string, token?: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const envelope = (await res.json().catch(() => null)) as ApiEnvelope<T> | null;
    if (!res.ok || !envelope || envelope.code !== 200)
      throw new Error(`${method} /api${path} answered ${res.status}: ${envelope?.reason ?? 'no envelope'}`);
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      if (pair.startsWith(`${SESSION_COOKIE}=`))
        sessionCookie = decodeURIComponent(pair.slice(SESSION_COOKIE.length + 1));
    }
    return envelope.response;
  };
  const login = await call<{ userType: number }>('POST', '/login', undefined, { ...credentials, captcha: 'none' });
  if (login.userType !== 2) throw new Error(`${credentials.email} is not a publisher account`);
  if (!sessionCookie) throw new Error('the login answered no session cookie');
  const token: string = sessionCookie;
  const sites = await call<{ id: number; status: number }[]>('GET', '/websites', token);
  const zones: LiveZone[] = [];
  for (const site of sites) {
    if (site.status !== 1) continue;
    const detail = await call<{
      zones: { unique: string; type: number; size: string | null; status: number; snippets: unknown[] }[];
    }>('GET', `/websites/${site.id}`, token);
    for (const z of detail.zones)
      if (z.status === 1 && z.snippets.length > 0) zones.push({ unique: z.unique, format: z.type, size: z.size });
  }
  return zones;
}

export type LiveOptions = VisitOptions & {
  zones: readonly LiveZone[];
  /** Visitors per second. */
  rate: number;
  /** Seconds. */
  duration: number;
  seed?: number;
  /** Most requests in flight at once. */
  maxInFlight?: number;
  /** Called every second with the running totals. */
  onProgress?: (stats: LiveStats) => void;
  /** Share of hostile visitors (--fraud), 0..1; default none. */
  fraud?: number;
};

/** Sends `rate` visitors per second for `duration` seconds; answers the totals. */
export async function runLive(opts: LiveOptions): Promise<LiveStats> {
  const stats = emptyStats();
  if (opts.zones.length === 0 || opts.rate <= 0 || opts.duration <= 0) return stats;
  const seed = opts.seed ?? Date.now();
  const rng = createRng(seed);
  const visitors = createVisitorGenerator(seed ^ 0x1f2e3d);
  const interval = 1000 / opts.rate;
  const total = Math.max(1, Math.round(opts.rate * opts.duration));
  const maxInFlight = opts.maxInFlight ?? 64;
  const inFlight = new Set<Promise<void>>();
  const started = Date.now();
  let lastProgress = started;
  for (let i = 0; i < total; i++) {
    if (opts.signal?.aborted) break;
    const due = started + i * interval;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    while (inFlight.size >= maxInFlight) await Promise.race(inFlight);
    const visitor = opts.fraud && rng.chance(opts.fraud) ? hostileVisitor(rng) : visitors.next();
    const p = visitPage(opts.zones, visitor, rng, stats, opts).finally(() => inFlight.delete(p));
    inFlight.add(p);
    if (opts.onProgress && Date.now() - lastProgress >= 1000) {
      lastProgress = Date.now();
      opts.onProgress(stats);
    }
  }
  await Promise.all(inFlight);
  return stats;
}
