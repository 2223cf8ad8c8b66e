import type { Config } from './config';

export type ProcessRole = Config['role'];

/**
 * What a process of each role runs (docs/decisions/030-process-roles.md). `all` is the one
 * process of a small deployment and of the embedded database; a deployment of several runs
 * `api` processes behind the web address, `delivery` processes behind the ad-serving address
 * and one `worker`. Every role answers /api/health and /api/ready.
 */
export function roleParts(role: ProcessRole) {
  return {
    /** The /api routes, the web app and the pages beside them (mailbox, uploads, sandboxes, webhooks). */
    api: role === 'all' || role === 'api',
    /** /tag.js, /serve and /click, with the engine's index in memory. */
    serve: role === 'all' || role === 'delivery',
    /** Records the delivery events (the stream's consumer). */
    consume: role === 'all' || role === 'worker',
    /** Scheduled jobs and the domain-event worker: the work no request waits for. */
    background: role === 'all' || role === 'worker',
    /** The demo world and its trickle of visitors through this process's own /serve. */
    demo: role === 'all',
  };
}
