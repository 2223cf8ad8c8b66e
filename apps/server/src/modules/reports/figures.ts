import { type SQL, sql } from 'drizzle-orm';
import { perUnitMicros } from '@cryptads/contract/money';
import { viewabilityRateOf } from '@cryptads/contract/viewability';
import type { DbOrTx } from '../../db/client';

/** Figures as the reports and lists show them (CTR, eCPM, micro-euros), and the lifetime figures of the lists. */

/** Billed figures; `measured` and `viewable` are impressions (docs/decisions/061-viewable-impressions.md). */
export type Figures = { impressions: number; clicks: number; moneyMicros: bigint; measured: number; viewable: number };
export const ZERO: Figures = { impressions: 0, clicks: 0, moneyMicros: 0n, measured: 0, viewable: 0 };

// ---------------------------------------------------------------- figures

/** clicks / impressions × 100, 2 decimals; 0 without impressions. */
export function ctrOf(impressions: number, clicks: number): number {
  return impressions > 0 ? Math.round((clicks / impressions) * 10_000) / 100 : 0;
}

/**
 * Micro-euros per thousand impressions, rounded half up to the micro-euro from exact micros
 * (the dashboard shows 3 decimals of euros, the public API all 6).
 */
export function eCpmOf(impressions: number, moneyMicros: bigint): bigint {
  if (impressions <= 0) return 0n;
  return perUnitMicros(moneyMicros * 1000n, impressions);
}

export type Filtered = { impressions: number; clicks: number };
const NOT_FILTERED: Filtered = { impressions: 0, clicks: 0 };

export const present = (f: Figures, filtered: Filtered = NOT_FILTERED) => ({
  impressions: f.impressions,
  clicks: f.clicks,
  money: f.moneyMicros,
  ctr: ctrOf(f.impressions, f.clicks),
  eCpm: eCpmOf(f.impressions, f.moneyMicros),
  filteredImpressions: filtered.impressions,
  filteredClicks: filtered.clicks,
  measuredImpressions: f.measured,
  viewableImpressions: f.viewable,
  viewabilityRate: viewabilityRateOf(f.measured, f.viewable),
});

/** Aggregates come back as text (bigint sums are numeric), the same on both drivers. */
export const figuresOf = (r: {
  impressions: unknown;
  clicks: unknown;
  money: unknown;
  measured?: unknown;
  viewable?: unknown;
}): Figures => ({
  impressions: Number(r.impressions ?? 0),
  clicks: Number(r.clicks ?? 0),
  moneyMicros: BigInt(String(r.money ?? '0')),
  measured: Number(r.measured ?? 0),
  viewable: Number(r.viewable ?? 0),
});

/** A PostgreSQL int[] literal, bound as ONE parameter (drizzle expands JS arrays into lists). */
export const intArray = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

// ---------------------------------------------------------------- list figures

/** `spent` is micro-euros: the answers' schemas write them as euros (money-schema.ts). */
export type ListFigures = { impressions: number; clicks: number; spent: bigint; ctr: number };
export const NO_FIGURES: ListFigures = { impressions: 0, clicks: 0, spent: 0n, ctr: 0 };

const listFigures = (f: Figures): ListFigures => ({
  impressions: f.impressions,
  clicks: f.clicks,
  spent: f.moneyMicros,
  ctr: ctrOf(f.impressions, f.clicks),
});

/** Lifetime figures of campaigns for their lists, in one grouped query over the daily totals. */
export async function campaignFigures(db: DbOrTx, campaignIds: number[]): Promise<Map<number, ListFigures>> {
  if (campaignIds.length === 0) return new Map();
  const rows = await rowsOf<{ id: number | string; impressions: string; clicks: string; money: string }>(
    db,
    sql`select campaign_id as id, sum(impressions)::text as impressions, sum(clicks)::text as clicks,
          sum(cost_micros)::text as money
        from campaign_spend_daily where campaign_id = any(${intArray(campaignIds)}::int[])
        group by campaign_id`,
  );
  return new Map(rows.map((r) => [Number(r.id), listFigures(figuresOf(r))]));
}

/**
 * Lifetime figures (earnings as `spent`) of a publisher's websites, in one grouped query; of
 * one of them with `websiteId` (the detail answers the same figures as the list).
 */
export async function websiteFigures(
  db: DbOrTx,
  publisherId: number,
  websiteId?: number,
): Promise<Map<number, ListFigures>> {
  const rows = await rowsOf<{ id: number | string; impressions: string; clicks: string; money: string }>(
    db,
    // Lifetime totals from the recorder's per-day counters (a big publisher has millions of rollup rows).
    sql`select d.website_id as id, sum(d.impressions)::text as impressions, sum(d.clicks)::text as clicks,
          sum(d.earnings_micros)::text as money
        from website_earnings_daily d join websites w on w.id = d.website_id
        where w.owner_id = ${publisherId}${websiteId === undefined ? sql`` : sql` and d.website_id = ${websiteId}`}
        group by d.website_id`,
  );
  return new Map(rows.map((r) => [Number(r.id), listFigures(figuresOf(r))]));
}
