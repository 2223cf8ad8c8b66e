import type { Config } from '../../config';
import type { Tx } from '../../db/client';
import { available, platform, postHold, type TransferInput, voidHold } from '../ledger/ledger.service';
import { commissionPercentFor, splitSale } from './commission';
import type { ItemRow } from './item-view';

/**
 * An item's money (docs/decisions/018-marketplace.md). Paying the order held the item's price
 * on the buyer's held account, destined for marketplace escrow. Completion posts that hold and,
 * in the same posting, pays escrow out to the seller (price less commission) and to network
 * revenue (the commission), or entirely to revenue for the network's own listings. A refund
 * voids the hold: the price is back in the buyer's available balance.
 *
 * One posting per transaction (decision 013): postHold's `onward` legs are written with the
 * hold's own leg, so every lock is taken in the ledger's one global order. The hold's status
 * changes once, so a retried job or a second approval finds it posted and pays nothing; the
 * onward legs also carry idempotency keys per item and step, under the ledger's unique index.
 */

export const itemReference = (itemId: number) => `marketplace-item:${itemId}`;

export type Release = { percent: number; sellerMicros: bigint; commissionMicros: bigint };

function holdOf(item: ItemRow): number {
  if (item.holdId === null) throw new Error(`marketplace: item ${item.id} has no hold (not paid)`);
  return item.holdId;
}

/** Completion: the buyer's held price goes to escrow and on to the seller and revenue. */
export async function releaseItem(tx: Tx, item: ItemRow, config: Pick<Config, 'marketplace'>): Promise<Release> {
  const reference = itemReference(item.id);
  const percent = item.sellerId === null ? 100 : commissionPercentFor(item, config.marketplace.commissionPercent);
  const { sellerMicros, commissionMicros } = splitSale(item.priceMicros, percent);
  const escrow = platform('marketplace_escrow');
  const onward: TransferInput[] =
    item.sellerId === null
      ? [
          {
            from: escrow,
            to: platform('revenue'),
            amountMicros: item.priceMicros,
            kind: 'marketplace_sale',
            description: `Marketplace sale, item ${item.id} (network listing)`,
            reference,
            idempotencyKey: `${reference}:sale`,
          },
        ]
      : [
          {
            from: escrow,
            to: available(item.sellerId),
            amountMicros: sellerMicros,
            kind: 'marketplace_sale',
            description: `Marketplace sale, item ${item.id}`,
            reference,
            idempotencyKey: `${reference}:seller`,
          },
          {
            from: escrow,
            to: platform('revenue'),
            amountMicros: commissionMicros,
            kind: 'marketplace_commission',
            description: `Marketplace commission (${percent} %), item ${item.id}`,
            reference,
            idempotencyKey: `${reference}:commission`,
          },
        ];
  const posted = await postHold(tx, holdOf(item), { onward });
  // The row lock makes this impossible; if it ever happens, nothing must commit: the seller
  // would be marked paid while the money went elsewhere.
  if (!posted.applied) throw new Error(`marketplace: the hold of item ${item.id} was already posted`);
  if (posted.hold.amountMicros !== item.priceMicros)
    throw new Error(`marketplace: the hold of item ${item.id} does not match its price`);
  return { percent, sellerMicros: item.sellerId === null ? 0n : sellerMicros, commissionMicros };
}

/** Denied or expired: the hold is voided, the price is the buyer's again. Answers the amount refunded. */
export async function refundItem(tx: Tx, item: ItemRow, why: string): Promise<bigint> {
  const voided = await voidHold(tx, holdOf(item), { description: `Marketplace refund, item ${item.id}: ${why}` });
  if (!voided.applied) throw new Error(`marketplace: the hold of item ${item.id} was already voided`);
  return voided.hold.amountMicros;
}
