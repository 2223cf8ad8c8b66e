import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Homepage } from '@cryptads/contract/marketplace';
import { categoryName } from '@cryptads/contract/marketplace-messages';
import { formatNumber } from '../../../lib/format';
import { ScrollCue } from '../../../ui/scroll-cue';
import { listingsHref } from '../lib/search-state';
import { ListingCard } from './listing-card';
import classes from './marketplace.module.css';

/**
 * One row per category with listings (GET listings/homepage, trending first). A row's title
 * and its 'View all' open Filter Listings with that category (docs/product/marketplace.md#browse).
 */
export function CategoryRows({ rows }: { rows: Homepage['rows'] }) {
  return (
    <Stack gap="xl">
      {rows.map((row) => {
        const name = categoryName(row.category);
        const href = listingsHref({ category: [row.category] });
        return (
          <section
            key={row.category}
            className={classes.categoryRow}
            aria-labelledby={`category-row-${row.category}`}
            data-testid="category-row"
          >
            <Group justify="space-between" align="baseline" mb="sm" gap="xs">
              <Title order={2} size="h4" id={`category-row-${row.category}`}>
                <Anchor
                  component={Link}
                  to={href}
                  c="inherit"
                  inherit
                  underline="hover"
                  data-testid="category-row-link"
                >
                  {name}
                </Anchor>
              </Title>
              <Anchor
                component={Link}
                to={href}
                size="sm"
                fw={600}
                aria-label={`View all ${formatNumber(row.total)} ${name} listings`}
              >
                <Group gap={4} wrap="nowrap" component="span">
                  <Text span inherit>
                    View all {formatNumber(row.total)}
                  </Text>
                  <IconArrowRight size={14} aria-hidden />
                </Group>
              </Anchor>
            </Group>
            <ScrollCue arrows>
              <div className={classes.row}>
                {row.listings.map((listing) => (
                  <ListingCard key={listing.unique} listing={listing} />
                ))}
              </div>
            </ScrollCue>
          </section>
        );
      })}
    </Stack>
  );
}
