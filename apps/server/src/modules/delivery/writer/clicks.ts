import { and, eq } from 'drizzle-orm';
import { FilterReason } from '@cryptads/contract/delivery';
import type { Tx } from '../../../db/client';
import { adEvents } from '../../../db/schema/stats';
import { type DeliveryEvent, EventKind } from '../types';
import { anyOf, chunks } from './sql';

/**
 * A click is billed once per impression: in this batch, and against what is stored. A
 * repeated one is kept as filtered (RepeatedClick); clicks already filtered take no part.
 */
export async function markRepeatedClicks(
  tx: Tx,
  input: readonly DeliveryEvent[],
): Promise<{ events: DeliveryEvent[]; duplicateClicks: number }> {
  const clickIds = new Set<string>();
  let duplicateClicks = 0;
  const repeated = (e: DeliveryEvent): DeliveryEvent => {
    duplicateClicks++;
    return { ...e, filterReason: FilterReason.RepeatedClick };
  };
  let events = input.map((e) => {
    if (e.kind !== EventKind.Click || e.filterReason) return e;
    if (clickIds.has(e.impressionId)) return repeated(e);
    clickIds.add(e.impressionId);
    return e;
  });
  if (clickIds.size) {
    const stored = new Set<string>();
    for (const part of chunks([...clickIds])) {
      const rows = await tx
        .select({ id: adEvents.impressionId })
        .from(adEvents)
        .where(and(eq(adEvents.kind, EventKind.Click), anyOf(adEvents.impressionId, part, 'text')));
      for (const r of rows) stored.add(r.id);
    }
    if (stored.size)
      events = events.map((e) =>
        e.kind === EventKind.Click && !e.filterReason && stored.has(e.impressionId) ? repeated(e) : e,
      );
  }
  return { events, duplicateClicks };
}
