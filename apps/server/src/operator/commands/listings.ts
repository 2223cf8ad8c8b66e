import { categoryName, ListingStatus } from '@cryptads/contract/marketplace-messages';
import { formatEuros, microsToEuros } from '@cryptads/contract/money';
import { listListings, reviewListing } from '../../modules/marketplace/review.service';
import type { OperatorCommand } from '../types';

const STATUS_NAMES: Record<number, string> = {
  [ListingStatus.Pending]: 'pending',
  [ListingStatus.Active]: 'active',
  [ListingStatus.Rejected]: 'rejected',
  [ListingStatus.Archived]: 'archived',
};

function uniqueOf(value: string | undefined) {
  if (!value || !/^[A-Za-z0-9_-]{1,40}$/.test(value))
    throw new Error('Give the listing id (see `listing list --pending`).');
  return value;
}

/**
 * Publishers' listing requests: an operator publishes or rejects each one; the
 * publisher is told by a notification (after commit, from a domain event).
 */
export const listingCommands: Record<string, OperatorCommand> = {
  list: {
    args: '[--pending]',
    help: 'list marketplace listings, newest first (--pending: the requests waiting for review)',
    async run(ctx, args) {
      const rows = await listListings(ctx.db, { pending: args.includes('--pending') });
      if (rows.length === 0) return args.includes('--pending') ? 'No listing requests waiting.' : 'No listings.';
      return rows
        .map(
          (l) =>
            `${l.unique}  ${(STATUS_NAMES[l.status] ?? String(l.status)).padEnd(8)}  ${categoryName(l.category).padEnd(18)}  ${formatEuros(microsToEuros(l.priceMicros)).padStart(10)}  ${l.ownerId === null ? 'network' : `owner #${l.ownerId}`}  ${l.title}${l.rejectReason ? `  (rejected: ${l.rejectReason})` : ''}`,
        )
        .join('\n');
    },
  },
  approve: {
    args: '<listing id>',
    help: 'publish a pending (or rejected) listing request; the publisher is told',
    async run(ctx, [ref]) {
      const { listing, changed } = await reviewListing(ctx.db, uniqueOf(ref), { action: 'approve' });
      return changed
        ? `Listing ${listing.unique} "${listing.title}" approved: it is now live.`
        : `Listing ${listing.unique} was already live; nothing changed.`;
    },
  },
  reject: {
    args: '<listing id> <reason...>',
    help: 'reject a pending listing request with the reason the publisher reads',
    async run(ctx, [ref, ...words]) {
      const unique = uniqueOf(ref);
      const reason = words.join(' ').trim();
      if (!reason) throw new Error('Give the reason (the publisher reads it).');
      const { listing, changed } = await reviewListing(ctx.db, unique, { action: 'reject', reason });
      return changed
        ? `Listing ${listing.unique} "${listing.title}" rejected: ${reason}`
        : `Listing ${listing.unique} was already rejected; nothing changed.`;
    },
  },
};
