import { hash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import path from 'node:path';
import { FilterReason } from '@cryptads/contract/delivery';
import type { Agent } from '../../adapters/geo/geo';
import type { Config } from '../../config';
import { LruCounters } from '../../lib/lru-counters';

/**
 * The invalid-traffic filter of /serve and /click (docs/decisions/019-invalid-traffic.md), in
 * the spirit of the MRC/IAB general invalid traffic rules. Pure and in memory: every method
 * takes "now" (ms), so tests drive the clock. It names the first rule a request breaks, or
 * nothing; the endpoints still answer (a bot learns nothing) and record the event with
 * that reason, never billed.
 */

export type IvtConfig = Config['delivery']['ivt'];

export type Headers = Record<string, string | string[] | undefined>;

/** What a rule may look at in a request. */
export type RequestFacts = {
  ip: string;
  userAgent: string;
  headers: Headers;
  /** The request reached us over https (directly or through a trusted proxy). */
  secure: boolean;
  /** isbot (or an empty user agent) said so. */
  bot: boolean;
  /** The user agent parsed, when the caller has it (./request-facts.ts): not parsed again. */
  agent?: Agent;
};

const MINUTE = 60_000;
const HOUR = 3_600_000;
/** Keys per counter (visitors, IPs, zones): about 1 KB each over all counters. */
const MAX_KEYS = 200_000;

/**
 * Counts per key over a sliding window of `buckets` slices (a slice ages out whole: the
 * window is exact to one slice). `hit` adds one and answers the count in the window.
 */
export class WindowCounter {
  private readonly slice: number;
  /**
   * Most keys kept: beyond, the least recently counted key is forgotten (memory stays bounded
   * under a flood of addresses, and an address that keeps coming keeps its count). A key
   * unseen for a whole window has nothing left in it: it expires then.
   */
  private readonly state: LruCounters<{ last: number; counts: number[] }>;

  constructor(
    windowMs: number,
    private readonly buckets: number,
    maxKeys = MAX_KEYS,
  ) {
    this.slice = Math.max(1, Math.floor(windowMs / buckets));
    this.state = new LruCounters(maxKeys, windowMs, { touch: true });
  }

  private advance(key: string, now: number) {
    const b = Math.floor(now / this.slice);
    let s = this.state.get(key, now);
    if (!s) {
      s = { last: b, counts: new Array<number>(this.buckets).fill(0) };
      this.state.set(key, s, now);
    } else if (b > s.last) {
      const gap = Math.min(b - s.last, this.buckets);
      for (let i = 1; i <= gap; i++) s.counts[(s.last + i) % this.buckets] = 0;
      s.last = b;
    }
    return s;
  }

  hit(key: string, now: number): number {
    const s = this.advance(key, now);
    s.counts[s.last % this.buckets] = (s.counts[s.last % this.buckets] ?? 0) + 1;
    return s.counts.reduce((a, c) => a + c, 0);
  }

  /** `hit`, then `split`: one look-up of the key instead of two. */
  hitSplit(key: string, now: number): { current: number; before: number } {
    const s = this.advance(key, now);
    const i = s.last % this.buckets;
    s.counts[i] = (s.counts[i] ?? 0) + 1;
    const current = s.counts[i] ?? 0;
    return { current, before: s.counts.reduce((a, c) => a + c, 0) - current };
  }

  /** The count in the current slice and the sum of the other slices of the window. */
  split(key: string, now: number): { current: number; before: number } {
    const s = this.advance(key, now);
    const current = s.counts[s.last % this.buckets] ?? 0;
    return { current, before: s.counts.reduce((a, c) => a + c, 0) - current };
  }

  prune(now: number) {
    this.state.purge(now);
  }

  get size() {
    return this.state.size;
  }
}

/** Data-centre address blocks: the built-in list (./datacentre-ranges.txt) plus an optional file. */
export class CidrList {
  private readonly list = new BlockList();
  count = 0;

  add(text: string) {
    for (const raw of text.split('\n')) {
      const line = raw.replace(/#.*/, '').trim();
      if (!line) continue;
      const [net, bits] = line.split('/');
      const prefix = Number(bits);
      if (!net || !Number.isInteger(prefix)) throw new Error(`not a CIDR range: ${line}`);
      if (isIPv4(net) && prefix >= 0 && prefix <= 32) this.list.addSubnet(net, prefix, 'ipv4');
      else if (isIPv6(net) && prefix >= 0 && prefix <= 128) this.list.addSubnet(net, prefix, 'ipv6');
      else throw new Error(`not a CIDR range: ${line}`);
      this.count++;
    }
    return this;
  }

  has(ip: string): boolean {
    const v4 = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
    if (isIPv4(v4)) return this.list.check(v4, 'ipv4');
    if (isIPv6(v4)) return this.list.check(v4, 'ipv6');
    return false;
  }
}

export const BUILTIN_DATACENTRE_FILE = path.join(import.meta.dirname, 'datacentre-ranges.txt');

export function loadDatacentreRanges(extraFile: string | null): CidrList {
  const list = new CidrList().add(readFileSync(BUILTIN_DATACENTRE_FILE, 'utf8'));
  if (extraFile) list.add(readFileSync(extraFile, 'utf8'));
  return list;
}

/**
 * Automation that isbot (declared crawlers, libraries) may miss: headless and driven browsers
 * and the usual HTTP clients.
 */
const AUTOMATION =
  /headless|phantomjs|puppeteer|playwright|selenium|webdriver|electron\/|slimerjs|curl\/|wget\/|python-|aiohttp|httpx|go-http-client|node-fetch|undici|axios\/|okhttp|java\/|libwww|scrapy|httpclient/i;

export const isAutomated = (f: Pick<RequestFacts, 'userAgent' | 'bot'>) => f.bot || AUTOMATION.test(f.userAgent);

const header = (h: Headers, name: string): string => {
  const v = h[name];
  return (Array.isArray(v) ? v[0] : v) ?? '';
};

/**
 * Headers no real browser sends this way. Conservative: every browser sends Accept and
 * Accept-Language with a fetch or a navigation; Chromium browsers (Chrome, Edge, Opera, not
 * on iOS) send sec-ch-ua to https origins.
 */
export function badHeaders(f: Pick<RequestFacts, 'userAgent' | 'headers' | 'secure'>): boolean {
  if (!header(f.headers, 'accept')) return true;
  if (!header(f.headers, 'accept-language')) return true;
  if (f.secure && /Chrome\/\d/.test(f.userAgent) && !/CriOS|EdgiOS|FxiOS/.test(f.userAgent)) {
    const major = Number(/Chrome\/(\d+)/.exec(f.userAgent)?.[1] ?? 0);
    if (major >= 90 && !header(f.headers, 'sec-ch-ua')) return true;
  }
  return false;
}

const hashOf = (s: string) => hash('sha256', s, 'base64url').slice(0, 16);

/**
 * A user agent's hash (agentsOf), remembered: an ad request's agent is almost always one seen
 * a moment ago, and hashing it again was a tenth of the filter's time. Bounded as geo's agent
 * cache: emptied when full.
 */
const agentHashes = new Map<string, string>();
const AGENT_HASHES_MAX = 5000;
function agentHash(userAgent: string): string {
  let h = agentHashes.get(userAgent);
  if (h === undefined) {
    h = hashOf(userAgent);
    if (agentHashes.size >= AGENT_HASHES_MAX) agentHashes.clear();
    agentHashes.set(userAgent, h);
  }
  return h;
}

type Issued = { at: number; reason: FilterReason | undefined };

export class InvalidTraffic {
  private readonly visitorMinute: WindowCounter;
  private readonly visitorHour: WindowCounter;
  private readonly ipMinute: WindowCounter;
  private readonly ipHour: WindowCounter;
  private readonly ipClicks: WindowCounter;
  /** View reports per IP per minute (docs/decisions/061-viewable-impressions.md). */
  private readonly ipViews: WindowCounter;
  /** Requests per zone per minute over the last hour: the zone's baseline. */
  private readonly zoneMinutes: WindowCounter;
  /** Per IP: user agent hash → last seen (ms); the least recently seen IPs go when full. */
  private readonly agents: LruCounters<Map<string, number>>;
  /** Impressions this process issued, for the click checks: id → time and its own reason. */
  private readonly issued = new Map<string, Issued>();
  private lastPrune = 0;
  /** The endpoints' clock (tests move it). */
  now: () => number = Date.now;

  constructor(
    readonly config: IvtConfig,
    private readonly datacentres: CidrList,
    private readonly opts: { issuedTtlMs: number; maxIssued?: number; maxKeys?: number } = { issuedTtlMs: 24 * HOUR },
  ) {
    const maxKeys = opts.maxKeys ?? MAX_KEYS;
    this.visitorMinute = new WindowCounter(MINUTE, 6, maxKeys);
    this.visitorHour = new WindowCounter(HOUR, 12, maxKeys);
    this.ipMinute = new WindowCounter(MINUTE, 6, maxKeys);
    this.ipHour = new WindowCounter(HOUR, 12, maxKeys);
    this.ipClicks = new WindowCounter(HOUR, 12, maxKeys);
    this.ipViews = new WindowCounter(MINUTE, 6, maxKeys);
    this.zoneMinutes = new WindowCounter(HOUR, 60, maxKeys);
    this.agents = new LruCounters(maxKeys, HOUR, { touch: true });
  }

  /** The rule an ad request breaks, if any. Counts the request toward every rate. */
  serve(f: RequestFacts & { zoneId: number }, now: number): FilterReason | undefined {
    if (!this.config.enabled) return undefined;
    this.maybePrune(now);
    // Every request counts toward the rates, the filtered ones too.
    const visitor = `${f.ip}\n${f.userAgent}`;
    const vMin = this.visitorMinute.hit(visitor, now);
    const vHour = this.visitorHour.hit(visitor, now);
    const ipMin = this.ipMinute.hit(f.ip, now);
    const ipHour = this.ipHour.hit(f.ip, now);
    const agents = this.agentsOf(f.ip, f.userAgent, now);
    const zone = this.zone(f.zoneId, now);
    const common = this.common(f);
    if (common) return common;
    if (vMin > this.config.visitorPerMinute || vHour > this.config.visitorPerHour) return FilterReason.VisitorRate;
    if (ipMin > this.config.ipPerMinute || ipHour > this.config.ipPerHour || agents > this.config.ipMaxAgents)
      return FilterReason.IpRate;
    if (zone) return FilterReason.ZoneAnomaly;
    return undefined;
  }

  /** Remembers an impression this process issued (and the reason it was filtered, if it was). */
  issue(impressionId: string, reason: FilterReason | undefined, now: number) {
    const max = this.opts.maxIssued ?? 200_000;
    if (this.issued.size >= max) this.pruneIssued(now, true);
    this.issued.set(impressionId, { at: now, reason });
  }

  /** Did this process issue the impression (within the click TTL)? */
  issuedAt(impressionId: string): Issued | undefined {
    return this.issued.get(impressionId);
  }

  /**
   * The rule a click breaks, if any. `impression` is what this process remembers of it, or
   * what the database knows ({ at } of the stored impression), or undefined: nobody saw it.
   * `repeated`: this impression was clicked before.
   */
  click(
    f: RequestFacts,
    c: { repeated: boolean; impression: { at: number; reason?: FilterReason } | undefined },
    now: number,
  ): FilterReason | undefined {
    if (!this.config.enabled) return c.repeated ? FilterReason.RepeatedClick : undefined;
    this.maybePrune(now);
    const clicks = this.ipClicks.hit(f.ip, now);
    const common = this.common(f);
    if (common) return common;
    if (c.repeated) return FilterReason.RepeatedClick;
    if (!c.impression) return FilterReason.ClickWithoutImpression;
    if (now - c.impression.at < this.config.minClickMs) return FilterReason.ClickTooFast;
    if (c.impression.reason) return c.impression.reason;
    if (clicks > this.config.ipClicksPerHour) return FilterReason.IpRate;
    return undefined;
  }

  /**
   * The rule a view report breaks, if any (such a report is answered and counts nothing): the
   * request's own rules, and more reports from one address in a minute than two per impression
   * it may be served (measured, then viewable).
   */
  view(f: RequestFacts, now: number): FilterReason | undefined {
    if (!this.config.enabled) return undefined;
    this.maybePrune(now);
    const views = this.ipViews.hit(f.ip, now);
    const common = this.common(f);
    if (common) return common;
    if (views > 2 * this.config.ipPerMinute) return FilterReason.IpRate;
    return undefined;
  }

  /** Rules of the request itself, for impressions, clicks and view reports alike. */
  private common(f: RequestFacts): FilterReason | undefined {
    if (isAutomated(f)) return FilterReason.Crawler;
    if (this.datacentres.has(f.ip)) return FilterReason.DataCentre;
    if (badHeaders(f)) return FilterReason.BadHeaders;
    return undefined;
  }

  /** Distinct user agents the IP presented within the hour (this one included). */
  private agentsOf(ip: string, userAgent: string, now: number): number {
    let seen = this.agents.get(ip, now);
    if (!seen) {
      seen = new Map();
      this.agents.set(ip, seen, now);
    }
    const ua = agentHash(userAgent);
    seen.delete(ua);
    seen.set(ua, now); // insertion order = last seen order
    if (seen.size > this.config.ipMaxAgents)
      for (const [k, at] of seen) {
        if (at > now - HOUR) break;
        seen.delete(k);
      }
    return seen.size;
  }

  /** This request breaks the zone's baseline: this minute > factor × trailing average and > floor. */
  private zone(zoneId: number, now: number): boolean {
    const { current, before } = this.zoneMinutes.hitSplit(String(zoneId), now);
    const average = before / 59;
    return current > this.config.zoneSpikeFloor && current > this.config.zoneSpikeFactor * average;
  }

  private maybePrune(now: number) {
    if (now - this.lastPrune < MINUTE) return;
    this.lastPrune = now;
    for (const c of [
      this.visitorMinute,
      this.visitorHour,
      this.ipMinute,
      this.ipHour,
      this.ipClicks,
      this.ipViews,
      this.zoneMinutes,
    ])
      c.prune(now);
    this.agents.purge(now);
    for (const [ip, seen] of this.agents.entries(now)) {
      for (const [k, at] of seen) {
        if (at > now - HOUR) break;
        seen.delete(k);
      }
      if (!seen.size) this.agents.delete(ip);
    }
    this.pruneIssued(now, false);
  }

  private pruneIssued(now: number, full: boolean) {
    for (const [k, v] of this.issued) {
      if (v.at > now - this.opts.issuedTtlMs) break; // insertion order = time order
      this.issued.delete(k);
    }
    // Still full (a flood within the TTL): forget the oldest tenth; their clicks go to the database check.
    if (full && this.issued.size >= (this.opts.maxIssued ?? 200_000)) {
      let drop = Math.ceil(this.issued.size / 10);
      for (const k of this.issued.keys()) {
        if (drop-- <= 0) break;
        this.issued.delete(k);
      }
    }
  }
}

export function createInvalidTraffic(config: Pick<Config, 'delivery'>): InvalidTraffic {
  const { ivt, clickTtlHours } = config.delivery;
  return new InvalidTraffic(ivt, loadDatacentreRanges(ivt.datacentreFile), { issuedTtlMs: clickTtlHours * HOUR });
}
