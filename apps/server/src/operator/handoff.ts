import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

/**
 * The embedded database allows one process per data directory. While a server runs on
 * it, the operator CLI hands its command to that server instead of opening the database:
 * the server writes its address and a one-start secret here, readable only by this user.
 */
const handoffFile = (config: Config) => path.join(config.dataDir, 'operator.json');

/** The answer to a command nobody registered: the CLI then prints its usage. */
export const UNKNOWN_OPERATOR_COMMAND = 'Unknown operator command.';

export type Handoff = { url: string; token: string; pid: number };

export function writeHandoff(config: Config, url: string, token: string): Handoff {
  const handoff = { url, token, pid: process.pid };
  writeFileSync(handoffFile(config), JSON.stringify(handoff), { mode: 0o600 });
  return handoff;
}

export function removeHandoff(config: Config) {
  rmSync(handoffFile(config), { force: true });
}

/** The running server's handoff, if its process is still alive. */
export function readHandoff(config: Config): Handoff | null {
  const file = handoffFile(config);
  if (!existsSync(file)) return null;
  try {
    const handoff = JSON.parse(readFileSync(file, 'utf8')) as Handoff;
    process.kill(handoff.pid, 0);
    return handoff;
  } catch {
    return null;
  }
}
