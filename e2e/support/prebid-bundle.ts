import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { build, version as esbuildVersion } from 'esbuild';
import { prebidModules } from '@cryptads/prebid-adapter/esbuild';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * What a publisher's build of Prebid.js from npm looks like (packages/prebid-adapter/README.md):
 * the core, our adapter, then the queue.
 */
const ENTRY = ["import pbjs from 'prebid.js';", "import '@cryptads/prebid-adapter';", 'pbjs.processQueue();', ''].join(
  '\n',
);

const read = (file: string) => readFileSync(path.join(root, file));

/**
 * Prebid.js bundled with our adapter, built once and kept under e2e/.artifacts by the versions
 * of Prebid.js and esbuild and the adapter's own files: later runs, and the other worker, take
 * the file. Written to a temporary name first, so that a reader never sees half a bundle.
 */
export async function prebidBundle(): Promise<string> {
  const prebidVersion = (JSON.parse(read('node_modules/prebid.js/package.json').toString()) as { version: string })
    .version;
  const key = createHash('sha256')
    .update(`${prebidVersion}\n${esbuildVersion}\n${ENTRY}`)
    .update(read('packages/prebid-adapter/modules/cryptadsBidAdapter.js'))
    .update(read('packages/prebid-adapter/esbuild-plugin.mjs'))
    .digest('hex')
    .slice(0, 12);
  const dir = path.join(root, 'e2e/.artifacts');
  const file = path.join(dir, `prebid-${prebidVersion}-${key}.js`);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  await build({
    stdin: { contents: ENTRY, resolveDir: root, sourcefile: 'prebid-entry.js' },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    outfile: partial,
    plugins: [prebidModules({ from: root })],
    logLevel: 'warning',
  });
  renameSync(partial, file);
  return file;
}
