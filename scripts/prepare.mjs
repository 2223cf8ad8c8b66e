// The root package's postinstall, after node-runtime.mjs: prepares what the first `npm start`
// would otherwise wait for (docs/decisions/060-first-start-on-a-new-machine.md), side by side:
//   - the web build, through apps/web/scripts/build-if-stale.mjs (nothing when it is current);
//   - the embedded database's migrated template in ~/.cache/cryptads (nothing when it exists).
// One line each; their own output only when they fail. A failure never fails `npm install`:
// `npm start` then does the same work itself. CRYPTADS_PREPARE=0 skips both.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

if (process.env.CRYPTADS_PREPARE === '0') {
  console.log('Cryptads: CRYPTADS_PREPARE=0, the first npm start builds the web app and the database.');
  process.exit(0);
}

/** Runs `args` with this Node, its output kept; answers the exit code, the output and the seconds it took. */
function run(args) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', (error) => resolve({ code: 1, output: String(error), seconds: 0 }));
    child.on('close', (code) =>
      resolve({ code: code ?? 1, output, seconds: ((performance.now() - started) / 1000).toFixed(1) }),
    );
  });
}

const tail = (output) => output.trim().split('\n').slice(-20).join('\n');

const tasks = [
  {
    args: ['apps/web/scripts/build-if-stale.mjs'],
    done: (r) => (/is current/.test(r.output) ? 'the web app is built already' : `web app built (${r.seconds} s)`),
    failed: 'the web app could not be built now; npm start will build it',
  },
  {
    args: ['--import', 'tsx', 'apps/server/src/db/prepare-template.ts'],
    done: (r) => r.output.trim().split('\n').at(-1),
    failed: 'the database template could not be prepared now; the first npm start will create it',
  },
];

console.log('Cryptads: preparing the web app and the database for the first npm start…');
const results = await Promise.all(tasks.map((task) => run(task.args)));
tasks.forEach((task, i) => {
  const result = results[i];
  if (result.code === 0) console.log(`Cryptads: ${task.done(result)}`);
  else console.warn(`Cryptads: ${task.failed}:\n${tail(result.output)}`);
});
