import { Box, Group, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { OrderSummary } from '@cryptads/contract/marketplace';
import { MARKETPLACE_LIMITS, orderStatusLabel } from '@cryptads/contract/marketplace-messages';
import { formatEuros } from '@cryptads/contract/money';
import { paths } from '@cryptads/contract/paths';
import { formatDate } from '../../../lib/format';
import { OrderStatusBadge } from './state-badge';
import classes from './orders.module.css';

const matches = (order: OrderSummary, q: string) =>
  [order.unique, order.title, orderStatusLabel(order.status), formatDate(order.date), formatEuros(order.price)].some(
    (text) => text.toLowerCase().includes(q),
  );

/**
 * The left side of My Orders (docs/product/marketplace.md#orders): the orders, newest first, each opening its
 * detail; a search box once there are 10 or more (docs/product/marketplace.md#orders).
 */
export function OrderList({ orders, current }: { orders: OrderSummary[]; current: string | undefined }) {
  const [query, setQuery] = useState('');
  const q = query.trim().toLowerCase();
  const shown = q ? orders.filter((o) => matches(o, q)) : orders;

  return (
    <Stack gap="sm" data-testid="order-list">
      {orders.length >= MARKETPLACE_LIMITS.searchBoxFrom ? (
        <TextInput
          aria-label="Search orders"
          placeholder="Search orders"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          data-testid="order-search"
        />
      ) : null}
      <Box className={classes.orderScroll}>
        <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }} aria-label="My orders">
          {shown.map((order) => {
            const active = order.unique === current;
            return (
              <li key={order.unique}>
                <UnstyledButton
                  component={Link}
                  to={paths.marketplace.order(order.unique)}
                  className={classes.orderLink}
                  data-active={active || undefined}
                  aria-current={active ? 'page' : undefined}
                  data-testid="order-link"
                  data-order={order.unique}
                >
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text fw={600} size="sm" truncate="end">
                      {order.unique}
                    </Text>
                    <Text fw={700} size="sm" className="tabular">
                      {formatEuros(order.price)}
                    </Text>
                  </Group>
                  <Text size="sm" truncate="end">
                    {order.title}
                    {order.items > 1 ? ` and ${order.items - 1} more` : ''}
                  </Text>
                  <Group justify="space-between" wrap="nowrap" gap="xs" mt={2}>
                    <Text size="xs" c="dimmed">
                      {formatDate(order.date)}
                    </Text>
                    <OrderStatusBadge status={order.status} />
                  </Group>
                </UnstyledButton>
              </li>
            );
          })}
        </Stack>
        {shown.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="md">
            No orders match your search.
          </Text>
        ) : null}
      </Box>
    </Stack>
  );
}
