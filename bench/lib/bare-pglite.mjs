// A bare PGlite in a process of its own, for bench/memory.ts: opened on the data directory given
// as the first argument with the extensions the server loads, nothing else. It prints `ready`
// once open; on a line `replay <file> <from> <to>` on stdin it runs the captured statements of
// that byte range of the file (capture-queries.mjs) and prints `replayed <ok> <failed>`.
import { openSync, readSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const db = await PGlite.create({ dataDir: process.argv[2], extensions: { pg_trgm } });
console.log('ready');

const decode = (value) => {
  if (value && typeof value === 'object' && '$bytes' in value) return Buffer.from(value.$bytes, 'base64');
  if (Array.isArray(value)) return value.map(decode);
  return value;
};

for await (const line of createInterface({ input: process.stdin })) {
  const [command, file, from, to] = line.split(' ');
  if (command !== 'replay') continue;
  const length = Number(to) - Number(from);
  const bytes = Buffer.alloc(length);
  readSync(openSync(file, 'r'), bytes, 0, length, Number(from));
  let ok = 0;
  let failed = 0;
  for (const json of bytes.toString('utf8').split('\n')) {
    if (!json) continue;
    const { text, values } = JSON.parse(json);
    try {
      await db.query(text, values.map(decode));
      ok++;
    } catch {
      // e.g. a transaction statement out of its context, a conflict the server's run did not have
      failed++;
    }
  }
  console.log(`replayed ${ok} ${failed}`);
}
await db.close();
