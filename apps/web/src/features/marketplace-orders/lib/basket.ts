import type { BasketItem } from '@cryptads/contract/marketplace';
import { eurosToMicros, sumMicros } from '@cryptads/contract/money';

/**
 * Micro-euros of the items that can be ordered: each price read as micro-euros and added as
 * integers (money.ts), never as floating-point euros; `formatMicros` shows the total.
 */
export const basketTotalMicros = (items: readonly BasketItem[]): bigint =>
  sumMicros(items.filter((i) => i.available).map((i) => eurosToMicros(i.finalPrice)));
