import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
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

  it('two starts building at once keep one template and both get a copy', async () => {
    const templates = dir();
    const { calls, build } = countingBuild();
    const [a, b] = [dir(), dir()];
    const results = await Promise.all([
      fillFromTemplate(a, 'k2', build, templates),
      fillFromTemplate(b, 'k2', build, templates),
    ]);
    expect(results.filter((r) => r.built)).toHaveLength(1);
    expect(calls).toHaveLength(2);
    expect(existsSync(path.join(a, 'PG_VERSION')) && existsSync(path.join(b, 'PG_VERSION'))).toBe(true);
    expect(readdirSync(templates)).toEqual(['k2']);
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

describe('openDatabase on a fresh data directory with a template folder', () => {
  it('a second fresh database opens from the template, migrated', async () => {
    const templateDir = dir();
    for (const dataDir of [dir(), dir()]) {
      const database = await openDatabase({ dataDir, templateDir });
      try {
        const { rows } = (await database.db.execute(sql`select count(*)::int as n from users`)) as unknown as {
          rows: { n: number }[];
        };
        expect(rows[0]?.n).toBe(0);
      } finally {
        await database.close();
      }
    }
    expect(readdirSync(templateDir)).toHaveLength(1);
    // PGlite's initdb and every migration on disk, then three starts from disk: 11-12 s on a
    // lightly loaded machine, 16-26 s when it is the worker's first database (the WASM's functions
    // compile as they first run), and five times that on a busy two-core machine.
  }, 120_000);
});
