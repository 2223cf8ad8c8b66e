import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { OrderItem } from '@cryptads/contract/marketplace';
import { categoryName } from '@cryptads/contract/marketplace-messages';
import { formatEuros } from '@cryptads/contract/money';
import { paths } from '@cryptads/contract/paths';
import { errorReason } from '../../../lib/api-client';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { showError, showSuccess } from '../../../ui/status-store';
import { useApproveItem } from '../api/approve-item';
import { ItemProgress } from './item-progress';
import { ListingThumb } from './listing-thumb';
import { ItemStateBadge } from './state-badge';

/** Approve delivery: the buyer accepts the placement; the escrow pays the seller. */
function ApproveButton({ order, item }: { order: string; item: OrderItem }) {
  const approve = useApproveItem(order);
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button
        size="xs"
        color="teal.9"
        leftSection={<IconCircleCheck size={14} aria-hidden />}
        onClick={() => setAsking(true)}
        loading={approve.isPending}
        data-testid="approve-delivery"
      >
        Approve delivery
      </Button>
      <ConfirmModal
        opened={asking}
        title="Approve this delivery?"
        message={`The placement is complete and ${formatEuros(item.price)} held for it is released to the seller.`}
        confirmLabel="Approve delivery"
        loading={approve.isPending}
        onClose={() => setAsking(false)}
        onConfirm={async () => {
          // Awaited rather than a mutate() callback: the completed item drops this button at once.
          try {
            await approve.mutateAsync(item.id);
            setAsking(false);
            showSuccess('The delivery is approved and the item is completed.');
          } catch (error) {
            setAsking(false);
            showError(errorReason(error));
          }
        }}
      />
    </>
  );
}

/** One item of an order as the buyer sees it. */
export function OrderItemCard({ order, item }: { order: string; item: OrderItem }) {
  return (
    <Card component="li" withBorder radius="md" padding="sm" data-testid="order-item" data-item={item.id}>
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <ListingThumb src={item.listing.image} size={56} />
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" align="flex-start" gap="xs">
            <Anchor
              component={Link}
              to={paths.marketplace.listing(item.listing.unique)}
              fw={600}
              underline="hover"
              c="var(--mantine-color-text)"
              style={{ flex: '1 1 180px' }}
            >
              {item.listing.title}
            </Anchor>
            <Text fw={700} className="tabular">
              {formatEuros(item.price)}
            </Text>
          </Group>
          <Group gap="xs">
            <ItemStateBadge state={item.state} />
            <Text size="sm" c="dimmed">
              {categoryName(item.listing.category)}
              {item.listing.niches.length > 0 ? ` · ${item.listing.niches.join(', ')}` : ''}
            </Text>
          </Group>
          <ItemProgress item={item} viewer="buyer" />
          {item.state === 'delivered' ? (
            <Group>
              <ApproveButton order={order} item={item} />
            </Group>
          ) : null}
        </Stack>
      </Group>
    </Card>
  );
}
