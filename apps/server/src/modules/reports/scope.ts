import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { AccountType } from '@cryptads/contract/account';
import { DAY_MS, dayStart, daysOf, reportPeriodError, todayUtc } from '@cryptads/contract/dates';
import { REPORT_MESSAGES as M } from '@cryptads/contract/reports';
import type { DbOrTx } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { websites, zones } from '../../db/schema/websites';
import { badRequest, notFound } from '../../lib/errors';
import type { UserRow } from '../sessions/sessions.service';
import { intArray } from './figures';

// ---------------------------------------------------------------- dates

/**
 * Inclusive UTC days → the hour range [from, to) and the list of days. The period rule (real
 * days, start ≤ end ≤ today, at most one year back) is the contract's, which the web's
 * period picker applies too.
 */
export function checkPeriod(startDate: string, endDate: string, now: Date = new Date()) {
  const error = reportPeriodError({ startDate, endDate }, todayUtc(now));
  if (error) throw badRequest(M[error]);
  return {
    from: dayStart(startDate),
    to: new Date(dayStart(endDate).getTime() + DAY_MS),
    days: daysOf({ startDate, endDate }),
  };
}

// ---------------------------------------------------------------- scope

/**
 * What a report may read: a filter over stats_hourly / ad_events that always starts with the
 * caller's own id, and which money column is theirs.
 */
export type Scope = {
  role: 'advertiser' | 'publisher';
  filter: SQL;
  money: SQL;
  /** Advertiser with explicit campaign ids: the owned campaigns named (archived ones too). */
  campaignIds: number[] | null;
};

const isAdvertiser = (user: UserRow) => user.type === AccountType.Advertiser;

/**
 * The advertiser's filter over their campaigns (all, or the ids given). Archived campaigns
 * are included: what they spent was billed and stays in every total.
 */
async function advertiserFilter(db: DbOrTx, user: UserRow, campaignIds: 'all' | number[]) {
  if (campaignIds === 'all') return { filter: sql`advertiser_id = ${user.id}`, ids: null };
  const wanted = [...new Set(campaignIds)];
  const owned = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.ownerId, user.id), inArray(campaigns.id, wanted)));
  // Another advertiser's id and an unknown one answer the same, so ids cannot be probed.
  if (owned.length !== wanted.length) throw notFound(M.campaignNotFound);
  return {
    filter: sql`advertiser_id = ${user.id} and campaign_id = any(${intArray(wanted)}::int[])`,
    ids: wanted,
  };
}

export type ReportTarget = { campaignIds: string } & ({ websiteId: string } | { zoneId: string });

const parseCampaignIds = (s: string): 'all' | number[] => (s === 'all' ? 'all' : s.split(',').map(Number));

export async function resolveScope(db: DbOrTx, user: UserRow, target: ReportTarget): Promise<Scope> {
  const campaignIds = parseCampaignIds(target.campaignIds);
  if (isAdvertiser(user)) {
    // Advertisers own no websites; a zone path filters their campaigns to that zone.
    if ('websiteId' in target && target.websiteId !== 'all') throw notFound(M.websiteNotFound);
    const { filter, ids } = await advertiserFilter(db, user, campaignIds);
    let zoneFilter = sql``;
    if ('zoneId' in target) {
      const [zone] = await db.select({ id: zones.id }).from(zones).where(eq(zones.unique, target.zoneId)).limit(1);
      if (!zone) throw notFound(M.zoneNotFound);
      zoneFilter = sql` and zone_id = ${zone.id}`;
    }
    return { role: 'advertiser', filter: sql`${filter}${zoneFilter}`, money: sql.raw('cost_micros'), campaignIds: ids };
  }
  // Publishers have no campaigns: any id names none of theirs.
  if (campaignIds !== 'all') throw notFound(M.campaignNotFound);
  let extra = sql``;
  if ('zoneId' in target) {
    const [zone] = await db
      .select({ id: zones.id })
      .from(zones)
      .innerJoin(websites, eq(websites.id, zones.websiteId))
      .where(and(eq(zones.unique, target.zoneId), eq(websites.ownerId, user.id)))
      .limit(1);
    if (!zone) throw notFound(M.zoneNotFound);
    extra = sql` and zone_id = ${zone.id}`;
  } else if (target.websiteId !== 'all') {
    const [site] = await db
      .select({ id: websites.id })
      .from(websites)
      .where(and(eq(websites.id, Number(target.websiteId)), eq(websites.ownerId, user.id)))
      .limit(1);
    if (!site) throw notFound(M.websiteNotFound);
    extra = sql` and website_id = ${site.id}`;
  }
  return {
    role: 'publisher',
    filter: sql`publisher_id = ${user.id}${extra}`,
    money: sql.raw('earnings_micros'),
    campaignIds: null,
  };
}
