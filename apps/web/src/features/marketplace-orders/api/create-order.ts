import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateOrderInput } from '@cryptads/contract/marketplace';
import { listingDetailKeys } from '../../../lib/api/marketplace-keys';
import { ordersApi } from './client';
import { marketplaceOrderKeys } from './keys';
import { removeFromCart } from './remove-from-cart';

/** POST /api/marketplace/orders: listings, email, livechat (and our target URL); answers the order's id. */
export const createOrder = (input: CreateOrderInput) => ordersApi.createOrder({ body: input });

/**
 * Order Details submit (docs/product/marketplace.md#orders). From the cart, the cart is then emptied on screen and
 * on the server: the server already drops the ordered listings, and the DELETE also clears
 * what could not be ordered, as the product's cart does.
 */
export function useCreateOrder(from: 'cart' | 'wishlist') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateOrderInput) => {
      const created = await createOrder(input);
      if (from === 'cart') {
        queryClient.setQueryData(marketplaceOrderKeys.cart(), { listings: [] });
        // The order exists: a failure to empty what is left is not a failure of the order.
        await removeFromCart().catch(() => undefined);
      }
      return created;
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: marketplaceOrderKeys.orders() }),
        queryClient.invalidateQueries({ queryKey: marketplaceOrderKeys.cart() }),
        queryClient.invalidateQueries({ queryKey: marketplaceOrderKeys.wishlist() }),
        queryClient.invalidateQueries({ queryKey: listingDetailKeys.all }),
      ]),
  });
}
