import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { checkLedger } from '../modules/ledger/check';

/**
 * What a stopped server left in its embedded database (DATA_DIR/db), read by a test once the
 * process is gone (the embedded database has one owner at a time).
 */
export type DeliveryFigures = {
  /** Impression rows of ad_events per impression id. */
  impressions: Map<string, number>;
  /** Billed spend per advertiser: campaign_spend_daily, all days. */
  spend: Map<number, bigint>;
  /** Per advertiser: the ledger's delivery transfers out of their available account (spend and publisher earnings). */
  ledgerSpend: Map<number, bigint>;
  /** Every invariant of `ledger check` holds. */
  ledgerOk: boolean;
};

export async function readDeliveryFigures(dataDir: string): Promise<DeliveryFigures> {
  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  try {
    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
    const impressions = await rows<{ id: string; n: number }>(
      sql`select impression_id as id, count(*)::int as n from ad_events where kind = 1 group by 1`,
    );
    const spend = await rows<{ id: number; micros: string }>(
      sql`select c.owner_id as id, sum(s.cost_micros)::text as micros
            from campaign_spend_daily s join campaigns c on c.id = s.campaign_id group by 1`,
    );
    const ledgerSpend = await rows<{ id: number; micros: string }>(
      sql`select a.user_id as id, sum(t.amount_micros)::text as micros
            from ledger_transfers t join ledger_accounts a on a.id = t.debit_account_id
            where t.kind in ('spend', 'earning') and (t.reference = 'delivery' or t.reference like 'campaign:%') and a.kind = 'available' group by 1`,
    );
    return {
      impressions: new Map(impressions.map((r) => [r.id, r.n])),
      spend: new Map(spend.map((r) => [Number(r.id), BigInt(r.micros)])),
      ledgerSpend: new Map(ledgerSpend.map((r) => [Number(r.id), BigInt(r.micros)])),
      ledgerOk: (await checkLedger(database.db)).ok,
    };
  } finally {
    await database.close();
  }
}
