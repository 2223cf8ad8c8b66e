import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { AccountType } from '@cryptads/contract/account-types';
import type { AdsTxtState } from '@cryptads/contract/sellers';
import {
  ADS_TXT_PATH,
  ADS_TXT_REASON_STATUS,
  type AdsTxtReason,
  type AdsTxtStatus,
  adsTxtLine,
  adsTxtReasonText,
  WebsiteStatus,
} from '@cryptads/contract/websites-messages';
import type { AppContext } from '../../context';
import { websiteAdsTxt } from '../../db/schema/sellers';
import { users } from '../../db/schema/users';
import { websites } from '../../db/schema/websites';
import { notFound } from '../../lib/errors';
import { safeFetch, SafeFetchError } from '../../lib/safe-fetch';
import type { UserRow } from '../sessions/sessions.service';
import { judgeAdsTxt, looksLikeHtml } from './ads-txt';
import { sellerIdOf } from './sellers.service';

/**
 * A website's ads.txt (docs/product/websites.md#adstxt): the line its publisher adds, and
 * checks of the site's /ads.txt for it, run through the same SSRF-safe fetch and settings as
 * the ownership check (lib/safe-fetch.ts, VERIFY_TIMEOUT_MS, VERIFY_ALLOW_PRIVATE), on demand
 * and daily (jobs/ads-txt-check.ts). A check's result is stored; its failure is a result
 * (missing or wrong, with the reason), never an error of the call.
 */

type Site = { id: number; url: string; ownerId: number };
type CheckRow = typeof websiteAdsTxt.$inferSelect;

/** ads.txt files can be long (a large publisher lists hundreds of sellers): read up to this much. */
const ADS_TXT_MAX_BYTES = 2 * 1024 * 1024;

const fileUrlOf = (siteUrl: string) => `${new URL(siteUrl).origin}${ADS_TXT_PATH}`;

async function ownedSite(ctx: AppContext, user: UserRow, websiteId: number): Promise<Site> {
  const [site] = await ctx.db
    .select({ id: websites.id, url: websites.url, ownerId: websites.ownerId })
    .from(websites)
    .where(and(eq(websites.id, websiteId), eq(websites.ownerId, user.id)))
    .limit(1);
  if (!site) throw notFound();
  return site;
}

async function stateOf(ctx: AppContext, site: Site, check: CheckRow | null): Promise<AdsTxtState> {
  const { domain, certificationId } = ctx.config.sellers;
  const sellerId = await sellerIdOf(ctx, site.ownerId);
  const fileUrl = fileUrlOf(site.url);
  const reasonCode = (check?.reason ?? null) as AdsTxtReason | null;
  return {
    websiteId: site.id,
    line: adsTxtLine(domain, sellerId, certificationId),
    domain,
    sellerId,
    fileUrl,
    status: (check?.status ?? null) as AdsTxtStatus | null,
    reasonCode,
    reason: reasonCode ? adsTxtReasonText(reasonCode, domain, fileUrl) : null,
    foundLine: check?.line ?? null,
    checkedAt: check ? check.checkedAt.toISOString() : null,
  };
}

async function lastCheck(ctx: AppContext, websiteId: number): Promise<CheckRow | null> {
  const [row] = await ctx.db.select().from(websiteAdsTxt).where(eq(websiteAdsTxt.websiteId, websiteId)).limit(1);
  return row ?? null;
}

/** What the site's /ads.txt says about our line now (fetched outside any transaction). */
async function inspect(ctx: AppContext, site: Site): Promise<{ reason: AdsTxtReason; line: string | null }> {
  const sellerId = await sellerIdOf(ctx, site.ownerId);
  const { allowPrivate, timeoutMs } = ctx.config.verification;
  let answer: Awaited<ReturnType<typeof safeFetch>>;
  try {
    answer = await safeFetch(fileUrlOf(site.url), {
      allowPrivate,
      timeoutMs,
      maxBytes: ADS_TXT_MAX_BYTES,
      truncate: true,
    });
  } catch (err) {
    // Unreachable, a refused (private) address, too slow, a redirect loop: no file to read.
    if (err instanceof SafeFetchError) return { reason: 'unreachable', line: null };
    throw err;
  }
  if (answer.status >= 500) return { reason: 'unreachable', line: null };
  if (answer.status < 200 || answer.status >= 300) return { reason: 'no-file', line: null };
  if (looksLikeHtml(answer.body)) return { reason: 'not-text', line: null };
  return judgeAdsTxt(answer.body, { domain: ctx.config.sellers.domain, sellerId });
}

/** Checks one website's ads.txt now and stores the result (replacing the last one). */
export async function runAdsTxtCheck(ctx: AppContext, site: Site): Promise<CheckRow> {
  const verdict = await inspect(ctx, site);
  const values = {
    websiteId: site.id,
    status: ADS_TXT_REASON_STATUS[verdict.reason],
    reason: verdict.reason,
    line: verdict.line,
    checkedAt: new Date(),
  };
  const [row] = await ctx.db
    .insert(websiteAdsTxt)
    .values(values)
    .onConflictDoUpdate({
      target: websiteAdsTxt.websiteId,
      set: { status: values.status, reason: values.reason, line: values.line, checkedAt: values.checkedAt },
    })
    .returning();
  return row ?? values;
}

/** GET /websites/{id}/ads-txt: the line to add and the last check. Another account's website answers 404. */
export async function adsTxtState(ctx: AppContext, user: UserRow, websiteId: number): Promise<AdsTxtState> {
  const site = await ownedSite(ctx, user, websiteId);
  return stateOf(ctx, site, await lastCheck(ctx, site.id));
}

/** POST /websites/{id}/ads-txt: checks now and answers the result. */
export async function checkAdsTxtNow(ctx: AppContext, user: UserRow, websiteId: number): Promise<AdsTxtState> {
  const site = await ownedSite(ctx, user, websiteId);
  return stateOf(ctx, site, await runAdsTxtCheck(ctx, site));
}

// ---- The daily check (jobs/ads-txt-check.ts) ------------------------------------------------

/** A website is checked again this long after its last check. */
export const ADS_TXT_RECHECK_MS = 24 * 60 * 60_000;

/**
 * Checks the approved websites of active publishers whose last check is older than a day (or
 * that were never checked), the oldest first: at most `limit` per run, `concurrency` fetches at
 * a time, each bounded by VERIFY_TIMEOUT_MS. Answers how many were checked.
 */
export async function checkDueAdsTxt(
  ctx: AppContext,
  opts: { limit?: number; concurrency?: number; now?: Date } = {},
): Promise<number> {
  const now = opts.now ?? new Date();
  const due = await ctx.db
    .select({ id: websites.id, url: websites.url, ownerId: websites.ownerId })
    .from(websites)
    .innerJoin(users, eq(users.id, websites.ownerId))
    .leftJoin(websiteAdsTxt, eq(websiteAdsTxt.websiteId, websites.id))
    .where(
      and(
        eq(websites.status, WebsiteStatus.Active),
        eq(users.type, AccountType.Publisher),
        isNull(users.disabledAt),
        or(isNull(websiteAdsTxt.checkedAt), lt(websiteAdsTxt.checkedAt, new Date(now.getTime() - ADS_TXT_RECHECK_MS))),
      ),
    )
    .orderBy(sql`${websiteAdsTxt.checkedAt} asc nulls first`, asc(websites.id))
    .limit(opts.limit ?? 200);
  const queue = [...due];
  const worker = async () => {
    for (let site = queue.shift(); site; site = queue.shift()) await runAdsTxtCheck(ctx, site);
  };
  await Promise.all(Array.from({ length: Math.min(opts.concurrency ?? 8, queue.length) }, worker));
  return due.length;
}
