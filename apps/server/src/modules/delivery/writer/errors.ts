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
