/**
 * What an advertiser changes on a campaign: create, edit its fields or its exclusion list,
 * change its status, duplicate it. Each change is one transaction that also emits
 * `campaign.changed` for the delivery engine and the other listeners.
 */

import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  CAMPAIGN_MESSAGES as M,
  type CampaignCreate,
  type CampaignFields,
  CampaignStatus,
  coupleCapping,
  isNativeKind,
  type StatusAction,
  statusTransition,
} from '@cryptads/contract/campaigns';
import { eurosToMicros, microsToEuros } from '@cryptads/contract/money';
import type { AppContext } from '../../context';
import { CATEGORY_IDS } from '../../data/categories';
import { COUNTRY_CODES } from '../../data/countries';
import { campaignDrafts, campaigns, creatives } from '../../db/schema/campaigns';
import { users } from '../../db/schema/users';
import { badRequest } from '../../lib/errors';
import { emitEvent } from '../events/events';
import type { UserRow } from '../sessions/sessions.service';
import { paysNextEvent } from '../ledger/ledger.service';
import { assertEditable, backToReview, type CampaignRow, loadOwned } from './campaign-access';
import { detailOf, statusResponse } from './campaign-presenter';
import { bannerRows, nativeRows } from './creatives';

function checkTargets(fields: CampaignFields) {
  if (!fields.countries.every((c) => COUNTRY_CODES.has(c))) throw badRequest(M.countryInvalid);
  if (!CATEGORY_IDS.has(fields.category)) throw badRequest(M.categoryRequired);
}

/** Columns of the editable fields (money in micro-euros, capping coupled). */
function fieldColumns(fields: CampaignFields) {
  checkTargets(fields);
  const capping = coupleCapping(fields.capping, fields.cappingTime);
  return {
    name: fields.name,
    landingUrl: fields.landingUrl,
    priceMicros: eurosToMicros(fields.price),
    paymentMode: fields.paymentMode,
    trafficType: fields.trafficType,
    runAfterApproval: fields.runAfterApproval,
    dailyBudgetMicros: eurosToMicros(fields.dailyBudget),
    throttleBudget: fields.throttleBudget,
    budgetFlag: fields.budgetFlag,
    budgetMicros: fields.budgetFlag && fields.budget != null ? eurosToMicros(fields.budget) : null,
    capping: capping.capping,
    cappingTime: capping.cappingTime,
    device: fields.device,
    countries: [...new Set(fields.countries)],
    category: fields.category,
    excludeFlag: fields.excludeFlag,
    excludeList: fields.excludeList,
  };
}

const newPermalink = (id: number) => `${id},${randomBytes(12).toString('base64url')}`;

/** POST /campaigns: a new Pending campaign with its creatives, in one transaction. */
export async function createCampaign(ctx: AppContext, user: UserRow, input: CampaignCreate) {
  if (input.kind !== 'display' && input.creatives.length > 0) throw badRequest(M.creativesNotForKind);
  if (!isNativeKind(input.kind) && input.nativeCreatives.length > 0) throw badRequest(M.creativesNotForKind);
  const columns = fieldColumns(input);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(campaigns)
      .values({
        ownerId: user.id,
        kind: input.kind,
        status: CampaignStatus.Pending,
        ...columns,
        permalink: `pending,${randomBytes(12).toString('base64url')}`,
      })
      .returning();
    if (!row) throw new Error('campaign insert returned nothing');
    await tx
      .update(campaigns)
      .set({ permalink: newPermalink(row.id) })
      .where(eq(campaigns.id, row.id));
    if (input.kind === 'display') {
      const rows = await bannerRows(tx, user.id, row.id, input.creatives, []);
      await tx.insert(creatives).values(rows);
    } else if (isNativeKind(input.kind)) {
      const rows = await nativeRows(tx, user.id, row.id, input.kind, input.nativeCreatives);
      await tx.insert(creatives).values(rows);
    }
    // The wizard of this type starts again from scratch.
    await tx
      .delete(campaignDrafts)
      .where(and(eq(campaignDrafts.ownerId, user.id), eq(campaignDrafts.kind, input.kind)));
    await emitEvent(tx, { type: 'campaign.changed', campaignId: row.id, ownerId: user.id });
    return { id: row.id };
  });
}

/** PUT /campaigns/{id} with fields: the campaign goes back to Pending for review. */
export async function updateCampaignFields(ctx: AppContext, user: UserRow, id: number, fields: CampaignFields) {
  return ctx.db.transaction(async (tx) => {
    const c = await loadOwned(tx, user.id, id, { forUpdate: true });
    assertEditable(c);
    const [row] = await tx
      .update(campaigns)
      .set({ ...fieldColumns(fields), ...backToReview, updatedAt: new Date() })
      .where(eq(campaigns.id, c.id))
      .returning();
    await emitEvent(tx, { type: 'campaign.changed', campaignId: c.id, ownerId: c.ownerId });
    return detailOf(tx, row as CampaignRow);
  });
}

/** PUT /campaigns/{id} with {excludeList}: the whole new list (an optimisation, no review). */
export async function updateExclusion(
  ctx: AppContext,
  user: UserRow,
  id: number,
  input: { excludeList: string[]; excludeFlag?: boolean },
) {
  return ctx.db.transaction(async (tx) => {
    const c = await loadOwned(tx, user.id, id, { forUpdate: true });
    assertEditable(c);
    const [row] = await tx
      .update(campaigns)
      .set({
        excludeList: input.excludeList,
        ...(input.excludeFlag === undefined ? {} : { excludeFlag: input.excludeFlag }),
        updatedAt: new Date(),
      })
      .where(eq(campaigns.id, c.id))
      .returning();
    await emitEvent(tx, { type: 'campaign.changed', campaignId: c.id, ownerId: c.ownerId });
    const r = row as CampaignRow;
    return { excludeFlag: r.excludeFlag, excludeList: r.excludeList };
  });
}

/** Pause, run, archive, unarchive (docs/product/campaigns.md#statuses-and-actions). Locked campaigns accept these. */
export async function changeStatus(ctx: AppContext, user: UserRow, id: number, action: StatusAction) {
  return ctx.db.transaction(async (tx) => {
    const c = await loadOwned(tx, user.id, id, { forUpdate: true });
    const next = statusTransition(action, {
      status: c.status,
      price: microsToEuros(c.priceMicros, 3),
      approved: c.approvedAt !== null,
    });
    if ('error' in next) throw badRequest(next.error);
    // Run / unarchive with a balance that cannot pay the campaign's next event: the campaign is
    // Out of Funds, not Delivering (decision 020); a deposit brings it back. The balance is read,
    // not locked: the recorder locks users before campaigns, and its own status step covers a
    // balance spent meanwhile.
    let status: number = next.status;
    if (status === CampaignStatus.Delivering) {
      const [owner] = await tx.select({ balance: users.balanceMicros }).from(users).where(eq(users.id, c.ownerId));
      if (!paysNextEvent(owner?.balance ?? 0n, c)) status = CampaignStatus.OutOfFunds;
    }
    const [row] = await tx
      .update(campaigns)
      .set({ status, updatedAt: new Date() })
      .where(eq(campaigns.id, c.id))
      .returning();
    await emitEvent(tx, { type: 'campaign.changed', campaignId: c.id, ownerId: c.ownerId });
    return statusResponse(row as CampaignRow);
  });
}

export const STATUS_ACTIONS: Record<1 | 2 | 9, StatusAction> = { 1: 'run', 2: 'pause', 9: 'archive' };

/** POST /campaigns/{id}/duplicate: a new Pending campaign with the same fields and creatives. */
export async function duplicateCampaign(ctx: AppContext, user: UserRow, id: number) {
  return ctx.db.transaction(async (tx) => {
    const c = await loadOwned(tx, user.id, id);
    if (c.isLocked || c.status === CampaignStatus.Rejected) throw badRequest(M.duplicateRefused);
    const {
      id: _id,
      status: _s,
      approvedAt: _a,
      permalink: _p,
      sharingEnabled: _sh,
      isLocked: _l,
      createdAt: _c,
      updatedAt: _u,
      ...fields
    } = c;
    const [row] = await tx
      .insert(campaigns)
      .values({
        ...fields,
        status: CampaignStatus.Pending,
        permalink: `pending,${randomBytes(12).toString('base64url')}`,
      })
      .returning();
    if (!row) throw new Error('campaign insert returned nothing');
    await tx
      .update(campaigns)
      .set({ permalink: newPermalink(row.id) })
      .where(eq(campaigns.id, row.id));
    const source = await tx
      .select()
      .from(creatives)
      .where(and(eq(creatives.campaignId, c.id), isNull(creatives.deletedAt)))
      .orderBy(asc(creatives.id));
    if (source.length > 0)
      await tx.insert(creatives).values(
        source.map(({ id: _cid, createdAt: _cc, deletedAt: _d, campaignId: _cp, ...rest }) => ({
          ...rest,
          campaignId: row.id,
        })),
      );
    await emitEvent(tx, { type: 'campaign.changed', campaignId: row.id, ownerId: row.ownerId });
    return { id: row.id };
  });
}
