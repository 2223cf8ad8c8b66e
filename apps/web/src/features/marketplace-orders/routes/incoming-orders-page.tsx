import { Button, Card, SegmentedControl, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { IncomingItem } from '@cryptads/contract/marketplace';
import { paths } from '@cryptads/contract/paths';
import { useIncomingItems } from '../api/get-incoming';
import { IncomingItemCard } from '../components/incoming-item-card';
import { LoadError } from '../components/load-error';
import { ScrollCue } from '../../../ui/scroll-cue';

const FILTERS = [
  { value: 'open', label: 'To do' },
  { value: 'delivered', label: 'In review' },
  { value: 'closed', label: 'Finished' },
  { value: 'all', label: 'All' },
] as const;
type Filter = (typeof FILTERS)[number]['value'];

const inFilter = (item: IncomingItem, filter: Filter) =>
  filter === 'all' ||
  (filter === 'open' && (item.state === 'pending' || item.state === 'accepted')) ||
  (filter === 'delivered' && item.state === 'delivered') ||
  (filter === 'closed' && (item.state === 'completed' || item.state === 'denied' || item.state === 'expired'));

/** /selling/orders/: the paid items of the publisher's listings, to accept, deny or deliver. */
export function IncomingOrdersPage() {
  const items = useIncomingItems();
  const [filter, setFilter] = useState<Filter>('open');

  if (items.isPending)
    return (
      <Stack gap="sm" aria-busy="true" data-testid="incoming-loading">
        <Skeleton h={160} radius="md" />
        <Skeleton h={160} radius="md" />
      </Stack>
    );
  if (items.isError)
    return (
      <LoadError
        title="Your incoming orders could not be loaded"
        error={items.error}
        onRetry={() => void items.refetch()}
        retrying={items.isFetching}
      />
    );

  const all = items.data.items;
  if (all.length === 0)
    return (
      <Card withBorder radius="md" padding="xl" data-testid="incoming-empty">
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
            <IconInbox size={28} />
          </ThemeIcon>
          <Text fw={600} size="lg">
            No orders for your listings yet.
          </Text>
          <Text c="dimmed" maw={420}>
            When a buyer pays for one of your placements it appears here, to accept and deliver.
          </Text>
          <Button component={Link} to={paths.marketplace.myListings} variant="default" mt="xs">
            My Listings
          </Button>
        </Stack>
      </Card>
    );

  const shown = all.filter((i) => inFilter(i, filter));
  return (
    <Stack gap="md" data-testid="incoming-page">
      {/* Wider than a phone: it scrolls, with a fade and an arrow on the side that has more filters. */}
      <ScrollCue arrows>
        <SegmentedControl
          aria-label="Show orders"
          data={FILTERS.map((f) => ({
            value: f.value,
            label: `${f.label} (${all.filter((i) => inFilter(i, f.value)).length})`,
          }))}
          value={filter}
          onChange={(v) => setFilter(v as Filter)}
          w="fit-content"
          data-testid="incoming-filter"
        />
      </ScrollCue>
      {shown.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          Nothing here right now.
        </Text>
      ) : (
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Incoming orders">
          {shown.map((item) => (
            <IncomingItemCard key={item.id} item={item} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
