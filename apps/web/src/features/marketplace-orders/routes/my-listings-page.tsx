import { Anchor, Badge, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { MyListing } from '@cryptads/contract/marketplace';
import { categoryName, ListingStatus } from '@cryptads/contract/marketplace-messages';
import { formatEuros } from '@cryptads/contract/money';
import { paths } from '@cryptads/contract/paths';
import { formatDate } from '../../../lib/format';
import { type Column, DataTable } from '../../../ui/data-table';
import { useMyListings } from '../api/get-my-listings';
import { LoadError } from '../components/load-error';

const STATUS: Record<number, { label: string; color: string }> = {
  [ListingStatus.Pending]: { label: 'Waiting for review', color: 'yellow' },
  [ListingStatus.Active]: { label: 'Active', color: 'teal' },
  [ListingStatus.Rejected]: { label: 'Rejected', color: 'red' },
  [ListingStatus.Archived]: { label: 'Archived', color: 'gray' },
};
const statusOf = (status: number) => STATUS[status] ?? { label: 'Archived', color: 'gray' };

const columns: Column<MyListing>[] = [
  {
    key: 'title',
    role: 'primary',
    header: 'Listing',
    value: (l) => l.title,
    render: (l) =>
      l.status === ListingStatus.Active ? (
        <Anchor component={Link} to={paths.marketplace.listing(l.unique)} fw={600} data-testid="my-listing-link">
          {l.title}
        </Anchor>
      ) : (
        <Text fw={600} size="sm">
          {l.title}
        </Text>
      ),
  },
  { key: 'category', header: 'Category', value: (l) => categoryName(l.category) },
  {
    key: 'price',
    header: 'Price',
    value: (l) => l.finalPrice,
    render: (l) => formatEuros(l.finalPrice),
    align: 'right',
  },
  {
    key: 'status',
    role: 'status',
    header: 'Status',
    value: (l) => statusOf(l.status).label,
    render: (l) => (
      <Stack gap={2}>
        <Badge variant="dot" color={statusOf(l.status).color} data-testid="my-listing-status">
          {statusOf(l.status).label}
        </Badge>
        {l.status === ListingStatus.Rejected && l.rejectReason ? (
          <Text size="xs" c="dimmed" maw={260} data-testid="my-listing-reason">
            {l.rejectReason}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  { key: 'sold', header: 'Sold', value: (l) => l.sold, align: 'right' },
  { key: 'completed', header: 'Completed', value: (l) => l.completed, align: 'right' },
  { key: 'created', header: 'Requested', value: (l) => l.createdAt, render: (l) => formatDate(l.createdAt) },
];

/** /selling/listings/: a publisher's listings with their review status and sales. */
export function MyListingsPage() {
  const listings = useMyListings();
  return (
    <Stack gap="md" data-testid="my-listings-page">
      <Group justify="space-between">
        <Text c="dimmed">Your placements in the marketplace; a new request waits for an operator's review.</Text>
        <Button component={Link} to={paths.marketplace.newListing} leftSection={<IconPlus size={16} aria-hidden />}>
          Request a Listing
        </Button>
      </Group>
      {listings.isPending ? (
        <Skeleton h={240} radius="md" aria-busy="true" />
      ) : listings.isError ? (
        <LoadError
          title="Your listings could not be loaded"
          error={listings.error}
          onRetry={() => void listings.refetch()}
          retrying={listings.isFetching}
        />
      ) : (
        <Card withBorder radius="md" padding="md">
          <DataTable
            label="My listings"
            columns={columns}
            rows={listings.data.listings}
            rowKey={(l) => l.unique}
            emptyText="You have no listings yet. Request one to sell placements on your site."
            initialSort={{ key: 'created', direction: 'desc' }}
            data-testid="my-listings-table"
          />
        </Card>
      )}
    </Stack>
  );
}
