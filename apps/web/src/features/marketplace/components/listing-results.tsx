import { Box, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import type { ListingCard as Listing } from '@cryptads/contract/marketplace';
import type { ListingView } from '@cryptads/contract/marketplace-messages';
import { ListingCard } from './listing-card';

const GRID_COLS = { base: 1, xs: 2, md: 3 } as const;

/** Placeholders shaped like the view they stand for. */
export function ResultsLoading({ view }: { view: ListingView }) {
  const cards = Array.from({ length: 6 }, (_, i) => i);
  return view === 'list' ? (
    <Stack gap="sm" aria-busy="true" data-testid="results-loading">
      {cards.map((i) => (
        <Skeleton key={i} h={140} radius="md" />
      ))}
    </Stack>
  ) : (
    <SimpleGrid cols={GRID_COLS} aria-busy="true" data-testid="results-loading">
      {cards.map((i) => (
        <Skeleton key={i} h={320} radius="md" />
      ))}
    </SimpleGrid>
  );
}

/** One page of listings as a grid of cards or a list of rows. */
export function ListingResults({ listings, view, stale }: { listings: Listing[]; view: ListingView; stale: boolean }) {
  const cards = listings.map((listing) => <ListingCard key={listing.unique} listing={listing} view={view} />);
  return (
    // While the next page loads, the previous one stays, dimmed.
    <Box style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 120ms' }} data-testid="results" data-view={view}>
      {view === 'list' ? (
        <Stack gap="sm">{cards}</Stack>
      ) : (
        <SimpleGrid cols={GRID_COLS} spacing="md">
          {cards}
        </SimpleGrid>
      )}
    </Box>
  );
}
