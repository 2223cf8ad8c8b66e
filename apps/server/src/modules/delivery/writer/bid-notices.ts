import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { bidNotices } from '../../../db/schema/delivery-stream';
import type { DeliveryEvent } from '../types';
import { chunks, pgArray } from './sql';

/**
 * A won bid's impression is recorded once (docs/product/programmatic.md): the impression ids
 * of the batch's billing notices enter bid_notices in the batch's transaction, and a notice
 * whose id is there already (sent again in this batch, recorded by an earlier batch, or being
 * recorded by a concurrent one, whose commit this insert waits for) is dropped: recorded
 * nowhere, neither money nor statistics. Ids are inserted in sorted order, so two batches
 * with overlapping notices lock them in the same order.
 */
export async function claimBidNotices(
  tx: Tx,
  input: readonly DeliveryEvent[],
): Promise<{ events: DeliveryEvent[]; repeatedNotices: number }> {
  const ids = [...new Set(input.filter((e) => e.bidNotice).map((e) => e.impressionId))].sort();
  if (!ids.length) return { events: [...input], repeatedNotices: 0 };
  const claimed = new Set<string>();
  for (const part of chunks(ids, 5000)) {
    const inserted = (await tx.execute(sql`insert into ${bidNotices} (impression_id)
      select id from unnest(${pgArray(part)}::text[]) with ordinality as u(id, n) order by n
      on conflict do nothing
      returning impression_id`)) as unknown as { rows: { impression_id: string }[] };
    for (const r of inserted.rows) claimed.add(r.impression_id);
  }
  const events: DeliveryEvent[] = [];
  let repeatedNotices = 0;
  for (const e of input) {
    if (!e.bidNotice) events.push(e);
    else if (claimed.delete(e.impressionId)) events.push(e);
    else repeatedNotices++;
  }
  return { events, repeatedNotices };
}
