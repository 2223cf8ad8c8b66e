import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { users } from '../db/schema/users';
import { DEMO_ACCOUNTS } from '../seed/demo';
import { DEMO_GOALS } from '../seed/demo-conversions';
import { startTrickle, type Trickle } from './trickle';
import { loadActiveZones } from './world';

/** Where the server's own endpoints answer, from the address it listens on. */
export function ownBaseUrl(
  address: string | { address: string; family: string; port: number } | null,
  fallbackPort: number,
) {
  if (!address || typeof address === 'string') return `http://127.0.0.1:${fallbackPort}`;
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  if (wildcard) return `http://127.0.0.1:${address.port}`;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * Starts the demo trickle when the demo publisher exists: its Active zones, visited through
 * the server's own /serve and /click, and a share of the clicks convert through /pixel.gif. Null when there is no demo world.
 */
export async function startDemoTrickle(
  ctx: Pick<AppContext, 'db' | 'config'>,
  baseUrl: string,
  log: { debug: (obj: object, msg: string) => void },
  opts: { everyMs?: number; maxVisitorsPerTick?: number } = {},
): Promise<Trickle | null> {
  const email = DEMO_ACCOUNTS.find((a) => a.type === 2)?.email ?? '';
  const [publisher] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (!publisher) return null;
  return startTrickle({
    baseUrl,
    geoHeader: ctx.config.delivery.geo.header,
    log,
    // About one click in ten converts on the demo campaigns' landing pages.
    conversion: { share: 0.1, goals: DEMO_GOALS.map((g) => g.name) },
    ...opts,
    loadZones: async () =>
      (await loadActiveZones(ctx.db, { publisherIds: [publisher.id] })).map((z) => ({
        unique: z.unique,
        format: z.format,
        size: z.size,
      })),
  });
}
