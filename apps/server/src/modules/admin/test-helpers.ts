import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { loginAsOperator } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { tempDataDir } from '../campaigns/test-helpers';

export type Headers = Record<string, string>;

/**
 * The back office's API tests' app: its own data directory, an operator with two-factor on,
 * and the calls and audit count the tests share. `s` is filled before the first test.
 */
export function setUpAdminApp() {
  const s = {} as { app: TestApp; operator: Headers };
  let dir = '';
  beforeAll(async () => {
    dir = tempDataDir();
    // Proof pages of delivered marketplace items are served on 127.0.0.1 by the test.
    s.app = await createTestApp({ DATA_DIR: dir, VERIFY_ALLOW_PRIVATE: '1', VERIFY_TIMEOUT_MS: '2000' });
    s.operator = (await loginAsOperator(s.app, { twoFactor: true })).headers;
  });
  afterAll(async () => {
    await s.app.closeAll();
    rmSync(dir, { recursive: true, force: true });
  });

  const auditCount = async (objectType: string, objectId: string | number) => {
    const result = (await s.app.ctx.db.execute(
      sql`select count(*)::int as n from audit_entries where object_type = ${objectType} and object_id = ${String(objectId)}`,
    )) as unknown as { rows: { n: number }[] };
    return Number(result.rows[0]?.n ?? 0);
  };
  const post = (url: string, headers: Headers, payload: unknown = {}) =>
    s.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });
  const get = (url: string, headers: Headers) => s.app.inject({ method: 'GET', url, headers });
  return { s, get, post, auditCount };
}
