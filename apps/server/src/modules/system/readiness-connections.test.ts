import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ReadinessSchema } from '@cryptads/contract/system';
import { loggerOptions } from '../../app';
import { body, loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { ReadinessCheck } from './readiness';

/**
 * Readiness and the connections behind it (docs/decisions/024): a connection that cannot run
 * the session lookup, or whose session was left read-only, makes the probe fail with its
 * reason, and the pool replaces that connection so the next probe passes.
 */

const logLines: string[] = [];
const stream = { write: (line: string) => void logLines.push(line) };

let app: TestApp;
beforeAll(async () => {
  // The stream's consumer looks for events every 10 s: few queries of its own between the
  // tests' steps, so the connection a test prepares is the one the probe gets.
  app = await createTestApp(
    { DELIVERY_FLUSH_MS: '10000' },
    { logger: (config) => ({ ...loggerOptions(config), level: 'info', stream }) },
  );
});
afterAll(async () => {
  await app.closeAll();
});

type Client = pg.PoolClient & { connection: { parsedStatements: Record<string, string> } };
const pool = () => (app.ctx.db as unknown as { $client: pg.Pool }).$client;

/**
 * The connection the pool hands out next holds a prepared statement named `find_session` that
 * its client never prepared (what a replacement connection to the embedded database was left
 * with): the client sends the statement again and the session answers 42P05.
 */
async function breakSessionLookup() {
  const client = (await pool().connect()) as Client;
  try {
    const held = await client.query(`select 1 from pg_prepared_statements where name = 'find_session'`);
    if (held.rowCount) await client.query('DEALLOCATE find_session');
    delete client.connection.parsedStatements.find_session;
    await client.query('PREPARE find_session AS SELECT 1');
  } finally {
    client.release();
  }
}

const notReadyLines = (code: string) => logLines.filter((line) => line.includes('not ready') && line.includes(code));

describe('readiness and unusable connections', () => {
  it('a connection that cannot run the session lookup: 503 with the reason, logged, then ready once the pool replaced it', async () => {
    const advertiser = await loginAs(app, 'advertiser');
    await breakSessionLookup();
    const res = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    const state = ReadinessSchema.parse(body(res).response);
    expect(state.database).toMatchObject({
      ready: false,
      latencyMs: null,
      failure: 'session lookup failed (42P05)',
    });
    // The writes pass: the answer says which step failed, the log what the database said.
    expect(state.delivery?.ready).toBe(true);
    const [line] = notReadyLines('42P05');
    expect(line).toBeDefined();
    expect(JSON.parse(line ?? '{}')).toMatchObject({
      role: 'all',
      msg: 'not ready: database session lookup failed (42P05)',
      err: { code: '42P05', message: 'prepared statement "find_session" already exists' },
    });
    // No parameter reaches the line: the probe's hash is one.
    expect(line).not.toContain('readiness-probe');

    // The failed lookup's connection was discarded: the next probe runs on a new one.
    await vi.waitFor(
      async () => expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200),
      { timeout: 5000, interval: 100 },
    );
    const user = await app.inject({ method: 'GET', url: '/api/user', headers: advertiser.headers });
    expect(user.statusCode).toBe(200);
    expect(logLines.some((l) => l.includes('"msg":"ready again"'))).toBe(true);
  });

  it('a connection whose session was left read-only is discarded after its refused write; the next probe writes', async () => {
    const check = new ReadinessCheck(app.ctx, { probeCacheMs: 0 });
    // As a connection opened while the database was read-only keeps it after it is writable again.
    const client = await pool().connect();
    await client.query('SET default_transaction_read_only = on');
    const removed: pg.PoolClient[] = [];
    const onRemove = (c: pg.PoolClient) => removed.push(c);
    pool().on('remove', onRemove);
    try {
      client.release();
      // In the same tick: the probe's transaction takes the connection just released (the pool's last in).
      const refused = await check.check();
      expect(refused.database).toMatchObject({ ready: false, failure: 'write failed (25006)' });
      // At once, before anything else could write on it and have pg's pool.query discard it:
      // the probe's own release took the connection out of the pool.
      expect((await check.check()).database).toMatchObject({ ready: true, failure: null });
      await vi.waitFor(() => expect(removed).toContain(client), { timeout: 5000, interval: 50 });
    } finally {
      pool().off('remove', onRemove);
    }
  });
});
