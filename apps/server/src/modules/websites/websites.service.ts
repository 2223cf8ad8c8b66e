import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  AdFormat,
  canGetZoneCode,
  DISPLAY_SIZES,
  VERIFICATION_FILE_PATH,
  VERIFICATION_META_NAME,
  WEBSITE_MESSAGES,
  type WebsiteDetailSchema,
  type WebsiteInformation,
  type WebsiteListItemSchema,
  type WebsiteNames,
  type WebsiteOptions,
  WebsiteStatus,
  type WebsiteVerification,
  verificationFailure,
  websiteDomain,
  type Zone,
  ZoneStatus,
  zoneTypeLabel,
} from '@cryptads/contract/websites';
import type { Served } from '@cryptads/contract/money-schema';
import { paths } from '@cryptads/contract/paths';
import type { AppContext } from '../../context';
import { CATEGORIES, CATEGORY_IDS } from '../../data/categories';
import { COUNTRIES } from '../../data/countries';
import type { DbOrTx } from '../../db/client';
import { websites, zones } from '../../db/schema/websites';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { randomToken } from '../../lib/crypto';
import { emitEvent } from '../events/events';
import { NotificationType, notify } from '../notifications/notify';
import { type ListFigures, NO_FIGURES, websiteFigures } from '../reports/reports.service';
import type { UserRow } from '../sessions/sessions.service';
import { zoneSnippets } from './snippets';
import { checkOwnership } from './verification';

/** Earnings (`spent`) in micro-euros: the schemas write euros (money-schema.ts). */
type WebsiteListItem = Served<typeof WebsiteListItemSchema>;
type WebsiteDetail = Served<typeof WebsiteDetailSchema>;

type WebsiteRow = typeof websites.$inferSelect;
type ZoneRow = typeof zones.$inferSelect;

/** The zones every website gets: one per format and size the network sells. */
export const ZONE_TEMPLATE: { format: number; size: string | null }[] = [
  ...DISPLAY_SIZES.map((size) => ({ format: AdFormat.Banner, size })),
  { format: AdFormat.StickyBanner, size: null },
  { format: AdFormat.Native, size: null },
  { format: AdFormat.NativeApp, size: null },
  { format: AdFormat.Popunder, size: null },
];

const newZoneUnique = () => randomBytes(8).toString('hex');
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function websiteOptions(): WebsiteOptions {
  return { categories: CATEGORIES, countries: COUNTRIES };
}

function checkCategories(ids: number[]) {
  if (ids.some((id) => !CATEGORY_IDS.has(id))) throw badRequest(WEBSITE_MESSAGES.categoryUnknown);
}

/** Loads a website through its owner: another publisher's id answers 404. */
async function ownedWebsite(db: DbOrTx, user: UserRow, id: number): Promise<WebsiteRow> {
  const [row] = await db
    .select()
    .from(websites)
    .where(and(eq(websites.id, id), eq(websites.ownerId, user.id)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

function listItem(row: WebsiteRow, tags: number, figures: ListFigures = NO_FIGURES): WebsiteListItem {
  return {
    id: row.id,
    domain: row.domain,
    url: row.url,
    name: row.name,
    status: row.status as WebsiteListItem['status'],
    date: row.createdAt.toISOString(),
    verified: row.verifiedAt !== null,
    excludedCategories: row.excludedCategoryIds,
    // Lifetime figures (website_earnings_daily, reports.service websiteFigures); `spent` is the publisher's earnings.
    clicks: figures.clicks,
    impressions: figures.impressions,
    spent: figures.spent,
    tags,
  };
}

function zoneView(publicUrl: string, site: WebsiteRow, zone: ZoneRow): Zone {
  return {
    unique: zone.unique,
    alias: zone.alias,
    type: zone.format as Zone['type'],
    size: zone.size,
    status: zone.status as Zone['status'],
    websiteId: site.id,
    websiteStatus: site.status as Zone['websiteStatus'],
    domain: site.domain,
    snippets: canGetZoneCode(site.status, zone.status) ? zoneSnippets(publicUrl, zone) : [],
    date: zone.createdAt.toISOString(),
  };
}

export function verificationView(row: WebsiteRow): WebsiteVerification {
  const origin = new URL(row.url).origin;
  return {
    id: row.id,
    domain: row.domain,
    url: row.url,
    status: row.status as WebsiteVerification['status'],
    token: row.verificationToken,
    verified: row.verifiedAt !== null,
    verifiedAt: iso(row.verifiedAt),
    metaTag: `<meta name="${VERIFICATION_META_NAME}" content="${row.verificationToken}">`,
    fileUrl: `${origin}${VERIFICATION_FILE_PATH}`,
    fileContent: row.verificationToken,
  };
}

export async function websiteInformation(ctx: AppContext, user: UserRow): Promise<WebsiteInformation> {
  const [row] = await ctx.db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${websites.status} = ${WebsiteStatus.Active})`.mapWith(Number),
    })
    .from(websites)
    .where(eq(websites.ownerId, user.id));
  return { active: row?.active ?? 0, total: row?.total ?? 0 };
}

/** The publisher's websites, by status then newest (docs/product/websites.md#website-list). */
export async function listWebsites(ctx: AppContext, user: UserRow): Promise<WebsiteListItem[]> {
  const rows = await ctx.db
    .select({ site: websites, tags: count(zones.id) })
    .from(websites)
    .leftJoin(zones, eq(zones.websiteId, websites.id))
    .where(eq(websites.ownerId, user.id))
    .groupBy(websites.id)
    .orderBy(asc(websites.status), desc(websites.createdAt), desc(websites.id));
  const figures = await websiteFigures(ctx.db, user.id);
  return rows.map((r) => listItem(r.site, r.tags, figures.get(r.site.id)));
}

export async function websiteNames(ctx: AppContext, user: UserRow): Promise<WebsiteNames> {
  const rows = await ctx.db
    .select({ id: websites.id, name: websites.name, domain: websites.domain, status: websites.status })
    .from(websites)
    .where(eq(websites.ownerId, user.id))
    .orderBy(asc(websites.name), asc(websites.id));
  return rows.map((r) => ({ ...r, status: r.status as WebsiteNames[number]['status'] }));
}

async function detailOf(ctx: AppContext, db: DbOrTx, site: WebsiteRow): Promise<WebsiteDetail> {
  const rows = await db
    .select()
    .from(zones)
    .where(eq(zones.websiteId, site.id))
    .orderBy(asc(zones.format), asc(zones.id));
  // The same lifetime figures as the websites list (the detail answered 0).
  const figures = await websiteFigures(db, site.ownerId, site.id);
  return {
    ...listItem(site, rows.length, figures.get(site.id)),
    verifiedAt: iso(site.verifiedAt),
    zones: rows.map((z) => zoneView(ctx.config.publicUrl, site, z)),
  };
}

export async function websiteDetail(ctx: AppContext, user: UserRow, id: number): Promise<WebsiteDetail> {
  return detailOf(ctx, ctx.db, await ownedWebsite(ctx.db, user, id));
}

/** Adds a website with its zones (all Pending) and answers how to prove ownership. */
export async function createWebsite(
  ctx: AppContext,
  user: UserRow,
  input: { website: string; categories: number[] },
): Promise<WebsiteVerification> {
  checkCategories(input.categories);
  const domain = websiteDomain(input.website);
  const row = await ctx.db.transaction(async (tx) => {
    const [site] = await tx
      .insert(websites)
      .values({
        ownerId: user.id,
        domain,
        url: input.website,
        name: domain,
        excludedCategoryIds: input.categories,
        verificationToken: randomToken().slice(0, 32),
      })
      // The same domain twice (also two requests at the same moment) is refused here.
      .onConflictDoNothing({ target: [websites.ownerId, websites.domain] })
      .returning();
    if (!site) throw conflict(WEBSITE_MESSAGES.domainTaken);
    await tx.insert(zones).values(
      ZONE_TEMPLATE.map((z) => ({
        websiteId: site.id,
        unique: newZoneUnique(),
        alias: `${domain} - ${zoneTypeLabel(z.format, z.size)}`.slice(0, 100),
        format: z.format,
        size: z.size,
        status: ZoneStatus.Pending,
      })),
    );
    await emitEvent(tx, { type: 'website.changed', websiteId: site.id, ownerId: site.ownerId });
    return site;
  });
  return verificationView(row);
}

function assertEditable(site: WebsiteRow) {
  if (site.status === WebsiteStatus.Archived) throw badRequest(WEBSITE_MESSAGES.websiteArchived);
}

/** PUT /websites/{id} with {aliases}: renames zones of this website only. */
export async function updateZoneAliases(
  ctx: AppContext,
  user: UserRow,
  id: number,
  aliases: Record<string, string>,
): Promise<WebsiteDetail> {
  return ctx.db.transaction(async (tx) => {
    const site = await ownedWebsite(tx, user, id);
    assertEditable(site);
    const keys = Object.keys(aliases);
    const found = await tx
      .select({ id: zones.id, unique: zones.unique })
      .from(zones)
      .where(and(eq(zones.websiteId, site.id), inArray(zones.unique, keys)));
    if (found.length !== keys.length) throw badRequest(WEBSITE_MESSAGES.zoneUnknown);
    for (const [unique, alias] of Object.entries(aliases))
      await tx
        .update(zones)
        .set({ alias })
        .where(and(eq(zones.websiteId, site.id), eq(zones.unique, unique)));
    for (const zone of found) await emitEvent(tx, { type: 'zone.changed', zoneId: zone.id, websiteId: site.id });
    await tx.update(websites).set({ updatedAt: new Date() }).where(eq(websites.id, site.id));
    return detailOf(ctx, tx, site);
  });
}

/** Website preferences: the categories excluded on this website. */
export async function updateWebsiteCategories(
  ctx: AppContext,
  user: UserRow,
  id: number,
  categories: number[],
): Promise<WebsiteDetail> {
  checkCategories(categories);
  return ctx.db.transaction(async (tx) => {
    const site = await ownedWebsite(tx, user, id);
    assertEditable(site);
    const [updated] = await tx
      .update(websites)
      .set({ excludedCategoryIds: categories, updatedAt: new Date() })
      .where(eq(websites.id, site.id))
      .returning();
    await emitEvent(tx, { type: 'website.changed', websiteId: site.id, ownerId: site.ownerId });
    return detailOf(ctx, tx, updated ?? site);
  });
}

export async function websiteVerification(ctx: AppContext, user: UserRow, id: number): Promise<WebsiteVerification> {
  return verificationView(await ownedWebsite(ctx.db, user, id));
}

/**
 * Runs the ownership check now: the token in a meta tag of the home page or in the file at
 * /.well-known/cryptads-verification.txt. Success records verifiedAt; the status stays
 * Pending until an account manager approves the website. A failure answers 400 with the
 * product's sentence and what each fetch found, with its address (websites-messages.ts
 * `verificationFailure`). The fetch runs outside any transaction.
 */
export async function verifyWebsite(ctx: AppContext, user: UserRow, id: number): Promise<WebsiteVerification> {
  const site = await ownedWebsite(ctx.db, user, id);
  if (site.verifiedAt) return verificationView(site);
  const check = await checkOwnership(site.url, site.verificationToken, ctx.config.verification);
  if (!check.verified) throw badRequest(verificationFailure(check.findings));
  const updated = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(websites)
      .set({ verifiedAt: new Date(), updatedAt: new Date() })
      .where(eq(websites.id, site.id))
      .returning();
    await emitEvent(tx, { type: 'website.changed', websiteId: site.id, ownerId: site.ownerId });
    return row;
  });
  return verificationView(updated ?? site);
}

// ---- Operator decisions ------------------------------------------------------------------

export type ReviewAction = 'approve' | 'reject' | 'pause';
const REVIEW_STATUS: Record<ReviewAction, number> = {
  approve: WebsiteStatus.Active,
  reject: WebsiteStatus.Denied,
  pause: WebsiteStatus.Paused,
};

/**
 * An account manager's decision on a website, in one transaction (a savepoint when `db` is
 * already one); approving also activates its Pending zones.
 */
export async function reviewWebsite(db: DbOrTx, websiteId: number, action: ReviewAction, reason?: string) {
  return db.transaction(async (tx) => {
    const [site] = await tx.select().from(websites).where(eq(websites.id, websiteId)).limit(1);
    if (!site) throw new Error(`No website #${websiteId}.`);
    const status = REVIEW_STATUS[action];
    const [updated] = await tx
      .update(websites)
      .set({ status, updatedAt: new Date() })
      .where(eq(websites.id, site.id))
      .returning();
    let activated = 0;
    if (action === 'approve') {
      const rows = await tx
        .update(zones)
        .set({ status: ZoneStatus.Active })
        .where(and(eq(zones.websiteId, site.id), eq(zones.status, ZoneStatus.Pending)))
        .returning({ id: zones.id });
      activated = rows.length;
      for (const zone of rows) await emitEvent(tx, { type: 'zone.changed', zoneId: zone.id, websiteId: site.id });
    }
    await emitEvent(tx, { type: 'website.changed', websiteId: site.id, ownerId: site.ownerId });
    const texts = {
      approve: {
        type: NotificationType.Success,
        title: 'Website approved',
        message: `${site.domain} has been approved. Your ad codes are ready.`,
      },
      reject: {
        type: NotificationType.Error,
        title: 'Website rejected',
        message: reason
          ? `${site.domain} has not been approved. Reason: ${reason}`
          : `${site.domain} has not been approved. Please contact us for details.`,
      },
      pause: {
        type: NotificationType.Error,
        title: 'Website paused',
        message: `${site.domain} has been paused by an account manager. Please contact us for details.`,
      },
    } as const;
    await notify(tx, site.ownerId, { ...texts[action], link: paths.website.adCodes(site.id) });
    return { site: updated ?? site, activated };
  });
}

/** An account manager's decision on one zone, by its number or its public id, in one transaction. */
export async function reviewZone(db: DbOrTx, zoneRef: string, action: ReviewAction, reason?: string) {
  return db.transaction(async (tx) => {
    const where = /^\d+$/.test(zoneRef) ? eq(zones.id, Number(zoneRef)) : eq(zones.unique, zoneRef);
    const [found] = await tx
      .select({ zone: zones, site: websites })
      .from(zones)
      .innerJoin(websites, eq(websites.id, zones.websiteId))
      .where(where)
      .limit(1);
    if (!found) throw new Error(`No zone ${zoneRef}.`);
    const status =
      action === 'approve' ? ZoneStatus.Active : action === 'reject' ? ZoneStatus.Denied : ZoneStatus.Paused;
    const [updated] = await tx.update(zones).set({ status }).where(eq(zones.id, found.zone.id)).returning();
    await emitEvent(tx, { type: 'zone.changed', zoneId: found.zone.id, websiteId: found.site.id });
    const label = `${found.zone.alias}`;
    const texts = {
      approve: { type: NotificationType.Success, title: 'Ad zone approved', message: `${label} is now active.` },
      reject: {
        type: NotificationType.Error,
        title: 'Ad zone rejected',
        message: `${label} has not been approved.${reason ? ` Reason: ${reason}` : ''}`,
      },
      pause: { type: NotificationType.Error, title: 'Ad zone paused', message: `${label} has been paused.` },
    } as const;
    await notify(tx, found.site.ownerId, { ...texts[action], link: paths.website.adCodes(found.site.id) });
    return { zone: updated ?? found.zone, site: found.site };
  });
}
