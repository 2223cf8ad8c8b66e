// npm run simulate: synthetic traffic for the demo world (live over HTTP, or a history backfill).
import { inArray } from 'drizzle-orm';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { users } from '../db/schema/users';
import { readHandoff } from '../operator/handoff';
import { DEMO_ACCOUNTS } from '../seed/demo';
import { DEMO_GOALS } from '../seed/demo-conversions';
import { runHistory } from './history';
import { discoverZones, type LiveStats, type LiveZone, runLive } from './live';

const HELP = `Traffic simulator

Live mode (default): synthetic visitors through the running server's real endpoints.
  npm run simulate -- [--url URL] [--rate 5] [--duration 60] [--zones ID,ID] [--seed N]
    --url URL         the server (default PUBLIC_URL: http://localhost:PORT unless set)
    --rate N          visitors per second (default 5); a visitor views one or two zones
    --duration S      seconds to run (default 60)
    --zones IDS       zone ids (16 hex) to visit; default: the demo publisher's Active zones of
                      approved websites, found by logging in over the API
    --email, --password   the publisher to find zones for (default: the demo publisher)
    --geo-header NAME the country header the server trusts (default GEO_HEADER, cf-ipcountry)
    --fraud           mix in hostile visitors (--fraud-share N, default 0.2): one IP hammering, user-agent
                      rotation, data-centre addresses, a headless browser, instant clicks on
                      every ad. The server answers them and reports them as filtered.
    --conversions N   share of clicks (0..1, default 0.1) that convert: the landing URL's click_id
                      parameter is reported through /pixel.gif for one of --goals (default the
                      demo goals signup,deposit); 0 sends none
  Run the server with TRUST_PROXY=1 for live mode: the simulator sends each visitor's address
  in X-Forwarded-For and its country in the geo header, which only a trusted proxy may set.
  Each visitor: GET /serve/{zone} with a real browser User-Agent and a country header; for
  0.1-1 % of the ads served, GET the clickUrl (the redirect is not followed). Prints
  impressions served, 204s (no ad), clicks and errors.

History mode: backfill days of traffic in-process through the delivery recorder.
  npm run simulate -- --history 90 [--per-day 2000] [--fund] [--raw-days N] [--all] [--diverse]
    --history N       days ending now (today up to now, and the N-1 days before)
    --per-day N       ad requests per day at the end of the period (default 2000)
    --fund            first deposit to each advertiser exactly what the history costs (dated
                      at its first day; each day's spend is then posted on that day)
                      (otherwise it spends their balance, and stops where it runs out)
    --raw-days N      raw events (Performance tab) for the last N days only (default: all
                      within EVENT_RETENTION_DAYS)
    --all             every approved website's Active zones and every running campaign
                      (default: the demo advertiser and the demo publisher)
    --diverse         a new visitor per request (a rollup row per impression; slower)
  It writes to DATABASE_URL (PostgreSQL) or to the embedded database in DATA_DIR. The
  embedded database has one owner: with PGlite it runs only while no server uses DATA_DIR
  (stop the server first). It adds to existing statistics; run it once per period.
`;

const { values } = parseArgs({
  options: {
    help: { type: 'boolean', short: 'h' },
    url: { type: 'string' },
    rate: { type: 'string' },
    duration: { type: 'string' },
    zones: { type: 'string' },
    seed: { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
    'geo-header': { type: 'string' },
    fraud: { type: 'boolean' },
    'fraud-share': { type: 'string' },
    conversions: { type: 'string' },
    goals: { type: 'string' },
    history: { type: 'string' },
    'per-day': { type: 'string' },
    fund: { type: 'boolean' },
    'raw-days': { type: 'string' },
    all: { type: 'boolean' },
    diverse: { type: 'boolean' },
  },
  allowPositionals: false,
});

if (values.help) {
  console.log(HELP);
  process.exit(0);
}

function number(name: string, value: string | undefined, fallback: number, min = 0): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min) {
    console.error(`--${name} must be a number ≥ ${min} (got ${value}). See --help.`);
    process.exit(2);
  }
  return n;
}

try {
  process.loadEnvFile();
} catch {
  // no .env: the environment alone configures the simulator
}
const config = loadConfig();
const seed = values.seed === undefined ? undefined : number('seed', values.seed, 1);

if (values.history !== undefined) {
  const days = number('history', values.history, 90, 1);
  if (config.isProduction) {
    console.error('Refusing to simulate history in production.');
    process.exit(1);
  }
  if (!config.databaseUrl && readHandoff(config)) {
    console.error(
      `A server is running on the embedded database in ${config.dataDir}. Stop it first ` +
        '(PGlite allows one process), or use PostgreSQL (DATABASE_URL).',
    );
    process.exit(1);
  }
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: `${config.dataDir}/db`,
    templateDir: config.pgliteTemplateDir,
  });
  try {
    let filter: { advertiserIds: number[]; publisherIds: number[] } | undefined;
    if (!values.all) {
      const rows = await database.db
        .select({ id: users.id, type: users.type })
        .from(users)
        .where(
          inArray(
            users.email,
            DEMO_ACCOUNTS.map((a) => a.email),
          ),
        );
      filter = {
        advertiserIds: rows.filter((r) => r.type === 1).map((r) => r.id),
        publisherIds: rows.filter((r) => r.type === 2).map((r) => r.id),
      };
      if (!filter.advertiserIds.length || !filter.publisherIds.length) {
        console.error('No demo world here (npm run seed:demo creates it); use --all for every account.');
        process.exit(1);
      }
    }
    const stamp = Date.now();
    const summary = await runHistory(
      { db: database.db, config },
      {
        days,
        seed,
        perDay: number('per-day', values['per-day'], 2000, 1),
        filter,
        segmented: !values.diverse,
        rawDays: values['raw-days'] === undefined ? undefined : number('raw-days', values['raw-days'], 0),
        fund: values.fund
          ? { description: 'Deposit for simulated traffic', idempotencyKey: (id) => `simulate-fund:${id}:${stamp}` }
          : undefined,
        onDay: (day, events) => process.stdout.write(`\r  ${day}: ${events} events   `),
      },
    );
    console.log(
      `\nHistory: ${summary.days} days, ${summary.impressions} impressions, ${summary.clicks} clicks, ` +
        `${summary.conversions ?? 0} conversions, €${(Number(summary.costMicros) / 1e6).toFixed(2)} cost, ` +
        `in ${(summary.ms / 1000).toFixed(1)} s`,
    );
  } finally {
    await database.close();
  }
  process.exit(0);
}

// Live mode.
const baseUrl = (values.url ?? config.publicUrl).replace(/\/$/, '');
const publisher = DEMO_ACCOUNTS.find((a) => a.type === 2);
let zones: LiveZone[];
if (values.zones) {
  zones = values.zones
    .split(',')
    .map((z) => z.trim())
    .filter(Boolean)
    .map((unique) => ({ unique, format: null, size: null }));
} else {
  try {
    zones = await discoverZones(baseUrl, {
      email: values.email ?? publisher?.email ?? '',
      password: values.password ?? publisher?.password ?? '',
    });
  } catch (error) {
    console.error(`Could not find zones through ${baseUrl}/api: ${(error as Error).message}`);
    console.error('Is the server running (npm start)? Or give --zones.');
    process.exit(1);
  }
}
if (zones.length === 0) {
  console.error('No Active zones of approved websites to send traffic to.');
  process.exit(1);
}
const rate = number('rate', values.rate, 5);
const duration = number('duration', values.duration, 60);
console.log(`Sending ${rate} visitors/s for ${duration} s to ${zones.length} zones at ${baseUrl} (Ctrl-C stops)`);
const abort = new AbortController();
process.on('SIGINT', () => abort.abort());
const line = (s: LiveStats) =>
  `visitors ${s.visitors} (hostile ${s.hostile})  requests ${s.requests}  served ${s.served}  no ad (204) ${s.noAd}  clicks ${s.clicks}  conversions ${s.conversions}  errors ${s.errors}`;
let last = 0;
const stats = await runLive({
  baseUrl,
  geoHeader: values['geo-header']?.toLowerCase() ?? config.delivery.geo.header,
  zones,
  rate,
  duration,
  seed,
  fraud: values.fraud || values['fraud-share'] !== undefined ? number('fraud-share', values['fraud-share'], 0.2) : 0,
  conversion: {
    share: Math.min(1, number('conversions', values.conversions, 0.1)),
    goals: (values.goals ?? DEMO_GOALS.map((g) => g.name).join(','))
      .split(',')
      .map((g) => g.trim())
      .filter(Boolean),
  },
  signal: abort.signal,
  onProgress: (s) => {
    if (Date.now() - last < 5000) return;
    last = Date.now();
    process.stdout.write(`\r  ${line(s)}`);
  },
});
console.log(
  `\nImpressions served: ${stats.served}, no ad (204): ${stats.noAd}, clicks: ${stats.clicks}, errors: ${stats.errors}`,
);
console.log(line(stats));
process.exit(stats.errors > 0 && stats.served === 0 ? 1 : 0);
