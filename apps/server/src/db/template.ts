import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';

/**
 * A migrated, empty embedded data directory kept in the user's cache, one per set of
 * migrations and PGlite version (docs/decisions/050-first-start.md). A fresh data directory
 * starts as a copy of it: copying 45 MB takes a fraction of a second where PGlite's initdb and
 * every migration take 15-17 s of CPU. `npm install` builds it (scripts/prepare.mjs); a first
 * start that finds none builds it (docs/decisions/060-first-start-on-a-new-machine.md).
 */

/**
 * Where the templates are kept: PGLITE_TEMPLATE_DIR, else `cryptads/pglite-templates` in the
 * user's cache folder ($XDG_CACHE_HOME, else ~/.cache). Read by config.ts and by the install's
 * preparation (db/prepare-template.ts), which must not need the rest of the configuration.
 */
export function templateDirOf(env: { PGLITE_TEMPLATE_DIR?: string; XDG_CACHE_HOME?: string }): string {
  if (env.PGLITE_TEMPLATE_DIR) return env.PGLITE_TEMPLATE_DIR;
  return path.join(env.XDG_CACHE_HOME || path.join(homedir(), '.cache'), 'cryptads', 'pglite-templates');
}

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

/** Builds in progress in this process, by template: a second caller waits for the first (startup.ts begins one early). */
const building = new Map<string, Promise<{ template: string; built: boolean }>>();

/**
 * The template of `key` in `folder`, built first with `build(folder)` (open, migrate and close
 * a database there) when there is none. Two callers in one process share one build; two
 * processes building at once each build their own and keep the first that lands. Answers its
 * path and whether this call built it.
 */
export function ensureTemplate(
  key: string,
  build: (folder: string) => Promise<void>,
  folder: string,
): Promise<{ template: string; built: boolean }> {
  const template = path.join(folder, key);
  if (existsSync(template)) return Promise.resolve({ template, built: false });
  const pending = building.get(template);
  if (pending) return pending.then((result) => ({ ...result, built: false }));
  const started = buildTemplateOnce(template, key, build, folder).finally(() => building.delete(template));
  building.set(template, started);
  return started;
}

async function buildTemplateOnce(
  template: string,
  key: string,
  build: (folder: string) => Promise<void>,
  folder: string,
): Promise<{ template: string; built: boolean }> {
  mkdirSync(folder, { recursive: true });
  removeAbandonedBuilds(folder);
  const building = path.join(folder, `.${key}-${randomBytes(4).toString('hex')}`);
  try {
    await build(building);
    try {
      renameSync(building, template);
      return { template, built: true };
    } catch (error) {
      // Another process's template landed first: the same migrations, so the same database.
      if (!existsSync(template)) throw error;
      return { template, built: false };
    }
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
}

/** A build folder untouched for an hour was left by a process that ended during its build (Ctrl-C). */
function removeAbandonedBuilds(folder: string) {
  for (const name of readdirSync(folder)) {
    if (!name.startsWith('.')) continue;
    const full = path.join(folder, name);
    try {
      if (Date.now() - statSync(full).mtimeMs > 3_600_000) rmSync(full, { recursive: true, force: true });
    } catch {
      // gone already: another process removed it
    }
  }
}

/**
 * Fills the fresh `dataDir` from the template of `key` (built first when there is none, see
 * ensureTemplate). The copy is made beside `dataDir` and renamed into place, so a process
 * stopped during the copy leaves no half-filled data directory behind.
 */
export async function fillFromTemplate(
  dataDir: string,
  key: string,
  build: (folder: string) => Promise<void>,
  folder: string,
): Promise<{ built: boolean }> {
  const { template, built } = await ensureTemplate(key, build, folder);
  const copying = `${dataDir}.copying-${randomBytes(4).toString('hex')}`;
  mkdirSync(path.dirname(dataDir), { recursive: true });
  try {
    cpSync(template, copying, { recursive: true });
    // Replaces the missing or empty `dataDir` (rename may replace an empty directory).
    renameSync(copying, dataDir);
  } finally {
    rmSync(copying, { recursive: true, force: true });
  }
  return { built };
}

/**
 * Every migration of `migrationsFolder` as one SQL text, for a database that has none yet (a
 * template being built): the statements in order, then the rows drizzle's migrator writes in
 * drizzle.__drizzle_migrations (each file's hash and journal time), all in one transaction, as
 * drizzle runs them. Sent as one simple query it costs one round trip instead of one per
 * statement (about 1 s of CPU instead of 2.4 s on PGlite), and drizzle's migrator, run on
 * every open, then finds nothing to do.
 */
export function migrationBatch(migrationsFolder: string): string {
  const migrations = readMigrationFiles({ migrationsFolder });
  const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;
  return (
    [
      'CREATE SCHEMA IF NOT EXISTS "drizzle"',
      'CREATE TABLE IF NOT EXISTS "drizzle"."__drizzle_migrations" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)',
      'BEGIN',
      ...migrations.flatMap((m) => [
        ...m.sql.map((statement) => statement.trim()).filter(Boolean),
        `INSERT INTO "drizzle"."__drizzle_migrations" ("hash", "created_at") VALUES (${quote(m.hash)}, ${m.folderMillis})`,
      ]),
      'COMMIT',
    ]
      // On a line of its own: a statement may end with a `--` comment.
      .map((statement) => `${statement}\n;`)
      .join('\n')
  );
}
