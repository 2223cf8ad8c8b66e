/**
 * Builds this machine's migrated template of the embedded database when there is none: run by
 * `npm install` (scripts/prepare.mjs), so that the first `npm start` copies it instead of
 * waiting for PGlite's initdb and the migrations (docs/decisions/060). Needs no configuration
 * but where templates are kept (PGLITE_TEMPLATE_DIR, XDG_CACHE_HOME, from .env too); prints one
 * line. Nothing to do with DATABASE_URL set: PostgreSQL needs no template.
 */
import { prepareTemplate } from './embedded';
import { templateDirOf } from './template';

try {
  process.loadEnvFile();
} catch {
  // no .env
}
if (process.env.DATABASE_URL) {
  console.log('DATABASE_URL is set: no embedded database to prepare');
} else {
  const started = performance.now();
  const folder = templateDirOf(process.env);
  const { built } = await prepareTemplate(folder);
  console.log(
    built
      ? `database template created in ${folder} (${((performance.now() - started) / 1000).toFixed(1)} s)`
      : `the database template is in ${folder} already`,
  );
}
