import type { BasketItem } from '@cryptads/contract/marketplace';

/** Euros of the items that can be ordered, added in cents so that the sum is exact. */
export const basketTotal = (items: readonly BasketItem[]) =>
  Math.round(items.filter((i) => i.available).reduce((sum, i) => sum + Math.round(i.finalPrice * 100), 0)) / 100;
