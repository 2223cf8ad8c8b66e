/**
 * The server's entry: refuses an unsupported Node before loading anything else, then runs
 * main.ts. The check cannot live in main.ts: its static imports are all linked before its
 * first line runs, and on an older Node that linking is what fails. Before main.ts is loaded,
 * the process listens and its database starts opening (startup.ts, docs/decisions/060): the
 * seconds main.ts's modules take to load overlap the database's.
 */
import { requiredNode, unsupportedNodeMessage } from './node-version';

const refusal = unsupportedNodeMessage(process.versions.node, requiredNode());
if (refusal) {
  console.error(refusal);
  process.exit(1);
}
await (await import('./startup')).beginStartup();
await import('./main');
