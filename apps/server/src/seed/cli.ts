// npm run seed:demo: the demo world on the configured database (PostgreSQL with DATABASE_URL).
import { createCaptcha } from '../adapters/captcha/captcha';
import { createMailer } from '../adapters/mail/mail';
import { createStorage } from '../adapters/storage/storage';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createBus } from '../lib/bus';
import { onCommit } from '../modules/events/events';
import { afterCommit, paidPurposes } from '../wiring';
import { printDemoLogins, seedDemo } from './demo';

const config = loadConfig();
if (config.isProduction) {
  console.error('Refusing to seed demo data in production.');
  process.exit(1);
}
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: `${config.dataDir}/db`,
  templateDir: config.pgliteTemplateDir,
});
const bus = await createBus(config, database);
const ctx = {
  config,
  // Its commits' user changes reach the servers' caches over the bus (docs/decisions/026).
  db: onCommit(
    database.db,
    afterCommit(() => ({ bus })),
  ),
  database,
  mailer: createMailer(config, database.db),
  captcha: createCaptcha(config),
  storage: createStorage(config),
  bus,
  paidPurposes: paidPurposes(config),
};
await seedDemo(ctx, { log: (message) => console.log(message) });
await printDemoLogins(ctx);
await ctx.bus.close();
await database.close();
