import { buildApp } from './app';
import { randomToken } from './lib/crypto';
import { collectGarbage } from './lib/collect-garbage';
import { installFatalHandlers } from './lib/fatal';
import { removeHandoff, writeHandoff } from './operator/handoff';
import { accountDeletionJob } from './jobs/account-deletion';
import { adsTxtCheckJob } from './jobs/ads-txt-check';
import { marketplaceTrendingJob } from './jobs/marketplace-trending';
import { balanceRunOutJob } from './jobs/balance-runout';
import { cleanupJob } from './jobs/cleanup';
import { marketplaceTimersJob } from './jobs/marketplace-timers';
import { bankDepositExpiryJob } from './jobs/bank-deposit-expiry';
import { holdExpiryJob } from './jobs/hold-expiry';
import { payoutJob } from './jobs/payouts';
import { rollupVacuumJob } from './jobs/rollup-vacuum';
import { startJobs } from './jobs/runner';
import { throttledLog } from './lib/log-errors';
import { trafficRetentionJob } from './jobs/traffic-retention';
import { vatRecheckJob } from './jobs/vat-recheck';
import { adEventRetentionJob } from './modules/delivery/retention';
import { Preparation } from './modules/system/preparation';
import { devMailboxOpen } from './modules/system/system.service';
import { hasDemoWorld, isEmptyDatabase, printDemoLogins, seedDemo } from './seed/demo';
import { flaggedZonesJob } from './modules/delivery/flagged';
import { ownBaseUrl, startDemoTrickle } from './simulator/demo-trickle';
import type { Trickle } from './simulator/trickle';
import { roleParts } from './process-role';
import { STARTUP_MESSAGES } from '@cryptads/contract/system-messages';
import { beginStartup } from './startup';

// Listening already, the database opening on its worker meanwhile (docs/decisions/060).
const startup = await beginStartup();
const { config } = startup;
const database = await startup.database;
// The embedded database has one owner: operator commands reach it through this server.
const operatorToken = database.kind === 'pglite' ? randomToken() : undefined;
// The first start's demo seed runs behind the listening server (docs/decisions/050-first-start.md).
const preparation = new Preparation();
const app = await buildApp({ config, database, operatorToken, preparation });
// What this process runs (PROCESS_ROLE, docs/decisions/030-process-roles.md).
const parts = roleParts(config.role);

// The demo world appears on first start with an empty embedded database, never in production.
const seeding =
  parts.demo &&
  config.demoSeed === 'auto' &&
  !config.isProduction &&
  database.kind === 'pglite' &&
  (await isEmptyDatabase(app.ctx));
if (seeding) preparation.begin();

// Scheduled jobs run in the worker (or the one process), once the demo world is there; a lock
// row keeps two workers apart.
let stopJobs = () => {};
const runJobs = () => {
  if (!parts.background || closing) return;
  const jobs = startJobs(
    app.ctx,
    [
      cleanupJob,
      accountDeletionJob,
      adEventRetentionJob,
      flaggedZonesJob(app.log),
      vatRecheckJob,
      payoutJob,
      holdExpiryJob,
      bankDepositExpiryJob,
      marketplaceTrendingJob,
      marketplaceTimersJob,
      balanceRunOutJob,
      trafficRetentionJob,
      rollupVacuumJob,
      adsTxtCheckJob,
    ],
    // A job failing on every tick (a database outage) logs once per 10 s per job (decision 024).
    throttledLog(app.log),
  );
  stopJobs = jobs;
  return jobs.firstRun;
};

let closing = false;
let exitCode = 0;
let trickle: Trickle | null = null;
async function shutdown(signal: string, code = 0) {
  // A fatal error during a signal's shutdown still ends the process with its code.
  exitCode = Math.max(exitCode, code);
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => process.exit(1), 10_000);
  try {
    stopJobs();
    // Before the server closes: the trickle's requests in flight still get their answers.
    await trickle?.stop();
    if (operatorToken) removeHandoff(config);
    await app.close();
    await database.close();
    clearTimeout(timer);
    process.exit(exitCode);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
// An error nobody caught: logged without secrets, then the same clean shutdown, exit code 1.
installFatalHandlers(process, {
  log: app.log,
  shutdown: (code) => shutdown('fatal error', code),
  secrets: [
    config.delivery.clickSecret,
    config.payments.sandboxSecret,
    config.payments.stripe?.secretKey,
    config.payments.stripe?.webhookSecret,
    config.payments.coingate?.apiToken,
    config.payments.coingate?.callbackSecret,
    config.kyc.sandboxSecret,
    config.captcha.secret,
    operatorToken,
  ],
});

startup.loaded();
await startup.handOver(app);
if (operatorToken) {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  writeHandoff(config, `http://127.0.0.1:${port}`, operatorToken);
}
const url = config.publicUrl;
console.log(`\n  ${config.productName} is running at ${url} (role ${config.role})`);
console.log(`  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}/db` : 'PostgreSQL'}`);
if (parts.api && devMailboxOpen(app.ctx)) console.log(`  Dev mailbox: ${url}/dev/mailbox`);
if (seeding) {
  const seeded = startup.step(STARTUP_MESSAGES.seeding);
  try {
    await seedDemo(app.ctx, { log: (message) => app.log.info(message) });
  } catch (error) {
    app.log.error({ err: error }, 'the demo world could not be prepared');
    await shutdown('demo seed failed', 1);
  }
  preparation.end();
  seeded(STARTUP_MESSAGES.seeded);
}
// The seed's garbage, on this thread and the database's, is collected at once, and that of
// the jobs' first run over the world it made once that is done (several seconds), rather than
// kept until the heap fills (docs/decisions/064; 150 MB or more of resident memory).
const collectBoth = async () => {
  if (closing) return;
  collectGarbage();
  await database.collectGarbage?.();
};
if (seeding) await collectBoth();
const jobsFirstRun = runJobs();
if (seeding)
  void Promise.resolve(jobsFirstRun)
    .then(collectBoth)
    .catch(() => {});
// Demo mode: a gentle trickle of simulated visitors through our own /serve and /click.
trickle =
  parts.demo && config.demo.traffic === 'auto' && !config.isProduction && !closing
    ? await startDemoTrickle(app.ctx, ownBaseUrl(app.server.address(), config.port), app.log)
    : null;
if (!closing && (seeding || (parts.api && (await hasDemoWorld(app.ctx))))) await printDemoLogins(app.ctx);
