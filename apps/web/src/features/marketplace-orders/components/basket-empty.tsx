import { Button, Card, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconHeart, IconShoppingCart } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MARKETPLACE_MESSAGES as M } from '@cryptads/contract/marketplace-messages';
import { paths } from '@cryptads/contract/paths';

/** The empty wishlist and cart (docs/product/marketplace.md#wishlist-and-cart): their own text and Browse our Listings. */
export function BasketEmpty({ list }: { list: 'cart' | 'wishlist' }) {
  const Icon = list === 'cart' ? IconShoppingCart : IconHeart;
  return (
    <Card withBorder radius="md" padding="xl" data-testid="basket-empty">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <Icon size={28} />
        </ThemeIcon>
        <Text fw={600} size="lg">
          {list === 'cart' ? M.emptyCart : M.emptyWishlist}
        </Text>
        <Button component={Link} to={paths.marketplace.browse} mt="xs" data-testid="browse-listings">
          {M.browseListings}
        </Button>
      </Stack>
    </Card>
  );
}
