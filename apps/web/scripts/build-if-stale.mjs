// `vite build`, unless apps/web/dist was built from exactly the sources there are now: a hash of
// every file the build reads (the web app, the contract it imports, and the locked versions of
// the packages they depend on) is kept in dist/.build-hash and compared before building.
// `npm start`, `npm run test:e2e` and npm install's preparation (scripts/prepare.mjs) use it.
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
  // The build's own steps after Vite (the prerender) and this file.
  'apps/web/scripts',
  'apps/web/vite.config.ts',
  'apps/web/postcss.config.cjs',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'packages/contract/src',
  'packages/contract/package.json',
  'tsconfig.base.json',
];

/** The workspaces whose dependencies the build bundles or runs (Vite and its plugins are the web app's). */
const workspaces = ['apps/web', 'packages/contract'];

function files(relative) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/**
 * The lockfile's entries the web build can reach: the workspaces' dependencies, theirs, and so
 * on, found as Node finds them (the nearest node_modules up the tree). A package added to or
 * upgraded in the server changes the lockfile but not these: no web build for it.
 */
function lockedDependencies() {
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const packages = lock.packages ?? {};
  const found = new Set();
  const resolve = (from, name) => {
    const parts = from.split('/');
    for (let i = parts.length; i >= 0; i--) {
      if (parts[i - 1] === 'node_modules') continue;
      const dir = parts.slice(0, i).join('/');
      const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
      if (packages[candidate]) return candidate;
    }
    return undefined;
  };
  const visit = (key) => {
    if (found.has(key)) return;
    found.add(key);
    const entry = packages[key];
    if (entry?.link) return visit(entry.resolved);
    const workspace = workspaces.includes(key);
    const names = {
      ...entry?.dependencies,
      ...entry?.optionalDependencies,
      ...entry?.peerDependencies,
      ...(workspace ? entry?.devDependencies : {}),
    };
    for (const name of Object.keys(names)) {
      const next = resolve(key, name);
      if (next) visit(next);
    }
  };
  for (const workspace of workspaces) visit(workspace);
  return [...found]
    .sort()
    .map((key) => `${key} ${packages[key]?.version ?? ''} ${packages[key]?.integrity ?? ''}`)
    .join('\n');
}

function sourceHash() {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap(files).sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  hash.update(lockedDependencies());
  return hash.digest('hex');
}

const current = sourceHash();
const built =
  existsSync(path.join(dist, 'index.html')) && existsSync(hashFile) ? readFileSync(hashFile, 'utf8').trim() : '';
if (built === current) {
  console.log('Web build is current (apps/web/dist matches the sources): skipping vite build.');
} else {
  const started = performance.now();
  console.log(`Building the web app (${built ? 'its sources changed since the last build' : 'no build yet'})…`);
  const result = spawnSync('npm', ['run', 'build', '-w', '@cryptads/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(hashFile, `${current}\n`);
  console.log(`Web app built (${((performance.now() - started) / 1000).toFixed(1)} s).`);
}
