import { randomBytes } from 'node:crypto';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import {
  ATTRIBUTION_DAYS_DEFAULT,
  ATTRIBUTION_DAYS_MAX,
  CONVERSION_MESSAGES as M,
  CONVERSION_REFUSAL_LABELS,
  ConversionRefusal,
  GOALS_PER_CAMPAIGN_MAX,
  type GoalInput,
  type PostbackAnswer,
  type PostbackQuery,
  type TestConversion,
  type Tracking,
} from '@cryptads/contract/conversions';
import { DAY_MS } from '@cryptads/contract/dates';
import { eurosToMicros, microsToEuros } from '@cryptads/contract/money';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import {
  adClicks,
  campaignTracking,
  conversionGoals,
  conversionRefusals,
  conversions,
  conversionTokens,
} from '../../db/schema/conversions';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { clickRefusal, currencyAccepted, malformed, type StoredClick, valueMicrosOf } from './attribution';
import { MinuteLimit } from './rate-limit';

/**
 * Conversion tracking (docs/decisions/044-conversions.md): the advertiser's goals, window and
 * postback token, and the reception of conversions from the postback and the pixel.
 */

export const ConversionSource = { Postback: 1, Pixel: 2 } as const;
export type ConversionSource = (typeof ConversionSource)[keyof typeof ConversionSource];

/** A campaign of this advertiser (archived ones too), or 404: another advertiser's id answers the same. */
async function loadOwned(db: DbOrTx, ownerId: number, id: number) {
  const [row] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.ownerId, ownerId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

const newToken = () => randomBytes(24).toString('base64url');

/** The advertiser's postback token, made on first use. */
export async function tokenOf(db: DbOrTx, advertiserId: number): Promise<string> {
  await db.insert(conversionTokens).values({ advertiserId, token: newToken() }).onConflictDoNothing();
  const [row] = await db
    .select({ token: conversionTokens.token })
    .from(conversionTokens)
    .where(eq(conversionTokens.advertiserId, advertiserId));
  if (!row) throw new Error('conversion token missing');
  return row.token;
}

async function windowOf(db: DbOrTx, campaignId: number): Promise<number> {
  const [row] = await db
    .select({ days: campaignTracking.attributionDays })
    .from(campaignTracking)
    .where(eq(campaignTracking.campaignId, campaignId));
  return row?.days ?? ATTRIBUTION_DAYS_DEFAULT;
}

const dayOf = (now: number) => new Date(now).toISOString().slice(0, 10);

/** Counts a refusal for an advertiser (per UTC day and reason). */
async function countRefusal(db: DbOrTx, advertiserId: number, reason: ConversionRefusal, now: number) {
  await db
    .insert(conversionRefusals)
    .values({ advertiserId, day: dayOf(now), reason, count: 1 })
    .onConflictDoUpdate({
      target: [conversionRefusals.advertiserId, conversionRefusals.day, conversionRefusals.reason],
      set: { count: sql`${conversionRefusals.count} + 1` },
    });
}

// ---------------------------------------------------------------- the tracking panel

export async function trackingOf(ctx: AppContext, advertiserId: number, campaignId: number): Promise<Tracking> {
  const { db, config } = ctx;
  await loadOwned(db, advertiserId, campaignId);
  const token = await tokenOf(db, advertiserId);
  const goals = await db
    .select()
    .from(conversionGoals)
    .where(eq(conversionGoals.campaignId, campaignId))
    .orderBy(asc(conversionGoals.name));
  const since = dayOf(Date.now() - 30 * DAY_MS);
  const refusals = await db
    .select({ reason: conversionRefusals.reason, count: sql<string>`sum(${conversionRefusals.count})::text` })
    .from(conversionRefusals)
    .where(and(eq(conversionRefusals.advertiserId, advertiserId), sql`${conversionRefusals.day} >= ${since}`))
    .groupBy(conversionRefusals.reason);
  const [counts] = await db
    .select({
      real: sql<string>`count(*) filter (where not ${conversions.test})::text`,
      test: sql<string>`count(*) filter (where ${conversions.test})::text`,
    })
    .from(conversions)
    .where(and(eq(conversions.advertiserId, advertiserId), eq(conversions.campaignId, campaignId)));
  const base = config.publicUrl;
  return {
    campaignId,
    postbackUrl: `${base}/postback?click_id={click_id}&goal={goal}&value={value}&currency=EUR&token=${token}`,
    pixelTag: `<img src="${base}/pixel.gif?click_id={click_id}&goal={goal}" width="1" height="1" alt="" style="display:none">`,
    token,
    attributionDays: await windowOf(db, campaignId),
    goals: goals.map((g) => ({ id: g.id, name: g.name, defaultValue: microsToEuros(g.defaultValueMicros) })),
    refusals: refusals
      .map((r) => ({
        reason: r.reason,
        label: CONVERSION_REFUSAL_LABELS[r.reason as ConversionRefusal] ?? r.reason,
        count: Number(r.count),
      }))
      .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
    conversions: Number(counts?.real ?? 0),
    testConversions: Number(counts?.test ?? 0),
  };
}

export async function setWindow(ctx: AppContext, advertiserId: number, campaignId: number, days: number) {
  await loadOwned(ctx.db, advertiserId, campaignId);
  await ctx.db
    .insert(campaignTracking)
    .values({ campaignId, attributionDays: days })
    .onConflictDoUpdate({ target: campaignTracking.campaignId, set: { attributionDays: days } });
  return trackingOf(ctx, advertiserId, campaignId);
}

export async function addGoal(ctx: AppContext, advertiserId: number, campaignId: number, input: GoalInput) {
  await loadOwned(ctx.db, advertiserId, campaignId);
  const [n] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(conversionGoals)
    .where(eq(conversionGoals.campaignId, campaignId));
  if (Number(n?.n ?? 0) >= GOALS_PER_CAMPAIGN_MAX) throw badRequest(M.tooManyGoals);
  // The unique (campaign, name) index decides; no statement is left to fail.
  const inserted = await ctx.db
    .insert(conversionGoals)
    .values({ campaignId, name: input.name, defaultValueMicros: eurosToMicros(input.defaultValue) })
    .onConflictDoNothing()
    .returning({ id: conversionGoals.id });
  if (!inserted.length) throw conflict(M.goalExists);
  return trackingOf(ctx, advertiserId, campaignId);
}

export async function updateGoal(
  ctx: AppContext,
  advertiserId: number,
  campaignId: number,
  goalId: number,
  input: GoalInput,
) {
  await loadOwned(ctx.db, advertiserId, campaignId);
  const [same] = await ctx.db
    .select({ id: conversionGoals.id })
    .from(conversionGoals)
    .where(and(eq(conversionGoals.campaignId, campaignId), eq(conversionGoals.name, input.name)));
  if (same && same.id !== goalId) throw conflict(M.goalExists);
  const updated = await ctx.db
    .update(conversionGoals)
    .set({ name: input.name, defaultValueMicros: eurosToMicros(input.defaultValue) })
    .where(and(eq(conversionGoals.id, goalId), eq(conversionGoals.campaignId, campaignId)))
    .returning({ id: conversionGoals.id });
  if (!updated.length) throw notFound(M.goalNotFound);
  return trackingOf(ctx, advertiserId, campaignId);
}

export async function deleteGoal(ctx: AppContext, advertiserId: number, campaignId: number, goalId: number) {
  await loadOwned(ctx.db, advertiserId, campaignId);
  const deleted = await ctx.db
    .delete(conversionGoals)
    .where(and(eq(conversionGoals.id, goalId), eq(conversionGoals.campaignId, campaignId)))
    .returning({ id: conversionGoals.id });
  if (!deleted.length) throw notFound(M.goalNotFound);
  return trackingOf(ctx, advertiserId, campaignId);
}

export async function rotateToken(ctx: AppContext, advertiserId: number, campaignId: number) {
  await loadOwned(ctx.db, advertiserId, campaignId);
  await ctx.db
    .insert(conversionTokens)
    .values({ advertiserId, token: newToken() })
    .onConflictDoUpdate({ target: conversionTokens.advertiserId, set: { token: newToken(), createdAt: new Date() } });
  return trackingOf(ctx, advertiserId, campaignId);
}

// ---------------------------------------------------------------- retention

/**
 * Clicks are kept for the longest attribution window plus a margin (a late postback is refused
 * as "Outside the attribution window" rather than "No such click" for a week more).
 */
export const CLICK_RETENTION_DAYS = ATTRIBUTION_DAYS_MAX + 7;

/**
 * Deletes the clicks older than CLICK_RETENTION_DAYS (the delivery retention job calls it
 * hourly). Conversions keep their own copy of the click's dimensions, so reports do not
 * change. Answers how many clicks went.
 */
export async function pruneAdClicks(ctx: Pick<AppContext, 'db'>, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - CLICK_RETENTION_DAYS * DAY_MS);
  const rows = await ctx.db.delete(adClicks).where(lt(adClicks.at, cutoff)).returning({ id: adClicks.clickId });
  return rows.length;
}

// ---------------------------------------------------------------- receiving conversions

export type Received = { httpStatus: number; answer: PostbackAnswer };

const STATUS_OF: Record<ConversionRefusal, number> = {
  noClick: 404,
  outsideWindow: 422,
  foreignClick: 404,
  invalidClick: 422,
  badToken: 403,
  unknownGoal: 422,
  currency: 422,
  duplicate: 409,
  rateLimited: 429,
  badRequest: 400,
};

const refused = (reason: ConversionRefusal): Received => ({
  httpStatus: STATUS_OF[reason],
  answer: { status: 'refused', reason, message: CONVERSION_REFUSAL_LABELS[reason] },
});

/** The process's postback limits (per token, per IP address). */
export type ConversionLimits = { perToken: MinuteLimit; perIp: MinuteLimit };
export const conversionLimits = (perToken: number, perIp: number): ConversionLimits => ({
  perToken: new MinuteLimit(perToken),
  perIp: new MinuteLimit(perIp),
});

/**
 * One reported conversion, from the postback (with the advertiser's token) or the pixel
 * (without: limited to the click's own advertiser). Refusals are counted per advertiser and
 * reason when the advertiser is known (the token's, or the click's for the pixel).
 */
export async function receiveConversion(
  ctx: Pick<AppContext, 'db'>,
  q: PostbackQuery,
  opts: { source: ConversionSource; ip: string; now: number; limits: ConversionLimits },
): Promise<Received> {
  const { db } = ctx;
  const { now, limits } = opts;
  if (!limits.perIp.take(opts.ip, now)) return refused(ConversionRefusal.RateLimited);
  let advertiserId: number | undefined;
  if (opts.source === ConversionSource.Postback) {
    const [row] = q.token
      ? await db
          .select({ id: conversionTokens.advertiserId })
          .from(conversionTokens)
          .where(eq(conversionTokens.token, q.token))
      : [];
    if (!row) return refused(ConversionRefusal.BadToken);
    advertiserId = row.id;
    if (!limits.perToken.take(q.token ?? '', now)) return refuse(ConversionRefusal.RateLimited);
  }
  async function refuse(reason: ConversionRefusal, who = advertiserId) {
    if (who !== undefined) await countRefusal(db, who, reason, now);
    return refused(reason);
  }
  if (malformed(q)) return refuse(ConversionRefusal.BadRequest);
  const clickId = q.click_id ?? '';
  const goalName = q.goal ?? '';
  const [click] = await db.select().from(adClicks).where(eq(adClicks.clickId, clickId)).limit(1);
  const stored: StoredClick | undefined = click;
  const refusal = clickRefusal(stored, {
    advertiserId,
    now,
    windowDays: click ? await windowOf(db, click.campaignId) : ATTRIBUTION_DAYS_DEFAULT,
  });
  // The pixel's refusals count for the click's advertiser (none when there is no such click).
  const owner = advertiserId ?? click?.advertiserId;
  if (refusal || !click) return refuse(refusal ?? ConversionRefusal.NoClick, owner);
  if (!currencyAccepted(q.currency)) return refuse(ConversionRefusal.Currency, owner);
  const value = valueMicrosOf(q.value);
  if (value === null) return refuse(ConversionRefusal.BadRequest, owner);
  const [goal] = await db
    .select()
    .from(conversionGoals)
    .where(and(eq(conversionGoals.campaignId, click.campaignId), eq(conversionGoals.name, goalName)))
    .limit(1);
  if (!goal) return refuse(ConversionRefusal.UnknownGoal, owner);
  const valueMicros = value ?? goal.defaultValueMicros;
  const at = new Date(now);
  const hour = new Date(Math.floor(now / 3_600_000) * 3_600_000);
  // One conversion per click and goal: the unique index decides, also between concurrent requests.
  const inserted = await db
    .insert(conversions)
    .values({
      clickId,
      goalId: goal.id,
      at,
      hour,
      clickAt: click.at,
      campaignId: click.campaignId,
      zoneId: click.zoneId,
      websiteId: click.websiteId,
      advertiserId: click.advertiserId,
      publisherId: click.publisherId,
      country: click.country,
      os: click.os,
      browser: click.browser,
      device: click.device,
      valueMicros,
      source: opts.source,
      test: click.test,
    })
    .onConflictDoNothing()
    .returning({ id: conversions.id });
  if (!inserted.length) return refuse(ConversionRefusal.Duplicate, owner);
  return {
    httpStatus: 200,
    answer: {
      status: 'accepted',
      conversion: {
        clickId,
        goal: goal.name,
        value: microsToEuros(valueMicros),
        campaignId: click.campaignId,
        test: click.test,
      },
    },
  };
}

/**
 * "Send a test conversion": a test click of the campaign (marked test, so its conversions stay
 * out of reports), then the postback request the advertiser's server would send, handled by the
 * same code as GET /postback.
 */
export async function sendTestConversion(
  ctx: AppContext,
  advertiserId: number,
  campaignId: number,
  goal: string,
  opts: { ip: string; now: number; limits: ConversionLimits },
): Promise<TestConversion> {
  await loadOwned(ctx.db, advertiserId, campaignId);
  const goals = await ctx.db
    .select({ id: conversionGoals.id })
    .from(conversionGoals)
    .where(eq(conversionGoals.campaignId, campaignId))
    .limit(1);
  if (!goals.length) throw badRequest(M.noGoal);
  const token = await tokenOf(ctx.db, advertiserId);
  const clickId = randomBytes(16).toString('base64url');
  await ctx.db.insert(adClicks).values({
    clickId,
    at: new Date(opts.now),
    campaignId,
    zoneId: 0,
    websiteId: 0,
    advertiserId,
    publisherId: 0,
    country: 'XX',
    os: 'Test',
    browser: 'Test',
    device: 1,
    test: true,
  });
  const query = { click_id: clickId, goal, currency: 'EUR', token };
  const request = `${ctx.config.publicUrl}/postback?${new URLSearchParams(query).toString()}`;
  const received = await receiveConversion(ctx, query, { source: ConversionSource.Postback, ...opts });
  return {
    request: request.replace(token, `${token.slice(0, 4)}…`),
    httpStatus: received.httpStatus,
    answer: received.answer,
  };
}
