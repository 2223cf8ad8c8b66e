/**
 * Failures that condemn the connection a statement ran on rather than the statement: the same
 * statement on a new connection works, on this one it never will (docs/decisions/024).
 *
 * - 25006, a write refused in a read-only transaction. A session opened while the database was
 *   read-only (`default_transaction_read_only`, a standby not yet promoted) keeps that as its
 *   default after the database takes writes again: only a new connection writes.
 * - 42P05 and 26000, a named prepared statement the session has and its client never prepared
 *   (already exists), or one the client prepared and the session lost (does not exist):
 *   node-postgres prepares a name once per connection, so every later use fails the same way.
 * - 0A000 "cached plan must not change result type": a prepared statement whose table changed
 *   under it (a migration by another process) fails on this session until it is prepared again.
 */
const UNUSABLE_CODES = new Set(['25006', '42P05', '26000']);

export function unusableConnection(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && UNUSABLE_CODES.has(code)) return true;
    if (code === '0A000' && typeof message === 'string' && message.includes('cached plan must not change result type'))
      return true;
    e = cause;
  }
  return false;
}
