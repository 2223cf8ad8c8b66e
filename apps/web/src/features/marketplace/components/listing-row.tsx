import { SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ListingCard as Listing } from '@cryptads/contract/marketplace';
import { ListingCard } from './listing-card';

const COLS = { base: 1, xs: 2, md: 3, xl: 5 } as const;

/** A titled row of listing cards under a listing's detail (Similar Products, Recently Viewed). */
export function ListingRow({
  title,
  testId,
  listings,
  loading = false,
  placeholders = 3,
  empty,
}: {
  title: string;
  testId: string;
  listings: Listing[];
  loading?: boolean;
  placeholders?: number;
  empty?: ReactNode;
}) {
  const id = `${testId}-title`;
  return (
    <section aria-labelledby={id} data-testid={testId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {loading ? (
          <SimpleGrid cols={COLS} aria-busy="true">
            {Array.from({ length: placeholders }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to be keyed by.
              <Skeleton key={i} h={300} radius="md" />
            ))}
          </SimpleGrid>
        ) : listings.length === 0 ? (
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        ) : (
          <SimpleGrid cols={COLS} spacing="md">
            {listings.map((listing) => (
              <ListingCard key={listing.unique} listing={listing} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </section>
  );
}
