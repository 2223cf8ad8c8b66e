import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconHeart, IconHeartFilled, IconShoppingCartPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { BasketItem } from '@cryptads/contract/marketplace';
import { categoryName } from '@cryptads/contract/marketplace-messages';
import { paths } from '@cryptads/contract/paths';
import { errorReason } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { showError } from '../../../ui/status-store';
import { useAddToCart } from '../api/add-to-cart';
import { useAddToWishlist } from '../api/add-to-wishlist';
import { useRemoveFromCart } from '../api/remove-from-cart';
import { useRemoveFromWishlist } from '../api/remove-from-wishlist';
import { ListingThumb } from './listing-thumb';
import { Price } from './price';
import { ItemStateBadge, UnavailableBadge } from './state-badge';

const onError = (error: unknown) => showError(errorReason(error));

/** Add to Cart on a wishlist row; 'Added to Cart' once it is there. */
function CartToggle({ item, inCart }: { item: BasketItem; inCart: boolean }) {
  const add = useAddToCart(onError);
  return (
    <Button
      size="xs"
      variant={inCart ? 'light' : 'filled'}
      leftSection={<IconShoppingCartPlus size={14} aria-hidden />}
      disabled={(inCart && !add.isPending) || !item.available}
      loading={add.isPending}
      onClick={() => add.mutate(item)}
      data-testid="row-add-to-cart"
    >
      {inCart ? 'Added to Cart' : 'Add to Cart'}
    </Button>
  );
}

/** Add to Wishlist on a cart row; 'Added to Wishlist' once it is there. */
function WishlistToggle({ item, inWishlist }: { item: BasketItem; inWishlist: boolean }) {
  const add = useAddToWishlist(onError);
  return (
    <Button
      size="xs"
      variant={inWishlist ? 'light' : 'default'}
      leftSection={inWishlist ? <IconHeartFilled size={14} aria-hidden /> : <IconHeart size={14} aria-hidden />}
      disabled={inWishlist && !add.isPending}
      loading={add.isPending}
      onClick={() => add.mutate(item)}
      data-testid="row-add-to-wishlist"
    >
      {inWishlist ? 'Added to Wishlist' : 'Add to Wishlist'}
    </Button>
  );
}

function RemoveButton({ item, from }: { item: BasketItem; from: 'cart' | 'wishlist' }) {
  const cart = useRemoveFromCart(onError);
  const wishlist = useRemoveFromWishlist(onError);
  const remove = from === 'cart' ? cart : wishlist;
  return (
    <Button
      size="xs"
      variant="subtle"
      color="red"
      c="red.9"
      leftSection={<IconTrash size={14} aria-hidden />}
      loading={remove.isPending}
      onClick={() => remove.mutate(item.unique)}
      aria-label={`Remove ${item.title} from the ${from === 'cart' ? 'cart' : 'wishlist'}`}
      data-testid="row-remove"
    >
      Remove
    </Button>
  );
}

/**
 * One listing of the wishlist or the cart (docs/product/marketplace.md#wishlist-and-cart): picture, title, category and niches,
 * the price after discount, a badge (Unavailable; in the wishlist also the last order's state), the
 * toggles, and for a completed placement its proof and delivery date.
 */
export function BasketRow({
  item,
  list,
  inOtherList,
}: {
  item: BasketItem;
  list: 'cart' | 'wishlist';
  /** In the cart (a wishlist row) or in the wishlist (a cart row). */
  inOtherList: boolean;
}) {
  const last = item.lastOrder;
  return (
    <Card component="li" withBorder radius="md" padding="sm" data-testid="basket-row" data-unique={item.unique}>
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <ListingThumb src={item.image} />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" align="flex-start" gap="xs">
            <Anchor
              component={Link}
              to={paths.marketplace.listing(item.unique)}
              fw={600}
              underline="hover"
              c="var(--mantine-color-text)"
              lineClamp={2}
              style={{ flex: '1 1 180px' }}
              data-testid="row-title"
            >
              {item.title}
            </Anchor>
            <Price price={item.price} finalPrice={item.finalPrice} discount={item.discount} />
          </Group>
          <Text size="sm" c="dimmed">
            {categoryName(item.category)}
            {item.niches.length > 0 ? ` · ${item.niches.join(', ')}` : ''}
          </Text>
          <Group gap="xs">
            {/* The cart holds what is about to be ordered: an order state there reads as this item's
                (a never-ordered item looked 'Pending'), so only the wishlist shows one. */}
            {!item.available ? (
              <UnavailableBadge />
            ) : last && list === 'wishlist' ? (
              <ItemStateBadge state={last.state} />
            ) : null}
            {last?.state === 'completed' && last.proofUrl ? (
              <Text size="sm" data-testid="row-proof">
                <Anchor href={last.proofUrl} target="_blank" rel="noopener noreferrer">
                  Delivery proof
                </Anchor>
                {last.deliveryDate ? ` · delivered ${formatDate(last.deliveryDate)}` : ''}
              </Text>
            ) : null}
          </Group>
          <Group gap="xs" mt={4}>
            {list === 'wishlist' ? (
              <CartToggle item={item} inCart={inOtherList} />
            ) : (
              <WishlistToggle item={item} inWishlist={inOtherList} />
            )}
            <RemoveButton item={item} from={list} />
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
