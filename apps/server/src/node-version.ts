import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The oldest Node the server runs on: the root package.json's `engines.node` (`>=24.11`).
 * An older Node fails while loading the modules, with an error that names a dependency
 * rather than the version (`does not provide an export named 'checkVAT'` on Node 20).
 */
export function requiredNode(packageJson = path.resolve(import.meta.dirname, '../../../package.json')) {
  const { engines } = JSON.parse(readFileSync(packageJson, 'utf8')) as { engines?: { node?: string } };
  const range = engines?.node ?? '';
  if (!/^>=\s*\d+(\.\d+){0,2}$/.test(range)) throw new Error(`engines.node must read ">=major.minor", not "${range}"`);
  return range.replace(/^>=\s*/, '');
}

/** The sentence that refuses `found` when it is older than `minimum`; undefined when it will do. */
export function unsupportedNodeMessage(found: string, minimum: string): string | undefined {
  if (rank(found) >= rank(minimum)) return undefined;
  return `Cryptads needs Node ${minimum} or later (Node 24 LTS), but this is Node ${found.replace(/^v/, '')}.`;
}

/** major.minor.patch as one comparable number (each part below 1000). */
const rank = (version: string) => {
  const [major = 0, minor = 0, patch = 0] = version
    .replace(/^v/, '')
    .split('.')
    .map((n) => Number.parseInt(n, 10) || 0);
  return major * 1e6 + minor * 1e3 + patch;
};
