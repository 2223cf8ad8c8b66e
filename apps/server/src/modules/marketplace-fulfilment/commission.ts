import { commissionOf } from '@cryptads/contract/money';

/**
 * How a completed item's price is shared (docs/decisions/018-marketplace.md): the network's
 * commission is the price times the item's commission percent, rounded half up to the
 * micro-euro; the seller gets the exact remainder, so seller + commission = price always.
 * The network's own listings (no seller) keep 100 %.
 */

/** The percent an item carries: fixed at payment; an item without one gets today's rule. */
export function commissionPercentFor(
  item: { sellerId: number | null; commissionPercent: number | null },
  configured: number,
) {
  if (item.commissionPercent !== null) return item.commissionPercent;
  return item.sellerId === null ? 100 : configured;
}

/** Splits a price (micro-euros) at a percent with up to 2 decimals (the column is numeric(5,2)). */
export function splitSale(priceMicros: bigint, percent: number): { sellerMicros: bigint; commissionMicros: bigint } {
  const commissionMicros = commissionOf(priceMicros, percent);
  return { sellerMicros: priceMicros - commissionMicros, commissionMicros };
}
