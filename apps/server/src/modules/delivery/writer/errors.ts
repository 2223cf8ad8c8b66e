/** Thrown inside the transaction when a click was recorded by someone else meanwhile: retry. */
export class ClickRace extends Error {}

/** SQLSTATE classes and socket codes of a connection that broke (its last COMMIT may have landed). */
const LOST_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08003', '08006', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

/** Did this failure lose the connection (rather than the database refusing the batch)? */
export function connectionLost(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && LOST_CODES.has(code)) return true;
    if (typeof message === 'string' && /Connection terminated|not queryable|connection lost/i.test(message))
      return true;
    e = cause;
  }
  return false;
}

/**
 * SQLSTATEs of a database that cannot take writes for now, whatever the batch: read-only
 * (a failover, a replica promoted late, `default_transaction_read_only`), too many
 * connections, shutting down, disk full.
 */
const UNAVAILABLE_CODES = new Set(['25006', '53100', '53300', '57P01', '57P02', '57P03', 'ECONNREFUSED']);

/**
 * An outage rather than a refusal of this batch: the connection was lost or the database takes
 * no writes at all. Such a batch waits whole for the database; it is never split nor
 * dead-lettered (docs/decisions/028).
 */
export function databaseUnavailable(error: unknown): boolean {
  if (connectionLost(error)) return true;
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const { code, cause } = e as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    e = cause;
  }
  return false;
}
