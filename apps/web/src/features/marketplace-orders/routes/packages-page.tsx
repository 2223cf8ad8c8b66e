import { Anchor, Badge, Button, Card, Group, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import type { PackageSummary } from '@cryptads/contract/marketplace';
import type { PackageTypeId } from '@cryptads/contract/marketplace-messages';
import { formatEuros } from '@cryptads/contract/money';
import { paths } from '@cryptads/contract/paths';
import { type Column, DataTable } from '../../../ui/data-table';
import { usePackages } from '../api/get-packages';
import { LoadError } from '../components/load-error';
import { PACKAGE_TABS } from '../lib/package-tabs';
import { ScrollingTabList } from '../../../ui/scrolling-tab-list';

const columns: Column<PackageSummary>[] = [
  {
    key: 'title',
    role: 'primary',
    header: 'Package',
    value: (p) => p.title,
    render: (p) => (
      <Anchor component={Link} to={paths.marketplace.package(p.unique)} fw={600} data-testid="package-link">
        {p.title}
      </Anchor>
    ),
  },
  {
    key: 'features',
    header: 'Features',
    sortable: false,
    value: (p) => p.metadata.features.join('; '),
    render: (p) => (
      <Group gap={4}>
        {p.metadata.features.slice(0, 3).map((f) => (
          <Badge key={f} variant="light" color="gray" size="sm" tt="none" c="var(--mantine-color-text)">
            {f}
          </Badge>
        ))}
        {p.metadata.features.length > 3 ? (
          <Text size="xs" c="dimmed">
            +{p.metadata.features.length - 3} more
          </Text>
        ) : null}
      </Group>
    ),
  },
  { key: 'listings', header: 'Placements', value: (p) => p.listingCount, align: 'right' },
  { key: 'price', header: 'Price', value: (p) => p.price, render: (p) => formatEuros(p.price), align: 'right' },
  {
    key: 'open',
    role: 'actions',
    header: 'Details',
    sortable: false,
    value: () => '',
    render: (p) => (
      <Button
        component={Link}
        to={paths.marketplace.package(p.unique)}
        size="xs"
        variant="light"
        aria-label={`View ${p.title}`}
      >
        View
      </Button>
    ),
  },
];

/**
 * Packages (docs/product/marketplace.md#packages): the three types as tabs (/packages/, /packages/kol-spotlight/,
 * /packages/visibility-boost/), each a table of that type's packages.
 */
export function PackagesPage({ type }: { type: PackageTypeId }) {
  const navigate = useNavigate();
  const packages = usePackages();
  const tab = PACKAGE_TABS.find((t) => t.type === type) ?? PACKAGE_TABS[0];
  const rows = useMemo(() => Object.values(packages.data?.packages[String(type)] ?? {}), [packages.data, type]);

  return (
    <Stack gap="md" data-testid="packages-page">
      <Tabs
        value={String(type)}
        onChange={(value) => {
          const next = PACKAGE_TABS.find((t) => String(t.type) === value);
          if (next) void navigate(next.to);
        }}
      >
        <ScrollingTabList aria-label="Package types">
          {PACKAGE_TABS.map((t) => (
            <Tabs.Tab key={t.type} value={String(t.type)} data-testid={`package-tab-${t.type}`}>
              {t.label}
            </Tabs.Tab>
          ))}
        </ScrollingTabList>
      </Tabs>
      {packages.isPending ? (
        <Skeleton h={240} radius="md" aria-busy="true" />
      ) : packages.isError ? (
        <LoadError
          title="The packages could not be loaded"
          error={packages.error}
          onRetry={() => void packages.refetch()}
          retrying={packages.isFetching}
        />
      ) : (
        <Card withBorder radius="md" padding="md">
          <DataTable
            label={`${tab?.label ?? ''} packages`}
            columns={columns}
            rows={rows}
            rowKey={(p) => p.unique}
            emptyText={`No ${tab?.label ?? ''} packages are offered right now.`}
            initialSort={{ key: 'price', direction: 'asc' }}
            data-testid="packages-table"
          />
        </Card>
      )}
    </Stack>
  );
}
