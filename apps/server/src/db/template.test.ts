import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from './client';
import { fillFromTemplate, isFreshDataDir, templateKey } from './template';

const scratch = mkdtempSync(path.join(tmpdir(), 'cryptads-template-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let n = 0;
const dir = () => path.join(scratch, `d${n++}`);

/** A build that writes one file and counts itself. */
function countingBuild() {
  const calls: string[] = [];
  return {
    calls,
    build: async (folder: string) => {
      calls.push(folder);
      mkdirSync(folder, { recursive: true });
      writeFileSync(path.join(folder, 'PG_VERSION'), '17');
    },
  };
}

describe('fillFromTemplate', () => {
  it('builds the template once, then every fresh data directory is a copy of it', async () => {
    const templates = dir();
    const { calls, build } = countingBuild();
    const first = dir();
    expect(await fillFromTemplate(first, 'k1', build, templates)).toEqual({ built: true });
    const second = dir();
    expect(await fillFromTemplate(second, 'k1', build, templates)).toEqual({ built: false });
    expect(calls).toHaveLength(1);
    expect(readFileSync(path.join(second, 'PG_VERSION'), 'utf8')).toBe('17');
    // Only the finished template is left: no half-built folder.
    expect(readdirSync(templates)).toEqual(['k1']);
  });

  it('two fresh data directories opened at once in one process share one build', async () => {
    const templates = dir();
    const { calls, build } = countingBuild();
    const [a, b] = [dir(), dir()];
    const results = await Promise.all([
      fillFromTemplate(a, 'k2', build, templates),
      fillFromTemplate(b, 'k2', build, templates),
    ]);
    expect(results.filter((r) => r.built)).toHaveLength(1);
    expect(calls).toHaveLength(1);
    expect(existsSync(path.join(a, 'PG_VERSION')) && existsSync(path.join(b, 'PG_VERSION'))).toBe(true);
    expect(readdirSync(templates)).toEqual(['k2']);
  });

  it('two processes building at once keep one template and both get a copy', async () => {
    const templates = dir();
    // The same folder under another name: as another process, this one does not know of the first build.
    const sameFolder = `${templates}-link`;
    mkdirSync(templates);
    symlinkSync(templates, sameFolder);
    const { calls, build } = countingBuild();
    const [a, b] = [dir(), dir()];
    const results = await Promise.all([
      fillFromTemplate(a, 'k5', build, templates),
      fillFromTemplate(b, 'k5', build, sameFolder),
    ]);
    expect(results.filter((r) => r.built)).toHaveLength(1);
    expect(calls).toHaveLength(2);
    expect(existsSync(path.join(a, 'PG_VERSION')) && existsSync(path.join(b, 'PG_VERSION'))).toBe(true);
    expect(readdirSync(templates)).toEqual(['k5']);
  });

  it('the copy lands whole: nothing is left beside the data directory', async () => {
    const templates = dir();
    const parent = dir();
    const dataDir = path.join(parent, 'db');
    await fillFromTemplate(dataDir, 'k3', countingBuild().build, templates);
    expect(readdirSync(parent)).toEqual(['db']);
    expect(readdirSync(dataDir)).toEqual(['PG_VERSION']);
  });

  it('a build folder abandoned for an hour (a start stopped during its build) is removed, a recent one is kept', async () => {
    const templates = dir();
    mkdirSync(path.join(templates, '.k4-abandoned'), { recursive: true });
    mkdirSync(path.join(templates, '.k4-building'), { recursive: true });
    const hourAgo = new Date(Date.now() - 3_700_000);
    utimesSync(path.join(templates, '.k4-abandoned'), hourAgo, hourAgo);
    await fillFromTemplate(dir(), 'k4', countingBuild().build, templates);
    expect(readdirSync(templates).sort()).toEqual(['.k4-building', 'k4']);
  });

  it('a missing or empty data directory is fresh, one with anything in it is not', () => {
    const d = dir();
    expect(isFreshDataDir(d)).toBe(true);
    mkdirSync(d);
    expect(isFreshDataDir(d)).toBe(true);
    writeFileSync(path.join(d, 'PG_VERSION'), '17');
    expect(isFreshDataDir(d)).toBe(false);
  });

  it('a changed migration changes the key', () => {
    const migrations = dir();
    mkdirSync(path.join(migrations, 'meta'), { recursive: true });
    writeFileSync(path.join(migrations, '0000_init.sql'), 'create table a (id int);');
    const before = templateKey(migrations);
    writeFileSync(path.join(migrations, '0000_init.sql'), 'create table a (id bigint);');
    expect(templateKey(migrations)).not.toBe(before);
  });
});

/** What the migrations made: tables, columns, indexes, constraints, functions, triggers, views, types, extensions and drizzle's record of them. */
async function schemaOf(database: Database): Promise<string[]> {
  const { rows } = (await database.db.execute(sql`
    select 'column ' || table_schema || '.' || table_name || '.' || column_name || ' ' || data_type || ' ' ||
      is_nullable || ' ' || coalesce(column_default, '') as item
      from information_schema.columns where table_schema in ('public', 'drizzle')
    union all select 'index ' || indexdef from pg_indexes where schemaname in ('public', 'drizzle')
    union all select 'constraint ' || conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid)
      from pg_constraint where connamespace in ('public'::regnamespace, 'drizzle'::regnamespace)
    union all select 'function ' || proname || ' ' || md5(pg_get_functiondef(oid))
      from pg_proc where pronamespace = 'public'::regnamespace and prokind = 'f'
    union all select 'trigger ' || pg_get_triggerdef(oid) from pg_trigger where not tgisinternal
    union all select 'view ' || viewname || ' ' || md5(definition) from pg_views where schemaname = 'public'
    union all select 'type ' || t.typname || ' ' || string_agg(e.enumlabel, ',' order by e.enumsortorder)
      from pg_type t join pg_enum e on e.enumtypid = t.oid group by t.typname
    union all select 'extension ' || extname || ' ' || extversion from pg_extension
    union all select 'migration ' || hash || ' ' || created_at from drizzle.__drizzle_migrations
    order by 1`)) as unknown as { rows: { item: string }[] };
  return rows.map((r) => r.item);
}

describe('openDatabase on a fresh data directory with a template folder', () => {
  it("a fresh database opens from the template, with the schema that drizzle's migrator makes", async () => {
    const templateDir = dir();
    // The tests' database, migrated statement by statement by drizzle (testing/global-setup.ts).
    const migrated = await openDatabase({ loadDataDir: inject('pgliteTemplate') });
    try {
      const expected = await schemaOf(migrated);
      expect(expected.filter((item) => item.startsWith('column public.users.')).length).toBeGreaterThan(5);
      for (const dataDir of [dir(), dir()]) {
        const database = await openDatabase({ dataDir, templateDir });
        try {
          const { rows } = (await database.db.execute(sql`select count(*)::int as n from users`)) as unknown as {
            rows: { n: number }[];
          };
          expect(rows[0]?.n).toBe(0);
          expect(await schemaOf(database)).toEqual(expected);
        } finally {
          await database.close();
        }
      }
    } finally {
      await migrated.close();
    }
    expect(readdirSync(templateDir)).toHaveLength(1);
    // PGlite's initdb and every migration (one batch) on disk, then three starts from disk:
    // 11-12 s on a lightly loaded machine, 16-26 s when it is the worker's first database (the
    // WASM's functions compile as they first run), and five times that on a busy two-core machine.
  }, 120_000);
});
