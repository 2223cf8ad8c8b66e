import type { QueryClient } from '@tanstack/react-query';
import type { OrderDetail } from '@cryptads/contract/marketplace';
import { userKeys } from '../../../lib/api/keys';
import { marketplaceOrderKeys } from './keys';

/**
 * An answer that is the order as it now is (cancel, pay by balance, approve): shown at once,
 * and the list (its status), the header's balance and the cart badges' last-order states
 * are read again.
 */
export function storeOrder(queryClient: QueryClient, order: OrderDetail) {
  queryClient.setQueryData(marketplaceOrderKeys.order(order.unique), order);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: marketplaceOrderKeys.orderList() }),
    queryClient.invalidateQueries({ queryKey: userKeys.all }),
    queryClient.invalidateQueries({ queryKey: marketplaceOrderKeys.cart() }),
    queryClient.invalidateQueries({ queryKey: marketplaceOrderKeys.wishlist() }),
  ]);
}
