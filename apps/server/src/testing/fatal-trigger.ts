/**
 * Preloaded into a real server process by lib/fatal.test.ts (never by the product): on
 * SIGUSR2 it rejects a promise that nobody handles, whose message carries a database URL
 * with a password, as a driver's error could.
 */
process.on('SIGUSR2', () => {
  void Promise.reject(new Error('connection lost to postgres://cryptads:hunter2-secret@db.internal:5432/ads'));
});
