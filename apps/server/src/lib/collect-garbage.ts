import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full garbage collection of this thread's heap, now. V8 collects its old generation only
 * when that generation reaches a limit it raises as the heap grows: after a one-off bulk job
 * (the demo seed, about 70 MB of garbage on the main thread) the process kept that garbage,
 * and the pages holding it, for as long as nothing else filled the heap (bench/memory.ts,
 * docs/decisions/064). Only for such a moment, never on a request's path: a full collection
 * stops this thread for tens of milliseconds.
 *
 * The `gc` function is V8's (`--expose-gc`), enabled here on its own and taken from a new
 * context, so the server's global object never gets a `gc` (what Jest does to find leaks).
 */
type Gc = (options?: { type?: 'major'; execution?: 'sync'; flavor?: 'regular' | 'last-resort' }) => void;
let gc: Gc | undefined;
export function collectGarbage() {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as Gc;
  }
  // 'last-resort': V8 collects everything it can and gives the freed pages back to the system
  // at once (a regular collection left them pooled until its memory reducer ran, 8 s later).
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}
