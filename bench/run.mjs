// npm run bench: the request-path, first-load and Lighthouse measurements (the budgets of docs/architecture.md#budgets), one after the other
// so that none takes the CPU from another. Nothing here asserts: each script prints its table,
// written down in bench/RESULTS.md.
//   1. bench/scale.ts: GET /api/user (embedded database, paced 1,000 req/s) and /serve (paced
//      2,000 req/s, embedded database and PostgreSQL), each beside a Fastify hello-world
//      measured in the same run;
//   2. bench/first-load.mjs: the bytes of each route's first load, as Chromium downloads them;
//   3. bench/lighthouse.mjs: Lighthouse performance of /login/ and the dashboard, mobile and desktop.
// BENCH_ONLY=scale,first-load,lighthouse picks some; the other knobs are in bench/README.md.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const steps = [
  { name: 'scale', args: ['--import', 'tsx', 'bench/scale.ts'], env: { BENCH_PORT: '3465' } },
  { name: 'first-load', args: ['bench/first-load.mjs'], env: { FIRST_LOAD_PORT: '3463' } },
  { name: 'lighthouse', args: ['bench/lighthouse.mjs'], env: { LIGHTHOUSE_PORT: '3464' } },
];
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());

let failed = 0;
for (const step of steps) {
  if (only && !only.includes(step.name)) continue;
  console.log(`\n=== ${step.name} (node ${step.args.join(' ')})`);
  const code = await new Promise((resolve) => {
    // A port the caller chose wins over this script's defaults.
    const child = spawn(process.execPath, step.args, {
      cwd: root,
      stdio: 'inherit',
      env: { ...step.env, ...process.env },
    });
    child.on('exit', (c) => resolve(c ?? 1));
  });
  if (code !== 0) {
    failed++;
    console.log(`=== ${step.name} failed (exit ${code}); the next measurements still run`);
  }
}
process.exit(failed ? 1 : 0);
