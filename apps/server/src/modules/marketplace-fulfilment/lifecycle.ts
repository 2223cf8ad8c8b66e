import { eq } from 'drizzle-orm';
import { DAY_MS, isoDay } from '@cryptads/contract/dates';
import { type ItemState, MARKETPLACE_MESSAGES as M } from '@cryptads/contract/marketplace-messages';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { listings, marketplaceOrderItems, marketplaceOrders } from '../../db/schema/marketplace';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { emitEvent } from '../events/events';
import { refundItem, releaseItem } from './escrow';
import { itemListingColumns, type LoadedItem, loadItem } from './item-view';
import { checkProof, type Fetcher, promisesDofollow } from './proof-check';

/**
 * The life of a paid order item (docs/decisions/018-marketplace.md):
 *
 *   pending --accept--> accepted --deliver--> delivered --approve / review window--> completed
 *   pending | accepted --deny--> denied          (refunded)
 *   pending past acceptBy | accepted past deliverBy --timer--> expired   (refunded)
 *
 * Each step is one transaction that locks the item row first (FOR UPDATE) and checks the
 * state again under the lock, so a buyer's approval and the timer job never both complete an
 * item, and an expiry never races a delivery. Money moves in the same transaction (escrow.ts);
 * notifications follow from the `marketplace.item.changed` event after commit.
 */

export type Actor =
  | { kind: 'seller'; userId: number }
  | { kind: 'buyer'; userId: number }
  /** The network fulfils its own listings; `arbitration` lets an operator settle any seller's item. */
  | { kind: 'operator'; arbitration?: boolean }
  | { kind: 'timer' };

type Ctx = Pick<AppContext, 'db' | 'config'>;

const later = (from: Date, days: number) => new Date(from.getTime() + days * DAY_MS);

async function lockItem(tx: Tx, itemId: number): Promise<LoadedItem | null> {
  const [item] = await tx
    .select()
    .from(marketplaceOrderItems)
    .where(eq(marketplaceOrderItems.id, itemId))
    .for('update');
  if (!item) return null;
  const [order] = await tx.select().from(marketplaceOrders).where(eq(marketplaceOrders.id, item.orderId)).limit(1);
  const [listing] = await tx.select(itemListingColumns).from(listings).where(eq(listings.id, item.listingId)).limit(1);
  if (!order || !listing) throw new Error(`marketplace: item ${itemId} without its order or listing`);
  return { item, order, listing };
}

/**
 * Whether the actor may see this item at all (else 404, as if it did not exist): a seller
 * their own paid items, the buyer the items of their orders, an operator the network's paid
 * items (any paid item when arbitrating).
 */
function assertVisible(actor: Actor, { item, order }: LoadedItem) {
  const paid = item.holdId !== null;
  const visible =
    actor.kind === 'seller'
      ? paid && item.sellerId === actor.userId
      : actor.kind === 'buyer'
        ? order.buyerId === actor.userId
        : actor.kind === 'operator'
          ? paid && (actor.arbitration === true || item.sellerId === null)
          : true;
  if (!visible) throw notFound(M.itemNotFound);
}

function assertState(item: { state: string }, allowed: readonly ItemState[]) {
  if (!allowed.includes(item.state as ItemState)) throw conflict(M.itemWrongState);
}

/** Why an open item is past its deadline, or null. */
export function overdue(item: LoadedItem['item'], now: Date): 'not-accepted' | 'not-delivered' | null {
  if (item.holdId === null) return null;
  if (item.state === 'pending' && item.acceptBy && item.acceptBy <= now) return 'not-accepted';
  if (item.state === 'accepted' && item.deliverBy && item.deliverBy <= now) return 'not-delivered';
  return null;
}

async function save(tx: Tx, itemId: number, set: Partial<typeof marketplaceOrderItems.$inferInsert>, now: Date) {
  const [updated] = await tx
    .update(marketplaceOrderItems)
    .set({ ...set, updatedAt: now })
    .where(eq(marketplaceOrderItems.id, itemId))
    .returning();
  if (!updated) throw new Error(`marketplace: item ${itemId} update returned nothing`);
  return updated;
}

async function expireLocked(tx: Tx, loaded: LoadedItem, why: 'not-accepted' | 'not-delivered', now: Date) {
  const reason = why === 'not-accepted' ? M.expiredNotAccepted : M.expiredNotDelivered;
  const refunded = await refundItem(
    tx,
    loaded.item,
    why === 'not-accepted' ? 'not accepted in time' : 'not delivered in time',
  );
  const item = await save(
    tx,
    loaded.item.id,
    { state: 'expired', deniedAt: now, denyReason: reason, refundedMicros: refunded },
    now,
  );
  await emitEvent(tx, { type: 'marketplace.item.changed', itemId: item.id, step: 'expired', by: 'timer' });
  return { ...loaded, item };
}

async function completeLocked(ctx: Ctx, tx: Tx, loaded: LoadedItem, by: Actor['kind'], now: Date) {
  const release = await releaseItem(tx, loaded.item, ctx.config);
  const item = await save(
    tx,
    loaded.item.id,
    { state: 'completed', completedAt: now, commissionPercent: release.percent },
    now,
  );
  await emitEvent(tx, { type: 'marketplace.item.changed', itemId: item.id, step: 'completed', by });
  return { ...loaded, item };
}

/**
 * One step on a locked item. An accept or a delivery that comes after the deadline finds the
 * item expired: the expiry (and its refund) commits, then the caller gets 409, so what they
 * see next is the truth rather than a pending item nobody can act on.
 */
async function step(
  ctx: Ctx,
  itemId: number,
  actor: Actor,
  now: Date,
  work: (tx: Tx, loaded: LoadedItem) => Promise<LoadedItem>,
  opts: { expireOverdue?: boolean } = {},
): Promise<LoadedItem> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const loaded = await lockItem(tx, itemId);
    if (!loaded) throw notFound(M.itemNotFound);
    assertVisible(actor, loaded);
    const late = opts.expireOverdue ? overdue(loaded.item, now) : null;
    if (late) return { expired: await expireLocked(tx, loaded, late, now) };
    return { done: await work(tx, loaded) };
  });
  if ('expired' in outcome) throw conflict(M.itemWrongState);
  return outcome.done;
}

// ---------------------------------------------------------------- the seller's (or operator's) steps

/** pending -> accepted, before acceptBy; the delivery timer starts. */
export function acceptItem(ctx: Ctx, actor: Actor, itemId: number, now = new Date()) {
  return step(
    ctx,
    itemId,
    actor,
    now,
    async (tx, loaded) => {
      assertState(loaded.item, ['pending']);
      const item = await save(
        tx,
        itemId,
        { state: 'accepted', acceptedAt: now, deliverBy: later(now, ctx.config.marketplace.deliverDays) },
        now,
      );
      await emitEvent(tx, { type: 'marketplace.item.changed', itemId, step: 'accepted', by: actor.kind });
      return { ...loaded, item };
    },
    { expireOverdue: true },
  );
}

/**
 * pending | accepted -> denied with the reason the buyer reads; the buyer is refunded. An
 * operator arbitrating may also refund a delivered item (a proof that does not hold up).
 */
export function denyItem(ctx: Ctx, actor: Actor, itemId: number, reason: string, now = new Date()) {
  const allowed: ItemState[] =
    actor.kind === 'operator' && actor.arbitration ? ['pending', 'accepted', 'delivered'] : ['pending', 'accepted'];
  return step(ctx, itemId, actor, now, async (tx, loaded) => {
    assertState(loaded.item, allowed);
    const refunded = await refundItem(tx, loaded.item, reason);
    const item = await save(
      tx,
      itemId,
      { state: 'denied', deniedAt: now, denyReason: reason, refundedMicros: refunded },
      now,
    );
    await emitEvent(tx, { type: 'marketplace.item.changed', itemId, step: 'denied', by: actor.kind });
    return { ...loaded, item };
  });
}

export type DeliverInput = { proofUrl: string; deliveryDate?: string | undefined };

/**
 * accepted -> delivered with the page that proves it; the server checks the page first
 * (outside the transaction: a slow site must not hold the row lock) and records what it
 * found. A delivered item may be delivered again (a corrected proof) until it completes; the
 * buyer's review window starts again.
 */
export async function deliverItem(
  ctx: Ctx,
  actor: Actor,
  itemId: number,
  input: DeliverInput,
  now = new Date(),
  fetcher?: Fetcher,
): Promise<LoadedItem> {
  const before = await loadItem(ctx.db, itemId);
  if (!before) throw notFound(M.itemNotFound);
  assertVisible(actor, before);
  // An overdue item goes through step() below, which expires it and answers 409.
  if (!overdue(before.item, now)) assertState(before.item, ['accepted', 'delivered']);
  const deliveryDate = input.deliveryDate ?? isoDay(now);
  if (deliveryDate > isoDay(now)) throw badRequest(M.deliveryDateFuture);
  if (deliveryDate < isoDay(before.order.createdAt)) throw badRequest(M.deliveryDateBeforeOrder);
  const proofCheck = overdue(before.item, now)
    ? null
    : await checkProof(
        {
          proofUrl: input.proofUrl,
          targetUrl: before.order.targetUrl,
          dofollowPromised: promisesDofollow(before.listing.attributes),
        },
        ctx.config.verification,
        now,
        fetcher,
      );
  return step(
    ctx,
    itemId,
    actor,
    now,
    async (tx, loaded) => {
      assertState(loaded.item, ['accepted', 'delivered']);
      // Never recorded delivered without a look at the page (a past-deadline item has none).
      if (!proofCheck) throw conflict(M.itemWrongState);
      const item = await save(
        tx,
        itemId,
        {
          state: 'delivered',
          deliveredAt: now,
          proofUrl: input.proofUrl,
          deliveryDate,
          proofCheck,
          completeBy: later(now, ctx.config.marketplace.reviewDays),
        },
        now,
      );
      await emitEvent(tx, { type: 'marketplace.item.changed', itemId, step: 'delivered', by: actor.kind });
      return { ...loaded, item };
    },
    { expireOverdue: true },
  );
}

// ---------------------------------------------------------------- completion

/** The buyer approves a delivered item of their order: it completes and the seller is paid. */
export function approveItem(ctx: Ctx, buyerId: number, orderUnique: string, itemId: number, now = new Date()) {
  return step(ctx, itemId, { kind: 'buyer', userId: buyerId }, now, async (tx, loaded) => {
    if (loaded.order.unique !== orderUnique) throw notFound(M.itemNotFound);
    assertState(loaded.item, ['delivered']);
    return completeLocked(ctx, tx, loaded, 'buyer', now);
  });
}

/** An operator settles a delivered item for the seller (e.g. a proof check that failed for a reason of its own). */
export function completeItemByOperator(ctx: Ctx, itemId: number, now = new Date()) {
  return step(ctx, itemId, { kind: 'operator', arbitration: true }, now, async (tx, loaded) => {
    assertState(loaded.item, ['delivered']);
    return completeLocked(ctx, tx, loaded, 'operator', now);
  });
}

// ---------------------------------------------------------------- the timers (jobs/marketplace-timers.ts)

/** Expires the item if it is still past its deadline under the lock; null when nothing was due. */
export async function expireIfOverdue(ctx: Ctx, itemId: number, now: Date): Promise<LoadedItem | null> {
  return ctx.db.transaction(async (tx) => {
    const loaded = await lockItem(tx, itemId);
    const why = loaded ? overdue(loaded.item, now) : null;
    if (!loaded || !why) return null;
    return expireLocked(tx, loaded, why, now);
  });
}

/** Completes a delivered item whose review window is over, unless its proof check says broken. */
export async function autoCompleteIfDue(ctx: Ctx, itemId: number, now: Date): Promise<LoadedItem | null> {
  return ctx.db.transaction(async (tx) => {
    const loaded = await lockItem(tx, itemId);
    if (!loaded) return null;
    const { item } = loaded;
    if (item.state !== 'delivered' || item.holdId === null || !item.completeBy || item.completeBy > now) return null;
    if (item.proofCheck?.broken) return null;
    return completeLocked(ctx, tx, loaded, 'timer', now);
  });
}

/**
 * Checks a delivered item's proof page again and records the finding, if the item is still
 * delivered with the same proof. A page that broke since the last check is announced.
 */
export async function recheckProof(ctx: Ctx, itemId: number, now: Date, fetcher?: Fetcher) {
  const before = await loadItem(ctx.db, itemId);
  const proofUrl = before?.item.state === 'delivered' ? before.item.proofUrl : null;
  if (!before || !proofUrl) return null;
  const proofCheck = await checkProof(
    {
      proofUrl,
      targetUrl: before.order.targetUrl,
      dofollowPromised: promisesDofollow(before.listing.attributes),
    },
    ctx.config.verification,
    now,
    fetcher,
  );
  return ctx.db.transaction(async (tx) => {
    const loaded = await lockItem(tx, itemId);
    if (loaded?.item.state !== 'delivered' || loaded.item.proofUrl !== proofUrl) return null;
    const wasBroken = loaded.item.proofCheck?.broken === true;
    const item = await save(tx, itemId, { proofCheck }, now);
    if (proofCheck.broken && !wasBroken)
      await emitEvent(tx, { type: 'marketplace.item.changed', itemId, step: 'proof-broken', by: 'timer' });
    return { ...loaded, item };
  });
}
