// `vite build`, unless apps/web/dist was built from exactly the sources there are now: a hash of
// every file the build reads (the web app, the contract it imports, the lockfile) is kept in
// dist/.build-hash and compared before building. `npm start` and `npm run test:e2e` use it.
// `npm run build` always builds.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');
const dist = path.join(root, 'apps/web/dist');
const hashFile = path.join(dist, '.build-hash');

/** What the build reads; test files excepted (nothing the build bundles imports them). */
const inputs = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/postcss.config.cjs',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'packages/contract/src',
  'packages/contract/package.json',
  'tsconfig.base.json',
  'package-lock.json',
];

function files(relative) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

function sourceHash() {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap(files).sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const current = sourceHash();
const built =
  existsSync(path.join(dist, 'index.html')) && existsSync(hashFile) ? readFileSync(hashFile, 'utf8').trim() : '';
if (built === current) {
  console.log('Web build is current (apps/web/dist matches the sources): skipping vite build.');
} else {
  const result = spawnSync('npm', ['run', 'build', '-w', '@cryptads/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(hashFile, `${current}\n`);
}
