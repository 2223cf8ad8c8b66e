import { it } from 'vitest';

const onPostgres = process.env.TEST_DB_DRIVER === 'postgres';

/**
 * A test of what truly concurrent transactions do (row locks, a conditional update under
 * contention). PGlite has one connection and runs each transaction alone, so there such a
 * test would pass whatever the locking: it exists only in the "server-postgres" project,
 * which CI always runs, and is not declared at all in "server-pglite" (not a skipped test:
 * there is nothing it could prove there).
 */
export const itOnPostgres = (name: string, fn: () => Promise<void>, timeout?: number) => {
  if (onPostgres) it(name, fn, timeout);
};
