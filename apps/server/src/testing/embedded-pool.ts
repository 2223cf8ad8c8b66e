import pg from 'pg';
import { connectEmbedded, type Database, DEFAULT_APPLICATION_NAME, type Embedded, startEmbedded } from '../db/client';

/**
 * The API tests' embedded databases, kept per vitest worker (docs/decisions/065). Starting one
 * (a worker thread, PGlite's WebAssembly, the migrated template unpacked and PostgreSQL's
 * start) cost about 2 s of CPU per test app; a test app now gets a database that an earlier
 * app of the same worker closed, restored to the migrated template first: the tables that
 * hold rows are truncated (the template's own rows put back), the sequences restarted. A
 * database whose schema is no longer the template's (a test that altered a table and did
 * not undo it, or one that ended mid-way) is closed instead, and a new one started: every
 * test app still starts on exactly the migrated template.
 */

/** What a database holds as the migrated template: compared and restored before each reuse. */
type Template = {
  /** Every table of the application's schemas (and drizzle's migration journal). */
  tables: string[];
  /** The tables the migrations fill (the ledger's accounts, the journal), as JSON, and a hash of their rows. */
  rows: Map<string, { json: string; hash: string }>;
  /** Each sequence's last value in the template (null: never called). */
  sequences: Map<string, string | null>;
  /** A hash of the schema: relations, columns, defaults, constraints, indexes, triggers, functions, roles. */
  schema: string;
};

const userNamespaces = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'`;

/** One text per schema object; its md5 changes with any DDL a test leaves behind. */
const SCHEMA_HASH = `select md5(coalesce(string_agg(item, E'\\n' order by item), '')) as hash from (
  select format('rel %s %s %s %s %s', c.oid::regclass, c.relkind, c.relrowsecurity, c.reloptions, c.relpersistence) as item
    from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${userNamespaces}
  union all select format('col %s %s %s %s %s %s', a.attrelid::regclass, a.attname, a.atttypid::regtype, a.attnotnull, a.attisdropped,
      pg_get_expr(d.adbin, d.adrelid))
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where ${userNamespaces} and a.attnum > 0
  union all select format('con %s %s %s', co.conrelid::regclass, co.conname, pg_get_constraintdef(co.oid))
    from pg_constraint co join pg_namespace n on n.oid = co.connamespace where ${userNamespaces}
  union all select format('idx %s', pg_get_indexdef(i.indexrelid))
    from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace where ${userNamespaces}
  union all select format('trg %s %s %s %s', t.tgrelid::regclass, t.tgname, t.tgenabled, t.tgfoid::regprocedure)
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace where ${userNamespaces}
  union all select format('fn %s %s', p.oid::regprocedure, md5(p.prosrc))
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${userNamespaces}
  union all select format('type %s %s', t.oid::regtype, t.typtype) from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where ${userNamespaces} and t.typtype in ('e', 'd', 'c')
  union all select format('enum %s %s %s', e.enumtypid::regtype, e.enumsortorder, e.enumlabel) from pg_enum e
  union all select format('role %s %s', r.rolname, r.rolsuper) from pg_roles r
  union all select format('setting %s %s', s.setdatabase, s.setconfig) from pg_db_role_setting s
  union all select format('ext %s %s', x.extname, x.extversion) from pg_extension x
  union all select format('ns %s', n.nspname) from pg_namespace n where ${userNamespaces}
  union all select format('policy %s %s', p.polrelid::regclass, p.polname) from pg_policy p
) items`;

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;
/** A hash of a table's rows, whatever their physical order. */
const rowsHash = (table: string) =>
  `(select md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) from ${table} t)`;

async function readTemplate(client: pg.Client): Promise<Template> {
  const { rows: tables } = await client.query<{ name: string }>(
    `select c.oid::regclass::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and ${userNamespaces} order by 1`,
  );
  const rows = new Map<string, { json: string; hash: string }>();
  for (const { name } of tables) {
    const { rows: filled } = await client.query<{ json: string | null; hash: string }>(
      `select (select json_agg(t)::text from ${name} t) as json, ${rowsHash(name)} as hash`,
    );
    const [{ json, hash }] = filled as [{ json: string | null; hash: string }];
    if (json) rows.set(name, { json, hash });
  }
  const { rows: sequences } = await client.query<{ name: string; last_value: string | null }>(
    `select format('%I.%I', schemaname, sequencename) as name, last_value::text from pg_sequences`,
  );
  const { rows: schema } = await client.query<{ hash: string }>(SCHEMA_HASH);
  return {
    tables: tables.map((t) => t.name),
    rows,
    sequences: new Map(sequences.map((s) => [s.name, s.last_value])),
    schema: (schema[0] as { hash: string }).hash,
  };
}

/**
 * Puts the database back to the template: answers false (and changes nothing) when its schema
 * is no longer the template's.
 */
async function restore(client: pg.Client, template: Template): Promise<boolean> {
  // Whatever the last connection left open in PGlite's one session (it outlives the connection).
  await client.query('rollback');
  const { rows: schema } = await client.query<{ hash: string }>(SCHEMA_HASH);
  if ((schema[0] as { hash: string }).hash !== template.schema) return false;
  // One query: the tables that hold rows (or whose template rows changed), the sequences that moved.
  const changed = template.tables.map((table) => {
    const rows = template.rows.get(table);
    const test = rows ? `${rowsHash(table)} <> ${quote(rows.hash)}` : `exists (select from ${table})`;
    return `select ${quote(table)} as name where ${test}`;
  });
  const { rows: dirty } = await client.query<{ name: string }>(changed.join('\nunion all '));
  const { rows: moved } = await client.query<{ name: string; last_value: string | null }>(
    `select format('%I.%I', schemaname, sequencename) as name, last_value::text from pg_sequences`,
  );
  const statements: string[] = [];
  if (dirty.length > 0) {
    // As a restore: the rows put back are the template's; no trigger (the audit log's
    // append-only guard refuses a TRUNCATE) and no foreign key check in between. CASCADE may
    // empty a table the migrations filled (one that refers to a truncated one): those are
    // always truncated and filled again (a few rows).
    const truncated = new Set([...dirty.map((d) => d.name), ...template.rows.keys()]);
    statements.push('set session_replication_role = replica', `truncate ${[...truncated].join(', ')} cascade`);
    for (const [name, rows] of template.rows)
      statements.push(
        `insert into ${name} overriding system value select * from json_populate_recordset(null::${name}, ${quote(rows.json)})`,
      );
    statements.push('reset session_replication_role');
  }
  for (const { name, last_value } of moved) {
    const before = template.sequences.get(name) ?? null;
    if (last_value === before) continue;
    statements.push(
      before === null ? `alter sequence ${name} restart` : `select setval(${quote(name)}, ${before}, true)`,
    );
  }
  if (statements.length > 0) await client.query(['begin', ...statements, 'commit'].join(';\n'));
  return true;
}

type Kept = { embedded: Embedded; template: Template };

/** Databases closed by their test app, ready for the next one (this vitest worker's). */
const idle: Kept[] = [];
/** The template as read from the first database of this worker (every later one starts from the same tarball). */
let template: Template | undefined;
/** How many databases this worker started (its tests read it). */
let startedCount = 0;
export const startedDatabases = () => startedCount;
/** How many databases wait for their next test app in this worker (its tests read it). */
export const idleDatabases = () => idle.length;

function connect(embedded: Embedded) {
  return new pg.Client({ host: embedded.socketDir, user: 'postgres', database: 'postgres' });
}

/** A restore takes a fraction of a second; one that waits longer waits on a session a test left stuck. */
const RESTORE_TIMEOUT_MS = 5_000;

async function reuse(kept: Kept): Promise<boolean> {
  const client = connect(kept.embedded);
  let timer: NodeJS.Timeout | undefined;
  try {
    const stuck = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no restore within ${RESTORE_TIMEOUT_MS} ms`)), RESTORE_TIMEOUT_MS);
    });
    return await Promise.race([client.connect().then(() => restore(client, kept.template)), stuck]);
  } catch (error) {
    // The thread ended (a test broke it), or the restore failed: a new database instead.
    console.warn(`embedded test database not reused: ${(error as Error).message}`);
    return false;
  } finally {
    clearTimeout(timer);
    void client.end().catch(() => {});
  }
}

async function start(loadDataDir: string): Promise<Kept> {
  const embedded = await startEmbedded('memory://', loadDataDir);
  startedCount++;
  if (!template) {
    const client = connect(embedded);
    await client.connect();
    try {
      template = await readTemplate(client);
    } finally {
      await client.end();
    }
  }
  return { embedded, template };
}

/**
 * A database on the migrated template `loadDataDir` (a tarball: the global setup's), reached
 * through node-postgres as the server does; its `close` gives it back to this worker's pool.
 */
export async function embeddedTestDatabase(loadDataDir: string): Promise<Database> {
  let kept: Kept | undefined;
  while (!kept) {
    const candidate = idle.pop();
    if (!candidate) {
      kept = await start(loadDataDir);
      continue;
    }
    candidate.embedded.worker.ref();
    if (await reuse(candidate)) kept = candidate;
    // Not reusable: its thread ends (a stuck session would keep a clean close waiting).
    else await candidate.embedded.worker.terminate();
  }
  const taken = kept;
  let closed = false;
  return connectEmbedded(taken.embedded, DEFAULT_APPLICATION_NAME, async () => {
    if (closed) return;
    closed = true;
    // An idle database keeps no vitest worker alive.
    taken.embedded.worker.unref();
    idle.push(taken);
  });
}
