import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { E2E_DATA_DIR } from '../playwright.config';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Runs `npm run operator -- <args>` the way the README documents it; with the e2e server
 * running on the embedded database, the CLI hands the command to that server.
 */
export function operator(...args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/src/operator/cli.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR },
    encoding: 'utf8',
  });
}
