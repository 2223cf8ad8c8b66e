// Loaded into a server by bench/memory.ts (BENCH_NODE_ARGS=--import …): every statement the
// server sends its database through node-postgres is appended, with its parameters, as one
// JSON line to BENCH_CAPTURE_FILE, written at once (nothing kept in memory). The bench replays
// the lines written during its load on a bare PGlite: the same query mix.
import { appendFileSync } from 'node:fs';
import pg from 'pg';

const file = process.env.BENCH_CAPTURE_FILE;
if (file) {
  const encode = (value) => {
    if (typeof value === 'bigint') return value.toString();
    if (value instanceof Date) return value.toISOString();
    if (value instanceof Uint8Array) return { $bytes: Buffer.from(value).toString('base64') };
    if (Array.isArray(value)) return value.map(encode);
    return value;
  };
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (config, values, callback) {
    const text = typeof config === 'string' ? config : config?.text;
    const params = Array.isArray(values) ? values : config?.values;
    if (typeof text === 'string')
      appendFileSync(file, `${JSON.stringify({ text, values: (params ?? []).map(encode) })}\n`);
    return query.call(this, config, values, callback);
  };
}
