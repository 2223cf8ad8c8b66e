import { Grid, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useHomepage } from '../api/get-homepage';
import { useListingStats } from '../api/get-listing-stats';
import { BannerCards } from '../components/banner-cards';
import { CategoryRows } from '../components/category-rows';
import { FilterArea } from '../components/filter-area';
import { ListingGoneNotice } from '../components/listing-gone-notice';
import { LoadError } from '../components/load-error';
import { EMPTY_FILTER, type FilterState, listingsHref } from '../lib/search-state';

function RowsLoading() {
  return (
    <Stack gap="xl" aria-busy="true" data-testid="category-rows-loading">
      {[0, 1].map((row) => (
        <Stack key={row} gap="sm">
          <Skeleton h={24} w={200} />
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {[0, 1, 2].map((card) => (
              <Skeleton key={card} h={280} radius="md" />
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}

/** /marketplace/: Browse Listings (docs/product/marketplace.md#browse): two banners, the category rows and the filter panel. */
export function BrowsePage() {
  const navigate = useNavigate();
  const homepage = useHomepage();
  const stats = useListingStats();
  const apply = (filter: FilterState) => void navigate(listingsHref(filter));
  const rows = homepage.data?.rows.filter((row) => row.listings.length > 0) ?? [];

  const content = homepage.isPending ? (
    <RowsLoading />
  ) : homepage.isError ? (
    <LoadError
      title="We could not load the marketplace"
      error={homepage.error}
      onRetry={() => void homepage.refetch()}
      retrying={homepage.isFetching}
      testId="browse-error"
    />
  ) : rows.length === 0 ? (
    <Text c="dimmed" data-testid="browse-empty">
      No listings are on offer yet. Come back soon, or request the listing you are missing.
    </Text>
  ) : (
    <CategoryRows rows={rows} />
  );

  return (
    <Stack gap="xl" data-testid="browse-page">
      <ListingGoneNotice />
      <BannerCards total={stats.data?.total} />
      <FilterArea value={EMPTY_FILTER} onApply={apply}>
        {({ panel, button }) =>
          panel ? (
            <Grid gap="lg">
              <Grid.Col span={3}>{panel}</Grid.Col>
              <Grid.Col span={9}>{content}</Grid.Col>
            </Grid>
          ) : (
            <Stack gap="lg">
              <Group>{button}</Group>
              {content}
            </Stack>
          )
        }
      </FilterArea>
    </Stack>
  );
}
