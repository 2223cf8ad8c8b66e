// npm run operator -- <domain> <action> [args]: the operator's commands until a back-office
// exists. Each domain registers its commands in operator/commands/<domain>.ts.
//
// With a server running on the embedded database, the command is handed to it: that path
// loads only the configuration (a few hundred milliseconds, not the seconds every command
// module and service takes); the commands themselves load only when this process runs one.
import { loadConfig } from '../config';
import type { AppContext } from '../context';
import { readHandoff, UNKNOWN_OPERATOR_COMMAND } from './handoff';

const [domain, action, ...args] = process.argv.slice(2);

async function usage() {
  const { commands } = await import('./registry');
  console.error('Usage: npm run operator -- <domain> <action> [args]\n');
  for (const [name, group] of Object.entries(commands))
    for (const [act, cmd] of Object.entries(group)) console.error(`  ${name} ${act} ${cmd.args}\t${cmd.help}`);
  process.exit(2);
}
if (!domain || !action) await usage();

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
  else if (body.reason === UNKNOWN_OPERATOR_COMMAND) await usage();
  else {
    console.error(body.reason);
    process.exitCode = 1;
  }
  process.exit();
}

const { commands } = await import('./registry');
if (!commands[String(domain)]?.[String(action)]) await usage();
const [
  { createCaptcha },
  { createMailer },
  { createStorage },
  { openDatabase },
  { createBus },
  { outputOf, runOperatorCommand },
  { onCommit },
  { afterCommit, paidPurposes },
] = await Promise.all([
  import('../adapters/captcha/captcha'),
  import('../adapters/mail/mail'),
  import('../adapters/storage/storage'),
  import('../db/client'),
  import('../lib/bus'),
  import('./run'),
  import('../modules/events/events'),
  import('../wiring'),
]);
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
