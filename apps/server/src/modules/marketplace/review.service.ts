import { desc, eq } from 'drizzle-orm';
import { paths } from '@cryptads/contract/paths';
import { ListingStatus, MARKETPLACE_LIMITS } from '@cryptads/contract/marketplace-messages';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { listings } from '../../db/schema/marketplace';
import { emitEvent } from '../events/events';
import { type EventHandler, on } from '../events/worker';
import { NotificationType, notify } from '../notifications/notify';
import { sanitizeDescription } from './sanitize';

/**
 * An operator's decision on a publisher's listing request (`npm run operator -- listing
 * approve|reject`): approval publishes it (status Active, its description cleaned again),
 * rejection keeps the reason the publisher reads. The owner is told after commit, from the
 * `marketplace.listing.reviewed` event.
 */
export type ListingReview = { action: 'approve' } | { action: 'reject'; reason: string };

export async function reviewListing(db: DbOrTx, unique: string, review: ListingReview) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(listings).where(eq(listings.unique, unique)).for('update').limit(1);
    if (!row) throw new Error(`No listing ${unique}.`);
    if (review.action === 'approve') {
      if (row.status === ListingStatus.Active) return { listing: row, changed: false };
      if (row.status === ListingStatus.Archived)
        throw new Error(`Listing ${unique} is archived; it cannot be published.`);
    } else {
      if (row.status === ListingStatus.Rejected) return { listing: row, changed: false };
      if (row.status !== ListingStatus.Pending)
        throw new Error(`Listing ${unique} is not waiting for review; only a pending request can be rejected.`);
    }
    const reason =
      review.action === 'reject' ? review.reason.trim().slice(0, MARKETPLACE_LIMITS.rejectReasonMax) : null;
    if (review.action === 'reject' && !reason) throw new Error('Give the reason (the publisher reads it).');
    const [updated] = await tx
      .update(listings)
      .set(
        review.action === 'approve'
          ? {
              status: ListingStatus.Active,
              rejectReason: null,
              description: sanitizeDescription(row.description),
              updatedAt: new Date(),
            }
          : { status: ListingStatus.Rejected, rejectReason: reason, updatedAt: new Date() },
      )
      .where(eq(listings.id, row.id))
      .returning();
    if (row.ownerId !== null)
      await emitEvent(tx, {
        type: 'marketplace.listing.reviewed',
        listingId: row.id,
        ownerId: row.ownerId,
        outcome: review.action === 'approve' ? 'approved' : 'rejected',
      });
    return { listing: updated ?? row, changed: true };
  });
}

/** Listing requests for the operator: pending ones, or every listing; newest first. */
export async function listListings(db: DbOrTx, opts: { pending: boolean; limit?: number }) {
  return db
    .select()
    .from(listings)
    .where(opts.pending ? eq(listings.status, ListingStatus.Pending) : undefined)
    .orderBy(desc(listings.createdAt), desc(listings.id))
    .limit(opts.limit ?? 200);
}

/** Tells the owner what was decided; reads the listing as it is now (delivery is at least once). */
export function listingReviewEventHandlers(ctx: Pick<AppContext, 'db'>): EventHandler[] {
  return [
    on('marketplace.listing.reviewed', 'listing-review-notice', async (e) => {
      const [row] = await ctx.db.select().from(listings).where(eq(listings.id, e.listingId)).limit(1);
      if (!row || row.ownerId === null) return;
      if (e.outcome === 'approved' && row.status === ListingStatus.Active)
        await notify(ctx.db, row.ownerId, {
          type: NotificationType.Success,
          title: 'Listing approved',
          message: `${row.title} is now live in the marketplace.`,
          link: paths.marketplace.listing(row.unique),
        });
      if (e.outcome === 'rejected' && row.status === ListingStatus.Rejected)
        await notify(ctx.db, row.ownerId, {
          type: NotificationType.Error,
          title: 'Listing rejected',
          message: `${row.title} has not been approved: ${row.rejectReason ?? 'please contact us for details.'}`,
          link: paths.marketplace.myListings,
        });
    }),
  ];
}
