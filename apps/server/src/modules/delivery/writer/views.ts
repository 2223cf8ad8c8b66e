import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { impressionViews } from '../../../db/schema/stats';
import { type DeliveryEvent, EventKind, isViewReport } from '../types';
import { chunks, pgArray } from './sql';

/**
 * View reports in the batch writer (docs/decisions/061-viewable-impressions.md). A report
 * carries its impression's fields and time; what it adds is counted in the rollups of that
 * impression's hour and day (./rollups.ts) and in the forecasts' traffic (./traffic.ts), with
 * the batch's other figures. Never money, never billed, never raw events.
 */

/** One impression's reports that counted in this batch: measured (its first report), viewable. */
export type ViewCount = { e: DeliveryEvent; measured: 0 | 1; viewable: 0 | 1 };

/** The batch's view reports apart from its impressions and clicks. */
export function splitViewReports(input: readonly DeliveryEvent[]): {
  reports: DeliveryEvent[];
  traffic: DeliveryEvent[];
} {
  const reports: DeliveryEvent[] = [];
  const traffic: DeliveryEvent[] = [];
  for (const e of input) (isViewReport(e) ? reports : traffic).push(e);
  return { reports, traffic };
}

/**
 * Counts each impression's reports once: a row (impression, viewable false) when it was first
 * measured and (impression, viewable true) when it was first viewable enter impression_views
 * in the batch's transaction; a viewable report is a measured one too. A report whose row is
 * there already (sent again in this batch, recorded by an earlier batch, or being recorded by
 * a concurrent one, whose commit this insert waits for) counts nothing. Rows are inserted in
 * sorted order, so two batches lock the same impressions in the same order.
 */
export async function claimViewReports(tx: Tx, reports: readonly DeliveryEvent[]): Promise<ViewCount[]> {
  if (!reports.length) return [];
  const byImpression = new Map<string, { e: DeliveryEvent; viewable: boolean }>();
  for (const e of reports) {
    const seen = byImpression.get(e.impressionId);
    const viewable = e.kind === EventKind.Viewable;
    if (!seen) byImpression.set(e.impressionId, { e, viewable });
    else seen.viewable ||= viewable;
  }
  const rows: [string, boolean][] = [];
  for (const [id, r] of byImpression) {
    rows.push([id, false]);
    if (r.viewable) rows.push([id, true]);
  }
  rows.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : Number(av) - Number(bv)));
  const counted = new Map<string, ViewCount>();
  for (const part of chunks(rows, 5000)) {
    const inserted = (await tx.execute(sql`insert into ${impressionViews} (impression_id, viewable)
      select id, viewable from unnest(${pgArray(part.map(([id]) => id))}::text[],
        ${pgArray(part.map(([, v]) => (v ? 't' : 'f')))}::boolean[]) with ordinality as u(id, viewable, n)
      order by n
      on conflict do nothing
      returning impression_id, viewable`)) as unknown as { rows: { impression_id: string; viewable: boolean }[] };
    for (const r of inserted.rows) {
      const of = byImpression.get(r.impression_id);
      if (!of) continue;
      const c = counted.get(r.impression_id) ?? { e: of.e, measured: 0, viewable: 0 };
      if (r.viewable) c.viewable = 1;
      else c.measured = 1;
      counted.set(r.impression_id, c);
    }
  }
  return [...counted.values()];
}
