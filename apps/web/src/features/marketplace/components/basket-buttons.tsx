import { Button, Group, Loader } from '@mantine/core';
import { IconHeart, IconHeartFilled, IconShoppingCart, IconShoppingCartCheck } from '@tabler/icons-react';
import type { ListingDetail } from '@cryptads/contract/marketplace';
import { errorReason } from '../../../lib/api-client';
import { showError } from '../../../ui/status-store';
import { type Basket, useToggleBasket } from '../api/toggle-basket';

const LABELS: Record<Basket, { add: string; added: string }> = {
  wishlist: { add: 'Add to Wishlist', added: 'Added to Wishlist' },
  cart: { add: 'Add to Cart', added: 'Added to Cart' },
};

function ToggleButton({ listing, basket }: { listing: ListingDetail; basket: Basket }) {
  const toggle = useToggleBasket(listing.unique, basket);
  const inBasket = basket === 'wishlist' ? listing.inWishlist : listing.inCart;
  const label = inBasket ? LABELS[basket].added : LABELS[basket].add;
  const icon =
    basket === 'wishlist' ? (
      inBasket ? (
        <IconHeartFilled size={18} aria-hidden />
      ) : (
        <IconHeart size={18} aria-hidden />
      )
    ) : inBasket ? (
      <IconShoppingCartCheck size={18} aria-hidden />
    ) : (
      <IconShoppingCart size={18} aria-hidden />
    );
  const onClick = () => {
    // One change at a time: a second click waits for the first answer.
    if (toggle.isPending) return;
    toggle.mutate(!inBasket, { onError: (error) => showError(errorReason(error)) });
  };
  return (
    <Button
      variant={basket === 'cart' ? (inBasket ? 'light' : 'filled') : inBasket ? 'light' : 'default'}
      color={basket === 'wishlist' && inBasket ? 'pink.9' : undefined}
      // The label turns at once (optimistic); the spinner says the server has not answered yet.
      leftSection={toggle.isPending ? <Loader size={16} aria-hidden /> : icon}
      aria-busy={toggle.isPending || undefined}
      onClick={onClick}
      data-testid={`toggle-${basket}`}
      data-pending={toggle.isPending || undefined}
    >
      {label}
    </Button>
  );
}

/** Add to Wishlist and Add to Cart, each turning into its 'Added to …' label (docs/product/marketplace.md#wishlist-and-cart). */
export function BasketButtons({ listing }: { listing: ListingDetail }) {
  return (
    <Group gap="sm" wrap="wrap" data-testid="basket-buttons">
      <ToggleButton listing={listing} basket="wishlist" />
      <ToggleButton listing={listing} basket="cart" />
    </Group>
  );
}
