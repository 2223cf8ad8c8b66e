import { sql } from 'drizzle-orm';
import { FILTER_REASON_LABELS, type FilterReason } from '@cryptads/contract/delivery';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { Job } from '../../jobs/runner';

/**
 * Zones whose filtered share is high (docs/decisions/019-invalid-traffic.md): over the last
 * IVT_FLAG_WINDOW_HOURS, filtered events / all events > IVT_FLAG_SHARE with at least
 * IVT_FLAG_MIN_EVENTS events. The operator lists them (`traffic flagged`); a job logs a
 * warning once per zone when it becomes flagged.
 */
export type FlaggedZone = {
  zoneId: number;
  zone: string;
  alias: string;
  domain: string;
  publisherId: number;
  filtered: number;
  total: number;
  /** Filtered / total, 0..1. */
  share: number;
  /** The reasons with the most filtered events, most first (at most 3). */
  reasons: { reason: string; label: string; events: number }[];
};

type Options = { share: number; minEvents: number; hours: number };

export async function flaggedZones(db: DbOrTx, opts: Options, now: Date = new Date()): Promise<FlaggedZone[]> {
  const from = new Date(now.getTime() - opts.hours * 3_600_000).toISOString();
  const rows = (
    (await db.execute(sql`with f as (
          select zone_id, sum(impressions + clicks) as filtered from filtered_hourly
          where hour >= ${from}::timestamptz group by zone_id),
        b as (
          select zone_id, sum(impressions + clicks) as billed from stats_hourly
          where hour >= ${from}::timestamptz and zone_id in (select zone_id from f) group by zone_id)
        select f.zone_id, f.filtered::text as filtered, coalesce(b.billed, 0)::text as billed,
          z.unique, z.alias, w.domain, w.owner_id as publisher_id
        from f left join b on b.zone_id = f.zone_id
        left join zones z on z.id = f.zone_id
        left join websites w on w.id = z.website_id`)) as unknown as {
      rows: {
        zone_id: number | string;
        filtered: string;
        billed: string;
        unique: string | null;
        alias: string | null;
        domain: string | null;
        publisher_id: number | string | null;
      }[];
    }
  ).rows;
  const flagged = rows
    .map((r) => {
      const filtered = Number(r.filtered);
      const total = filtered + Number(r.billed);
      return {
        zoneId: Number(r.zone_id),
        zone: r.unique ?? '',
        alias: r.alias ?? '',
        domain: r.domain ?? '',
        publisherId: Number(r.publisher_id ?? 0),
        filtered,
        total,
        share: total > 0 ? filtered / total : 0,
        reasons: [] as FlaggedZone['reasons'],
      };
    })
    .filter((z) => z.total >= opts.minEvents && z.share > opts.share)
    .sort((a, b) => b.share - a.share || b.total - a.total);
  if (!flagged.length) return [];
  const ids = `{${flagged.map((z) => z.zoneId).join(',')}}`;
  const reasons = (
    (await db.execute(sql`select zone_id, reason, sum(impressions + clicks)::text as events from filtered_hourly
        where hour >= ${from}::timestamptz and zone_id = any(${ids}::int[])
        group by zone_id, reason order by 3 desc`)) as unknown as {
      rows: { zone_id: number | string; reason: string; events: string }[];
    }
  ).rows;
  const byZone = new Map(flagged.map((z) => [z.zoneId, z]));
  for (const r of reasons) {
    const z = byZone.get(Number(r.zone_id));
    if (!z || z.reasons.length >= 3) continue;
    z.reasons.push({
      reason: r.reason,
      label: FILTER_REASON_LABELS[r.reason as FilterReason] ?? r.reason,
      events: Number(r.events),
    });
  }
  for (const z of flagged) z.reasons.sort((a, b) => b.events - a.events || a.reason.localeCompare(b.reason));
  return flagged;
}

export const flagOptions = (config: AppContext['config']): Options => ({
  share: config.delivery.ivt.flagShare,
  minEvents: config.delivery.ivt.flagMinEvents,
  hours: config.delivery.ivt.flagWindowHours,
});

export function formatFlagged(zones: FlaggedZone[], hours: number): string {
  if (!zones.length) return `no flagged zone in the last ${hours} h`;
  return zones
    .map(
      (z) =>
        `zone ${z.zone} (${z.alias} · ${z.domain}, publisher #${z.publisherId}): ${(z.share * 100).toFixed(1)} % filtered ` +
        `(${z.filtered} of ${z.total}); ${z.reasons.map((r) => `${r.reason} ${r.events}`).join(', ')}`,
    )
    .join('\n');
}

type WarnLog = { warn: (o: object, m: string) => void };

/**
 * Checks the zones every 10 minutes and logs a warning once per zone when it becomes flagged
 * (again after it was no longer flagged). The memory of warned zones is per process.
 */
export function flaggedZonesJob(log: WarnLog): Job & { warned: Set<number> } {
  const warned = new Set<number>();
  return {
    name: 'ivt-flagged-zones',
    everyMs: 10 * 60_000,
    warned,
    async run(ctx) {
      const zones = await flaggedZones(ctx.db, flagOptions(ctx.config));
      const now = new Set(zones.map((z) => z.zoneId));
      for (const id of warned) if (!now.has(id)) warned.delete(id);
      for (const z of zones) {
        if (warned.has(z.zoneId)) continue;
        warned.add(z.zoneId);
        log.warn(
          {
            zone: z.zone,
            domain: z.domain,
            publisherId: z.publisherId,
            share: Math.round(z.share * 1000) / 1000,
            filtered: z.filtered,
            total: z.total,
            reasons: z.reasons.map((r) => r.reason),
          },
          'zone flagged: high share of invalid traffic',
        );
      }
    },
  };
}
