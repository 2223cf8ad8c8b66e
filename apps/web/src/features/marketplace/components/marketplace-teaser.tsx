import { Anchor, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { MARKETPLACE_LIMITS } from '@cryptads/contract/marketplace-messages';
import { paths } from '@cryptads/contract/paths';
import { errorReason } from '../../../lib/api-client';
import { useHomepage } from '../api/get-homepage';
import { ListingCard } from './listing-card';

/**
 * The dashboard's marketplace teaser (docs/product/account.md#dashboard; docs/product/limits.md#marketplace: 6 items), mounted by the
 * dashboard route (app/dashboard-route.tsx). It imports no zod: the dashboard's first load
 * stays small.
 */
export function MarketplaceTeaser() {
  const homepage = useHomepage();
  const items = (homepage.data?.teaser ?? []).slice(0, MARKETPLACE_LIMITS.dashboardTeaser);

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="marketplace-teaser">
      <Group justify="space-between" align="baseline" mb="md" gap="xs">
        <Title order={2} size="h4">
          Marketplace
        </Title>
        <Anchor component={Link} to={paths.marketplace.browse} size="sm" fw={600}>
          Browse the marketplace
        </Anchor>
      </Group>
      {homepage.isPending ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 6 }} aria-busy="true" data-testid="marketplace-teaser-loading">
          {Array.from({ length: MARKETPLACE_LIMITS.dashboardTeaser }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to be keyed by.
            <Skeleton key={i} h={220} radius="md" />
          ))}
        </SimpleGrid>
      ) : homepage.isError ? (
        <Stack gap="xs" align="flex-start" role="alert">
          <Text size="sm">{errorReason(homepage.error)}</Text>
          <Button size="xs" variant="default" onClick={() => void homepage.refetch()} loading={homepage.isFetching}>
            Try again
          </Button>
        </Stack>
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No listings are on offer yet.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 6 }} spacing="md">
          {items.map((listing) => (
            <ListingCard key={listing.unique} listing={listing} view="compact" />
          ))}
        </SimpleGrid>
      )}
    </Card>
  );
}
