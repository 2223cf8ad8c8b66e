import { Button, EmptyState, Grid, Group, Pagination, Stack } from '@mantine/core';
import { IconSearchOff } from '@tabler/icons-react';
import { useEffect } from 'react';
import {
  DEFAULT_LISTING_SORT,
  MARKETPLACE_LIMITS,
  MARKETPLACE_MESSAGES,
} from '@cryptads/contract/marketplace-messages';
import { useDisplayView, useSetDisplayView } from '../api/display-view';
import { useSearchListings } from '../api/search-listings';
import { AppliedFilters } from '../components/applied-filters';
import { FilterArea } from '../components/filter-area';
import { ListingResults, ResultsLoading } from '../components/listing-results';
import { LoadError } from '../components/load-error';
import { ResultsToolbar, resultCountText } from '../components/results-toolbar';
import { useListingsSearch } from '../lib/marketplace-search-params';
import { EMPTY_FILTER, type FilterState, filterChips, filterOf, hasFilters, searchInput } from '../lib/search-state';

/**
 * /marketplace/listings/: Filter Listings (docs/product/marketplace.md#listings). Every filter, the sort, the page and
 * the search text live in the URL (lib/marketplace-search-params.ts); the view is the
 * account's preference (GET/PUT displayView). 18 listings a page, trending and grid by default.
 */
export function ListingsPage() {
  const { search, setSearch, canonical, query } = useListingsSearch();
  const results = useSearchListings(searchInput(search));
  const displayView = useDisplayView();
  const setDisplayView = useSetDisplayView();
  const view = displayView.data ?? 'grid';
  const filter = filterOf(search);
  const chips = filterChips(filter);

  // A URL holding values the schema refused is rewritten to the state it shows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the URL's text changes.
  useEffect(() => {
    if (canonical !== query) setSearch(search, { replace: true });
  }, [canonical, query]);

  const data = results.data;
  const pageSize = data?.pageSize ?? MARKETPLACE_LIMITS.pageSize;
  const pages = data ? Math.max(1, Math.ceil(data.resultCount / pageSize)) : 1;
  // A page past the last one (an old bookmark) shows the last page instead of nothing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a fresh answer can tell.
  useEffect(() => {
    if (data && !results.isPlaceholderData && data.resultCount > 0 && search.page > pages)
      setSearch({ ...search, page: pages }, { replace: true });
  }, [data, pages]);

  const applyFilter = (next: FilterState) => setSearch({ ...next, sort: search.sort, page: 1 });
  const clearAll = () => applyFilter(EMPTY_FILTER);
  const goToPage = (page: number) => {
    setSearch({ ...search, page });
    window.scrollTo({ top: 0 });
  };

  const listings = data ? data.order.flatMap((unique) => data.listings[unique] ?? []) : [];
  const countText = data ? resultCountText(data.resultCount, search.page, pageSize) : null;

  const body = results.isPending ? (
    <ResultsLoading view={view} />
  ) : results.isError ? (
    <LoadError
      title="We could not load the listings"
      error={results.error}
      onRetry={() => void results.refetch()}
      retrying={results.isFetching}
      testId="results-error"
    />
  ) : listings.length === 0 ? (
    <EmptyState
      icon={<IconSearchOff size={28} aria-hidden />}
      withIndicatorBackground
      title={MARKETPLACE_MESSAGES.noListings}
      description={
        hasFilters(filter) ? 'Try fewer filters or another search.' : 'There are no listings on offer right now.'
      }
      py="xl"
      data-testid="results-empty"
    >
      {hasFilters(filter) ? (
        <EmptyState.Actions>
          <Button onClick={clearAll} data-testid="clear-all-filters">
            Clear all filters
          </Button>
        </EmptyState.Actions>
      ) : null}
    </EmptyState>
  ) : (
    <Stack gap="lg">
      <ListingResults listings={listings} view={view} stale={results.isPlaceholderData} />
      {pages > 1 ? (
        <Group justify="center">
          <Pagination
            total={pages}
            value={Math.min(search.page, pages)}
            onChange={goToPage}
            siblings={1}
            boundaries={1}
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : undefined,
            })}
            getItemProps={(page) => ({
              'aria-label': `Page ${page}`,
              'aria-current': page === search.page ? 'page' : undefined,
            })}
            data-testid="pager"
          />
        </Group>
      ) : null}
    </Stack>
  );

  return (
    <FilterArea value={filter} onApply={applyFilter}>
      {({ panel, button }) => {
        const main = (
          <Stack gap="md" data-testid="listings-page">
            <ResultsToolbar
              countText={countText}
              sort={search.sort ?? DEFAULT_LISTING_SORT}
              onSort={(sort) => setSearch({ ...search, sort, page: 1 })}
              view={view}
              onView={(next) => setDisplayView.mutate(next)}
              filtersButton={button}
            />
            <AppliedFilters chips={chips} onRemove={(chip) => applyFilter(chip.without)} onClearAll={clearAll} />
            {body}
          </Stack>
        );
        return panel ? (
          <Grid gap="lg">
            <Grid.Col span={3}>{panel}</Grid.Col>
            <Grid.Col span={9}>{main}</Grid.Col>
          </Grid>
        ) : (
          main
        );
      }}
    </FilterArea>
  );
}
