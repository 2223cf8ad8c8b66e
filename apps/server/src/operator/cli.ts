// npm run operator -- <domain> <action> [args]: the operator's commands until a back-office
// exists. Each domain registers its commands in operator/commands/<domain>.ts.
import { createCaptcha } from '../adapters/captcha/captcha';
import { createMailer } from '../adapters/mail/mail';
import { createStorage } from '../adapters/storage/storage';
import { loadConfig } from '../config';
import type { AppContext } from '../context';
import { openDatabase } from '../db/client';
import { createBus } from '../lib/bus';
import { readHandoff } from './handoff';
import { commands } from './registry';
import { outputOf, runOperatorCommand } from './run';
import { onCommit } from '../modules/events/events';
import { afterCommit, paidPurposes } from '../wiring';

const [domain, action, ...args] = process.argv.slice(2);
const usage = () => {
  console.error('Usage: npm run operator -- <domain> <action> [args]\n');
  for (const [name, group] of Object.entries(commands))
    for (const [act, cmd] of Object.entries(group)) console.error(`  ${name} ${act} ${cmd.args}\t${cmd.help}`);
};
const command = domain && action ? commands[domain]?.[action] : undefined;
if (!command) {
  usage();
  process.exit(2);
}

try {
  process.loadEnvFile();
} catch {
  // no .env file
}
const config = loadConfig();

// A server running on the embedded database owns it: hand the command over.
const handoff = readHandoff(config);
if (handoff && !config.databaseUrl) {
  const res = await fetch(`${handoff.url}/api/operator/run`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-operator-token': handoff.token },
    body: JSON.stringify({ domain, action, args }),
  });
  const body = (await res.json()) as { response: { output: string } | null; reason: string | null };
  if (res.ok && body.response) console.log(body.response.output);
  else {
    console.error(body.reason);
    process.exitCode = 1;
  }
  process.exit();
}
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: `${config.dataDir}/db`,
  templateDir: config.pgliteTemplateDir,
});
const bus = await createBus(config, database);
const ctx: AppContext = {
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
try {
  // The same runner as the back office: one transaction with its audit entry (docs/decisions/032).
  console.log(outputOf(await runOperatorCommand(ctx, { kind: 'command line' }, String(domain), String(action), args)));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await ctx.bus.close();
  await database.close();
}
