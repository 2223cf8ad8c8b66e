import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * A migrated, empty embedded data directory kept in the user's cache, one per set of
 * migrations and PGlite version (docs/decisions/050-first-start.md). A fresh data directory
 * starts as a copy of it: copying 45 MB takes a fraction of a second where running every
 * migration on PGlite takes 8-18 s. The first fresh start on a machine builds it.
 */

/** The installed PGlite's version (its package.json, found above its entry: the package exports no such path). */
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === '@electric-sql/pglite') return pkg.version ?? 'unknown';
  }
  return 'unknown';
}

/** What the template depends on: every migration file and the PGlite build that wrote it. */
export function templateKey(migrationsFolder: string): string {
  const hash = createHash('sha256');
  hash.update(`pglite ${pgliteVersion()}\n`);
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(`${path.relative(migrationsFolder, file)}\n`).update(readFileSync(file));
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}

/** A data directory PGlite has never written (missing or empty). */
export function isFreshDataDir(dataDir: string): boolean {
  return !existsSync(dataDir) || readdirSync(dataDir).length === 0;
}

/**
 * Fills the fresh `dataDir` from the template of `key`, building the template first with
 * `build(folder)` (open, migrate and close a database there) when there is none. Two processes
 * building at once each build their own and keep the first that lands. Answers whether the
 * template was built now.
 */
export async function fillFromTemplate(
  dataDir: string,
  key: string,
  build: (folder: string) => Promise<void>,
  folder: string,
): Promise<{ built: boolean }> {
  const template = path.join(folder, key);
  let built = false;
  if (!existsSync(template)) {
    mkdirSync(folder, { recursive: true });
    const building = path.join(folder, `.${key}-${randomBytes(4).toString('hex')}`);
    try {
      await build(building);
      try {
        renameSync(building, template);
        built = true;
      } catch (error) {
        // Another process's template landed first: the same migrations, so the same database.
        if (!existsSync(template)) throw error;
      }
    } finally {
      rmSync(building, { recursive: true, force: true });
    }
  }
  cpSync(template, dataDir, { recursive: true });
  return { built };
}
