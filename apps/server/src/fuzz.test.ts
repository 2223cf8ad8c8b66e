import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { listings } from './db/schema/marketplace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '@cryptads/contract/endpoints/all';
import { endpointKey } from './lib/endpoint-routes';
import { createSession } from './modules/sessions/sessions.service';
import { createCampaign, tempDataDir } from './modules/campaigns/test-helpers';
import { approvedWebsite } from './modules/delivery/test-helpers';
import { fund, insertListing, placeOrder } from './modules/marketplace-orders/test-helpers';
import { giveBillingDetails } from './modules/payments/test-helpers';
import { loginAs } from './testing/helpers';
import { createTestApp, type TestApp } from './testing/test-app';

/**
 * Hostile requests for every endpoint of the contract's table (decision 022).
 * Two accounts per customer role, with objects each; the first of each role is the attacker.
 * For every endpoint and every role allowed to call it, a seeded generator builds a plausible
 * request from the endpoint's own schemas and then breaks it: wrong types, missing fields,
 * 100 kB strings, control characters, U+0000, lone surrogates, 10,000-deep JSON, prototype
 * keys, the other account's ids, ids beyond the integer columns, in the body, the query and
 * the path. Every answer must be 4xx or success (never 5xx), every answer the envelope, and
 * the other accounts' rows must be the same after as before.
 *
 * Nothing is skipped: an endpoint that ends the attacker's session (logout, closing its own
 * session, a password change) is followed by a fresh session; deletion requests need the
 * password, which the generator never has. Side effects outside the database use the
 * embedded adapters of the test configuration (mail outbox, sandbox payments and KYC).
 */

import { attemptsFor, type IdPools, type Pool, prng, SEED } from './testing/fuzz-requests';

// ------------------------------------------------------------------ the accounts

type Account = Awaited<ReturnType<typeof loginAs>>;

let app: TestApp;
let dir: string;
const attackers = {} as Record<'advertiser' | 'publisher', Account>;
const others: Account[] = [];

/** Objects for an advertiser: a campaign with a creative, a draft, a blacklist. */
async function seedAdvertiser(account: Account) {
  await createCampaign(app, account.headers);
  await createCampaign(app, account.headers, 'popunder');
  await app.inject({
    method: 'PUT',
    url: '/api/campaigns/drafts/display',
    headers: account.headers,
    payload: { data: { name: 'Draft of someone' } },
  });
  await app.inject({
    method: 'PUT',
    url: '/api/campaigns/blacklist',
    headers: account.headers,
    payload: ['blocked.example'],
  });
}

/** Tables whose rows belong to one account, by owner column; children follow their parent. */
const OWNER_COLUMNS = ['user_id', 'advertiser_id', 'publisher_id', 'owner_id', 'seller_id', 'buyer_id'];

async function ownedRows(userIds: number[]) {
  const db = app.ctx.db;
  const list = sql.join(
    userIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const columns = (await db.execute(
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and column_name in (${sql.join(
          OWNER_COLUMNS.map((c) => sql`${c}`),
          sql`, `,
        )}) order by table_name, column_name`,
  )) as unknown as { rows: { table_name: string; column_name: string }[] };
  const rowsOf = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: { j: unknown }[] }).rows.map((r) => JSON.stringify(r.j)).sort();
  const out: Record<string, string[]> = {
    users: await rowsOf(sql`select row_to_json(t) as j from users t where id in (${list})`),
    creatives: await rowsOf(
      sql`select row_to_json(t) as j from creatives t where campaign_id in (select id from campaigns where owner_id in (${list}))`,
    ),
    zones: await rowsOf(
      sql`select row_to_json(t) as j from zones t where website_id in (select id from websites where owner_id in (${list}))`,
    ),
  };
  for (const { table_name: table, column_name: column } of columns.rows)
    out[`${table}.${column}`] = await rowsOf(
      sql`select row_to_json(t) as j from ${sql.identifier(table)} t where ${sql.identifier(column)} in (${list})`,
    );
  return out;
}

/** The ids found in owned rows (`id`, `unique`, `device_identifier`), by table. */
function poolOf(rows: Record<string, string[]>): Pool {
  const pool: Pool = new Map();
  for (const [key, list] of Object.entries(rows)) {
    const table = key.split('.')[0] as string;
    const found = pool.get(table) ?? [];
    for (const row of list) {
      const parsed = JSON.parse(row) as Record<string, unknown>;
      const id = table === 'sessions' ? parsed.device_identifier : (parsed.unique ?? parsed.id);
      if (typeof id === 'number' || typeof id === 'string') found.push(id);
    }
    if (found.length) pool.set(table, [...new Set(found)]);
  }
  return pool;
}

beforeAll(async () => {
  dir = tempDataDir();
  app = await createTestApp({ DATA_DIR: dir }, { operatorToken: 'operator-secret-for-fuzz' });
  attackers.advertiser = await loginAs(app, 'advertiser');
  attackers.publisher = await loginAs(app, 'publisher');
  const otherAdvertiser = await loginAs(app, 'advertiser');
  const otherPublisher = await loginAs(app, 'publisher');
  others.push(otherAdvertiser, otherPublisher);
  await seedAdvertiser(attackers.advertiser);
  await seedAdvertiser(otherAdvertiser);
  await approvedWebsite(app, { publisher: attackers.publisher });
  await approvedWebsite(app, { publisher: otherPublisher });
  // Billing details, a balance and a marketplace order (of a platform listing) for every account.
  const listing = await insertListing(app);
  await insertListing(app, { title: 'Second listing' });
  for (const account of [attackers.advertiser, attackers.publisher, otherAdvertiser, otherPublisher]) {
    await giveBillingDetails(app, account.user.id);
    await fund(app, account.user.id, 500);
    await placeOrder(app, account.headers, [listing.unique]);
  }
}, 120_000);
afterAll(async () => {
  await app.closeAll();
  rmSync(dir, { recursive: true, force: true });
});

// ------------------------------------------------------------------ the run

type Finding = { attempt: string; status: number; body: string };

/** The envelope of envelope.ts: exactly code, response and reason; reason a sentence on failure. */
function isEnvelope(status: number, text: string) {
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    const keys = Object.keys(parsed).sort().join(',');
    if (keys !== 'code,reason,response' || typeof parsed.code !== 'number') return false;
    return status >= 400 ? typeof parsed.reason === 'string' && parsed.reason.length > 0 : parsed.reason === null;
  } catch {
    return false;
  }
}

describe('the fuzz test of the endpoint table', () => {
  it('answers every hostile request with 4xx or success in the envelope, and leaves other accounts alone', async () => {
    const rng = prng(SEED);
    const otherIds = others.map((o) => o.user.id);
    const before = await ownedRows(otherIds);
    // The snapshot holds the other accounts' objects of every kind seeded, so a change would show.
    for (const table of [
      'users',
      'sessions.user_id',
      'campaigns.owner_id',
      'creatives',
      'campaign_drafts.owner_id',
      'campaign_blacklists.owner_id',
      'websites.owner_id',
      'zones',
      'billing_profiles.user_id',
      'marketplace_orders.buyer_id',
      'ledger_accounts.user_id',
    ])
      expect(before[table]?.length, table).toBeGreaterThan(0);
    const ids: IdPools = {
      own: poolOf(await ownedRows([attackers.advertiser.user.id, attackers.publisher.user.id])),
      other: poolOf(before),
    };
    // The catalogue is everybody's: its listings are ids both sides may use.
    const catalogue = (await app.ctx.db.select({ unique: listings.unique }).from(listings)).map((l) => l.unique);
    ids.own.set('listings', catalogue);
    ids.other.set('listings', catalogue);

    const serverErrors: Finding[] = [];
    const notEnvelope: Finding[] = [];
    let sent = 0;
    const statuses = new Map<number, number>();
    const okByEndpoint = new Set<string>();
    const msByEndpoint = new Map<string, number>();
    const started = Date.now();

    for (const endpoint of allEndpoints) {
      const roles = endpoint.roles.includes('public')
        ? ([null] as const)
        : (['advertiser', 'publisher'] as const).filter((r) => endpoint.roles.includes(r));
      const endpointStarted = Date.now();
      for (const role of roles) {
        for (const attempt of attemptsFor(endpoint, rng, ids)) {
          const attacker = role ? attackers[role] : null;
          const headers: Record<string, string> = attacker ? { ...attacker.headers } : {};
          const hasBody = attempt.rawJson !== undefined || attempt.payload !== undefined;
          if (hasBody) headers['content-type'] = attempt.contentType ?? 'application/json';
          const res = await app.inject({
            method: attempt.method,
            url: attempt.url,
            headers,
            ...(attempt.rawJson !== undefined
              ? { payload: attempt.rawJson }
              : attempt.payload !== undefined
                ? { payload: JSON.stringify(attempt.payload) }
                : {}),
          });
          sent++;
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode < 300) okByEndpoint.add(endpointKey(endpoint));
          const label = `${role ?? 'public'} ${endpointKey(endpoint)} [${attempt.label}] ${attempt.url.slice(0, 120)}`;
          const finding = { attempt: label, status: res.statusCode, body: res.body.slice(0, 300) };
          // The readiness answer's 503 is its job (a slow database under load), not a fault.
          const readiness = endpoint.path === '/ready' && res.statusCode === 503;
          if (res.statusCode >= 500 && !readiness) serverErrors.push(finding);
          const isFile = endpoint.download && res.statusCode === 200;
          if (!isFile && !isEnvelope(res.statusCode, res.body)) notEnvelope.push(finding);
          // A request that ended the attacker's session (logout, closing its own session,
          // a password change) is followed by a fresh one, so the run goes on.
          if (attacker && res.statusCode === 401) {
            const { token } = await createSession(app.ctx.db, {
              userId: attacker.user.id,
              scope: 'full',
              rememberMe: true,
              meta: { ip: '127.0.0.1', userAgent: 'fuzz' },
            });
            attacker.token = token;
            attacker.headers = { authorization: `Bearer ${token}` };
          }
        }
      }
      msByEndpoint.set(endpointKey(endpoint), Date.now() - endpointStarted);
    }
    const after = await ownedRows(otherIds);
    const changed = Object.keys({ ...before, ...after }).filter(
      (table) => JSON.stringify(before[table] ?? []) !== JSON.stringify(after[table] ?? []),
    );

    console.info(
      `fuzz: ${sent} requests over ${allEndpoints.length} endpoints in ${Date.now() - started} ms;`,
      `statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))};`,
      `${okByEndpoint.size} endpoints answered success at least once`,
    );
    const slowest = [...msByEndpoint].sort((a, b) => b[1] - a[1]).slice(0, 5);
    console.info('slowest endpoints (ms):', slowest.map(([k, ms]) => `${k} ${ms}`).join(' | '));
    console.info(
      'never succeeded:',
      allEndpoints
        .map(endpointKey)
        .filter((k) => !okByEndpoint.has(k))
        .join(' | '),
    );
    expect(sent).toBeGreaterThan(1_000);
    expect(serverErrors).toEqual([]);
    expect(notEnvelope).toEqual([]);
    expect(changed).toEqual([]);
  }, 300_000);
});
