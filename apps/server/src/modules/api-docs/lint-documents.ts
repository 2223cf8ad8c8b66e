import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApiDocuments } from './openapi';

/**
 * `npm run lint:openapi`: writes /api/openapi.json and /api/v1/openapi.json to a temporary
 * folder, from the endpoint table (no database, no server), and lints both with Redocly's
 * recommended rules plus ours (redocly.yaml). Exits with Redocly's status.
 */
const root = fileURLToPath(new URL('../../../../../', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'cryptads-openapi-'));
try {
  const { full, v1 } = await buildApiDocuments({ productName: 'Cryptads' });
  const files = [path.join(dir, 'openapi.json'), path.join(dir, 'v1-openapi.json')];
  writeFileSync(files[0] as string, JSON.stringify(full));
  writeFileSync(files[1] as string, JSON.stringify(v1));
  const result = spawnSync(
    path.join(root, 'node_modules', '.bin', 'redocly'),
    ['lint', '--config', path.join(root, 'redocly.yaml'), '--format', 'summary', ...files],
    // No telemetry and no update check: CI stays offline.
    { stdio: 'inherit', env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
  );
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
