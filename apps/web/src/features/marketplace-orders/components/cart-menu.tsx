import { ActionIcon, Badge, Button, Divider, Group, Loader, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { MARKETPLACE_MESSAGES as M } from '@cryptads/contract/marketplace-messages';
import { formatEuros } from '@cryptads/contract/money';
import { paths } from '@cryptads/contract/paths';
import { formatMicros } from '../../../lib/format';
import { useCart } from '../api/get-cart';
import { basketTotalMicros } from '../lib/basket';
import { ListingThumb } from './listing-thumb';

/**
 * The header's cart on marketplace pages (docs/product/marketplace.md#wishlist-and-cart): an icon with the count, and a
 * dropdown with the items, their total and a link to the cart.
 */
export function CartMenu() {
  const cart = useCart();
  const [opened, setOpened] = useState(false);
  const items = cart.data?.listings ?? [];
  const count = items.length;
  const close = () => setOpened(false);

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={320} shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          pos="relative"
          aria-label={`My Shopping Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
          onClick={() => setOpened((o) => !o)}
          data-testid="cart-link"
        >
          <IconShoppingCart size={20} aria-hidden />
          {count > 0 ? (
            <Badge
              component="span"
              size="xs"
              circle
              color="red.9"
              pos="absolute"
              top={-2}
              right={-2}
              aria-hidden
              data-testid="cart-count"
            >
              {count}
            </Badge>
          ) : null}
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown data-testid="cart-dropdown">
        {cart.isPending ? (
          <Group justify="center" p="md">
            <Loader size="sm" role="status" aria-label="Loading the cart" />
          </Group>
        ) : count === 0 ? (
          <Stack gap="sm" align="center" ta="center" p="xs">
            <Text size="sm">{cart.isError ? 'The cart could not be loaded.' : M.emptyCart}</Text>
            <Button component={Link} to={paths.marketplace.browse} size="xs" variant="default" onClick={close}>
              {M.browseListings}
            </Button>
          </Stack>
        ) : (
          <Stack gap="xs">
            <Text fw={700} size="sm">
              Items ({count})
            </Text>
            <ScrollArea.Autosize mah={280} type="auto">
              <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
                {items.map((item) => (
                  <Group component="li" key={item.unique} gap="xs" wrap="nowrap" data-testid="cart-dropdown-item">
                    <ListingThumb src={item.image} size={36} />
                    <Text size="sm" lineClamp={2} style={{ flex: 1 }} c={item.available ? undefined : 'dimmed'}>
                      {item.title}
                    </Text>
                    <Text size="sm" fw={600} className="tabular">
                      {item.available ? formatEuros(item.finalPrice) : 'Unavailable'}
                    </Text>
                  </Group>
                ))}
              </Stack>
            </ScrollArea.Autosize>
            <Divider />
            <Group justify="space-between">
              <Text size="sm">Total</Text>
              <Text fw={700} className="tabular" data-testid="cart-dropdown-total">
                {formatMicros(basketTotalMicros(items))}
              </Text>
            </Group>
            <Button component={Link} to={paths.marketplace.cart} onClick={close} fullWidth data-testid="cart-view">
              View Cart
            </Button>
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
