import type { QueryClient } from '@tanstack/react-query';
import type { IncomingItem } from '@cryptads/contract/marketplace';
import { marketplaceOrderKeys } from './keys';

/**
 * An item as a seller's action left it: replaced in the list at once, then the list, the
 * sidebar's waiting count and the listings' sales are read again.
 */
export function storeIncomingItem(queryClient: QueryClient, item: IncomingItem) {
  queryClient.setQueryData<{ items: IncomingItem[] }>(marketplaceOrderKeys.incoming(), (old) =>
    old ? { items: old.items.map((i) => (i.id === item.id ? item : i)) } : old,
  );
  return queryClient.invalidateQueries({ queryKey: marketplaceOrderKeys.selling() });
}
