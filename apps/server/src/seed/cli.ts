// npm run seed:demo: the demo world on the configured database (PostgreSQL with DATABASE_URL).
import { createCaptcha } from '../adapters/captcha/captcha';
import { createMailer } from '../adapters/mail/mail';
import { createStorage } from '../adapters/storage/storage';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createBus } from '../lib/bus';
import { paidPurposes } from '../wiring';
import { printDemoLogins, seedDemo } from './demo';

const config = loadConfig();
if (config.isProduction) {
  console.error('Refusing to seed demo data in production.');
  process.exit(1);
}
const database = await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/db` });
const ctx = {
  config,
  db: database.db,
  database,
  mailer: createMailer(config, database.db),
  captcha: createCaptcha(config),
  storage: createStorage(config),
  // Its publishes reach the servers' caches (docs/decisions/026).
  bus: await createBus(config, database),
  paidPurposes: paidPurposes(config),
};
await seedDemo(ctx, { log: (message) => console.log(message) });
printDemoLogins(ctx);
await ctx.bus.close();
await database.close();
