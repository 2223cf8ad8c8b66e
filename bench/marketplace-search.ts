// Marketplace search benchmark: filtered searches, full-text and trigram queries and the
// instant search through app.inject over 100,000 listings, on PostgreSQL and on the embedded
// PGlite, beside baselines measured in the same run (a hello-world Fastify route through
// inject, and `select 1` on the app's own database). Goal: p95 < 50 ms.
//
//   node --import tsx bench/marketplace-search.ts       # npm run bench:marketplace
//   BENCH_LISTINGS=100000                               # listings inserted
//   BENCH_RUNS=200                                      # calls per measure (after 10 warm-up ones)
//   BENCH_TARGET=all|postgres|pglite
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres   (TEST_DATABASE_URL works too; a
//   bench_marketplace database is created there and dropped at the end)
//
// Listings are generated with generate_series (titles: one of 400 brands, a topic and a format, a description with a
// few topic words, 2,000 websites, 12 languages, prices 20-5,000 € with discounts on a fifth,
// article attributes on the article categories, 2 % pending), with the migrations' indexes in
// place, then ANALYZE. 20,000 finished order items give the cards their completion rates.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { users } from '../apps/server/src/db/schema/users';
import { createSession } from '../apps/server/src/modules/sessions/sessions.service';

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const TARGET = process.env.BENCH_TARGET ?? 'all';
const pgBase =
  process.env.BENCH_PG_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'bench_marketplace';

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

type Stat = { name: string; p50: number; p95: number; mean: number };
const ratio = (x: number) => `${x.toFixed(x < 10 ? 1 : 0)}×`;

async function measure(name: string, call: (i: number) => Promise<void>, runs = RUNS): Promise<Stat> {
  for (let i = 0; i < 10; i++) await call(i);
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await call(i);
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.ceil(q * ms.length) - 1)] ?? 0;
  const s = { name, p50: at(0.5), p95: at(0.95), mean: ms.reduce((a, b) => a + b, 0) / ms.length };
  console.log(`  ${name.padEnd(58)} p50 ${s.p50.toFixed(2).padStart(7)} ms  p95 ${s.p95.toFixed(2).padStart(7)} ms`);
  return s;
}

const FILL = (from: number, to: number) =>
  sql.raw(`
insert into listings ("unique", owner_id, title, category, niches, language, website, image, price_micros,
  discount, sticky, featured, status, description, attributes, turnaround_days, trending, created_at)
select
  'bench' || lpad(g::text, 7, '0'),
  null,
  (array['Coin','Block','Chain','Crypto','Satoshi','Token','Ledger','Hash','Defi','Bit','Ether','Alt','Nft','Web3','Yield','Stake','Mint','Node','Fork','Gas'])[1 + (g * 7) % 20]
    || (array['telegraph','desk','gazette','beat','wire','watch','daily','insider','pulse','times','journal','post','herald','review','digest','report','mag','news','world','radar'])[1 + (g / 20) % 20]
    || ' ' || (array['Bitcoin','Ethereum','DeFi','Crypto','Blockchain','Finance','Trading','NFT','Web3','Altcoin','Stablecoin','Markets'])[1 + (g * 13) % 12]
    || ' ' || (array['Press Release','Sponsored Article','Organic Article','Homepage Takeover','YouTube Integration','Telegram Post','Sidebar Button','728x90 Banner','Newsletter Sponsorship','Text Link'])[1 + g % 10],
  g % 10,
  case g % 3 when 0 then array['Finance'] when 1 then array['Blockchain & Crypto'] else array['Gambling', 'Blockchain & Crypto'] end,
  (array['English','English','English','German','French','Spanish','Italian','Portuguese','Russian','Turkish','Japanese','Korean'])[1 + (g * 5) % 12],
  'site' || ((g * 17) % 2000) || '.example',
  'bench-image-000000000000000000000000000000.png',
  (20 + ((g::bigint * 7919) % 4981)) * 1000000,
  case when g % 5 = 0 then (g % 7) * 5 else 0 end,
  g % 5000 = 0,
  case when g % 50 = 0 then g % 5 else 0 end,
  case when g % 50 = 7 then 0 else 1 end,
  '<p>Reach <strong>' || (array['retail','institutional','professional','young','active'])[1 + g % 5] || '</strong> readers interested in '
    || (array['staking','mining','trading','payments','lending','derivatives','gaming','regulation'])[1 + (g * 3) % 8] || ' and '
    || (array['wallets','exchanges','tokens','markets','security','taxes'])[1 + (g * 5) % 6] || '.</p><ul><li>Permanent placement</li><li>Shared on social media</li></ul>',
  jsonb_build_object('Gambling Allowed', case when g % 2 = 0 then 'Yes' else 'No' end, 'Language', 'English')
    || case when g % 10 < 3 then jsonb_build_object('Dofollow Links Allowed', case when g % 4 = 0 then 'Yes' else 'No' end,
         'Indexed Article', case when g % 3 = 0 then 'No' else 'Yes' end) else '{}'::jsonb end,
  1 + g % 14,
  ((g::bigint * 2654435761) % 100000) / 100.0,
  now() - ((g * 37) % 365) * interval '1 day' - (g % 1440) * interval '1 minute'
from generate_series(${from}, ${to}) g`);

async function fill(database: Database) {
  const db = database.db;
  const t = performance.now();
  for (let from = 0; from < LISTINGS; from += 25_000) {
    await db.execute(FILL(from + 1, Math.min(LISTINGS, from + 25_000)));
  }
  const [buyer] = await db
    .insert(users)
    .values({
      email: 'bench-buyer@bench.example',
      passwordHash: '!',
      firstName: 'Bench',
      lastName: 'Buyer',
      type: 1,
      com: 'benchmkt',
    })
    .returning();
  if (!buyer) throw new Error('no buyer');
  await db.execute(sql`insert into marketplace_orders ("unique", buyer_id, email, total_micros, status)
    values ('bench-order', ${buyer.id}, 'bench-buyer@bench.example', 1000000, 1)`);
  await db.execute(
    sql.raw(`insert into marketplace_order_items (order_id, listing_id, price_micros, state)
    select (select id from marketplace_orders where "unique" = 'bench-order'), 1 + (g * 31) % ${LISTINGS}, 1000000,
      (array['completed','completed','completed','denied','expired'])[1 + g % 5]
    from generate_series(1, 20000) g`),
  );
  await db.execute(
    sql.raw(`insert into marketplace_searches (user_id, query, results, created_at)
    select ${buyer.id}, (array['bitcoin','press release','defi news','banner','staking','newsletter','nft','ethereum daily','web3','telegram'])[1 + g % 10],
      10, now() - (g % 40) * interval '1 day' from generate_series(1, 5000) g`),
  );
  // Autovacuum would have run on a live database: the visibility map lets counts skip the heap.
  await db.execute(sql`vacuum analyze`);
  const { token } = await createSession(db, {
    userId: buyer.id,
    scope: 'full',
    rememberMe: true,
    meta: { ip: '127.0.0.1', userAgent: 'bench' },
  });
  return { token, ms: performance.now() - t };
}

const SEARCHES: [string, (i: number) => Record<string, unknown>][] = [
  ['default (trending), page 1', () => ({})],
  ['trending, page 2..40', (i) => ({ page: 2 + (i % 39) })],
  ['categories [1,2] + English, newest', () => ({ category: [1, 2], language: ['English'], sort: 'newest' })],
  [
    'price 100-500 € (after discount), low to high',
    (i) => ({ minPrice: 100 + (i % 5), maxPrice: 500, sort: 'lowtohigh' }),
  ],
  [
    'dofollow YES + gambling NO, high to low',
    () => ({ dofollowLinks: 'YES', gamblingAllowed: 'NO', sort: 'hightolow' }),
  ],
  [
    '3 websites, trending',
    (i) => ({
      website: [`site${i % 2000}.example`, `site${(i + 7) % 2000}.example`, `site${(i + 99) % 2000}.example`],
    }),
  ],
  ['q common word ("bitcoin"), trending', () => ({ q: 'bitcoin' })],
  ['q misspelt ("cointelegrph"), trending', () => ({ q: 'cointelegrph' })],
  ['q description word + category + max price', () => ({ q: 'derivatives', category: [1], maxPrice: 1000 })],
  ['q brand and format ("blockdesk banner"), low to high', () => ({ q: 'blockdesk banner', sort: 'lowtohigh' })],
];
const INSTANT = ['bitc', 'bitcoin press', 'cointelegrph', 'staking', '150', 'hashwire banner', 'zzqx', 'eth'];

async function bench(kind: 'postgres' | 'pglite') {
  let database: Database;
  let dropPg: (() => Promise<void>) | null = null;
  if (kind === 'postgres') {
    const admin = new pg.Client({ connectionString: pgBase });
    await admin.connect();
    await admin.query(`drop database if exists ${DB_NAME} with (force)`);
    await admin.query(`create database ${DB_NAME}`);
    const url = new URL(pgBase);
    url.pathname = `/${DB_NAME}`;
    database = await openDatabase({ url: url.toString() });
    dropPg = async () => {
      await admin.query(`drop database if exists ${DB_NAME} with (force)`);
      await admin.end();
    };
  } else database = await openDatabase({});
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
  const app = await buildApp({ config, database, logger: false });
  const hello = Fastify({ logger: false });
  hello.get('/hello', async () => ({ hello: 'world' }));
  await hello.ready();
  const results: Stat[] = [];
  try {
    console.log(
      `\n${kind === 'postgres' ? 'PostgreSQL' : 'PGlite (in memory)'}: ${LISTINGS} listings, ${RUNS} calls per measure`,
    );
    const { token, ms } = await fill(database);
    console.log(`  filled in ${(ms / 1000).toFixed(1)} s; load average ${load()}`);
    const headers = { authorization: `Bearer ${token}` };
    results.push(
      await measure('baseline: hello-world Fastify route, inject', async () => void (await hello.inject('/hello'))),
    );
    results.push(
      await measure(
        'baseline: select 1 on the app database',
        async () => void (await app.ctx.db.execute(sql`select 1`)),
      ),
    );
    results.push(
      await measure('baseline: GET /api/marketplace/displayView (session + 1 row)', async () => {
        await app.inject({ method: 'GET', url: '/api/marketplace/displayView', headers });
      }),
    );
    let total = -1;
    for (const [name, input] of SEARCHES)
      results.push(
        await measure(`search: ${name}`, async (i) => {
          const res = await app.inject({
            method: 'POST',
            url: '/api/marketplace/listings',
            headers,
            payload: input(i),
          });
          if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
          if (name.startsWith('default'))
            total = (JSON.parse(res.body) as { response: { resultCount: number } }).response.resultCount;
        }),
      );
    console.log(`  (active listings found by the default search: ${total})`);
    results.push(
      await measure('available: categories + price + attribute', async () => {
        await app.inject({
          method: 'POST',
          url: '/api/marketplace/listings/available',
          headers,
          payload: { category: [0, 1], maxPrice: 800, indexedArticle: 'YES' },
        });
      }),
    );
    for (const q of INSTANT)
      results.push(
        await measure(
          `instant search "${q}" (recorded)`,
          async () => {
            const res = await app.inject({
              method: 'GET',
              url: `/api/marketplace/instantSearch?q=${encodeURIComponent(q)}`,
              headers,
            });
            if (res.statusCode !== 200) throw new Error(`instant ${res.statusCode}`);
          },
          Math.max(25, Math.round(RUNS / 4)),
        ),
      );
    results.push(
      await measure('instant search focus (popular searches + trending)', async () => {
        await app.inject({ method: 'GET', url: '/api/marketplace/instantSearchFocus', headers });
      }),
    );
    results.push(
      await measure(
        'listing stats',
        async () => void (await app.inject({ method: 'GET', url: '/api/marketplace/listingStats', headers })),
      ),
    );
    results.push(
      await measure(
        'home page (10 category rows + teaser)',
        async () => void (await app.inject({ method: 'GET', url: '/api/marketplace/listings/homepage', headers })),
      ),
    );
    console.log(`  load average after: ${load()}`);
    const hello50 = results[0]?.p50 ?? 1;
    const select50 = results[1]?.p50 ?? 1;
    console.log('\n  | measure | p50 | p95 | p50 ÷ hello p50 | p50 ÷ select 1 p50 |');
    console.log('  |---|---|---|---|---|');
    for (const r of results)
      console.log(
        `  | ${r.name} | ${r.p50.toFixed(2)} ms | ${r.p95.toFixed(2)} ms | ${ratio(r.p50 / hello50)} | ${ratio(r.p50 / select50)} |`,
      );
  } finally {
    await app.close();
    await database.close();
    await dropPg?.();
  }
}

if (TARGET === 'all' || TARGET === 'postgres') await bench('postgres');
if (TARGET === 'all' || TARGET === 'pglite') await bench('pglite');
