import { Grid, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useCurrentUser } from '../../../lib/api/get-current-user';
import { formatMicros } from '../../../lib/format';
import { useCart } from '../api/get-cart';
import { useWishlist } from '../api/get-wishlist';
import { basketTotalMicros } from '../lib/basket';
import { BasketEmpty } from './basket-empty';
import { BasketRow } from './basket-row';
import { LoadError } from './load-error';
import { OrderDetailsForm } from './order-details-form';

/**
 * The wishlist and the cart (docs/product/marketplace.md#wishlist-and-cart): the items under a header Items (count) and Price,
 * and the Order Details form that orders the available ones. Both lists are read, so that
 * each row knows whether it is also in the other.
 */
export function BasketPage({ list }: { list: 'cart' | 'wishlist' }) {
  const cart = useCart();
  const wishlist = useWishlist();
  const user = useCurrentUser();
  const query = list === 'cart' ? cart : wishlist;
  const other = list === 'cart' ? wishlist : cart;
  const label = list === 'cart' ? 'My Shopping Cart' : 'Wishlist';

  if (query.isPending)
    return (
      <Stack gap="sm" aria-busy="true" data-testid="basket-loading">
        <Skeleton h={96} radius="md" />
        <Skeleton h={96} radius="md" />
      </Stack>
    );
  if (query.isError)
    return (
      <LoadError
        title={`Your ${list === 'cart' ? 'cart' : 'wishlist'} could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );

  const items = query.data.listings;
  if (items.length === 0) return <BasketEmpty list={list} />;
  const otherUniques = new Set(other.data?.listings.map((i) => i.unique));
  const orderable = items.filter((i) => i.available).map((i) => i.unique);

  return (
    <Grid gap="lg" data-testid={`${list}-page`}>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="sm">
          <Group justify="space-between" px="sm">
            <Text fw={700} data-testid="basket-count">
              Items ({items.length})
            </Text>
            <Text fw={700}>Price</Text>
          </Group>
          <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label={label}>
            {items.map((item) => (
              <BasketRow key={item.unique} item={item} list={list} inOtherList={otherUniques.has(item.unique)} />
            ))}
          </Stack>
          <Group justify="space-between" px="sm">
            <Text c="dimmed">Total</Text>
            <Text fw={700} className="tabular" data-testid="basket-total">
              {formatMicros(basketTotalMicros(items))}
            </Text>
          </Group>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        {user.data || user.isError ? (
          <OrderDetailsForm email={user.data?.email ?? ''} listings={orderable} from={list} />
        ) : (
          <Skeleton h={320} radius="md" />
        )}
      </Grid.Col>
    </Grid>
  );
}
