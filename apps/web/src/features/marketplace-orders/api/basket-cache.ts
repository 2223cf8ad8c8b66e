import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { BasketItem } from '@cryptads/contract/marketplace';
import { basketKeys, listingDetailKeys } from '../../../lib/api/marketplace-keys';

type Basket = { listings: BasketItem[] };

/** Every wishlist and cart change shares this key, so the last one to finish reads the truth again. */
export const BASKET_MUTATION = [...basketKeys.all, 'change'] as const;

/**
 * Optimistic wishlist and cart changes (docs/product/marketplace.md#wishlist-and-cart: the toggles update at once, with a
 * spinner): the list is changed in the cache before the call, put back if the call fails,
 * and read again from the server once the last change in flight has finished, so that two
 * quick clicks never leave an answer of the first one on screen.
 */
export function optimistic<V>(
  queryClient: QueryClient,
  key: QueryKey,
  change: (listings: BasketItem[], vars: V) => BasketItem[],
  /** Told of a failure even when the row that asked has left the screen (an optimistic removal). */
  onFailure?: (error: unknown) => void,
) {
  return {
    mutationKey: BASKET_MUTATION,
    onMutate: async (vars: V) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Basket>(key);
      if (before) queryClient.setQueryData<Basket>(key, { ...before, listings: change(before.listings, vars) });
      return { before };
    },
    onError: (error: unknown, _vars: V, context: { before: Basket | undefined } | undefined) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      onFailure?.(error);
    },
    // A listing's detail says whether it is in the wishlist and the cart: read it again too.
    onSettled: () =>
      queryClient.isMutating({ mutationKey: BASKET_MUTATION }) === 1
        ? Promise.all([
            queryClient.invalidateQueries({ queryKey: basketKeys.all }),
            queryClient.invalidateQueries({ queryKey: listingDetailKeys.all }),
          ])
        : undefined,
  };
}

export const withItem = (listings: BasketItem[], item: BasketItem) =>
  listings.some((l) => l.unique === item.unique) ? listings : [...listings, item];
export const withoutItems = (listings: BasketItem[], uniques: readonly string[]) =>
  listings.filter((l) => !uniques.includes(l.unique));
