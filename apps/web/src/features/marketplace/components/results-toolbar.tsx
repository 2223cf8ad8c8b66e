import { Group, SegmentedControl, Select, Text, VisuallyHidden } from '@mantine/core';
import { IconLayoutGrid, IconList } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import {
  LISTING_SORT_LABELS,
  LISTING_SORTS,
  type ListingSort,
  type ListingView,
} from '@cryptads/contract/marketplace-messages';
import { formatNumber } from '../../../lib/format';

const SORT_OPTIONS = LISTING_SORTS.map((value) => ({ value, label: LISTING_SORT_LABELS[value] }));

/** 'Showing 19–36 of 120 listings', or what is happening instead. */
export function resultCountText(resultCount: number, page: number, pageSize: number): string {
  if (resultCount === 0) return 'No listings match these filters';
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, resultCount);
  const noun = resultCount === 1 ? 'listing' : 'listings';
  return resultCount <= pageSize
    ? `${formatNumber(resultCount)} ${noun} found`
    : `Showing ${formatNumber(first)}–${formatNumber(last)} of ${formatNumber(resultCount)} ${noun}`;
}

/** The result count line, the sort select and the grid/list toggle (docs/product/marketplace.md#search-and-filters). */
export function ResultsToolbar({
  countText,
  sort,
  onSort,
  view,
  onView,
  filtersButton,
}: {
  countText: string | null;
  sort: ListingSort;
  onSort: (sort: ListingSort) => void;
  view: ListingView;
  onView: (view: ListingView) => void;
  filtersButton: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
      <Group gap="sm" align="center">
        {filtersButton}
        {/* Announced when a filter, the sort or the page changes what is listed. */}
        <Text fw={600} aria-live="polite" data-testid="result-count">
          {countText}
        </Text>
      </Group>
      <Group gap="sm" align="flex-end" wrap="nowrap">
        <Select
          label="Sort by"
          data={SORT_OPTIONS}
          value={sort}
          onChange={(value) => value && onSort(value as ListingSort)}
          allowDeselect={false}
          w={190}
          comboboxProps={{ withinPortal: true }}
          data-testid="sort-select"
        />
        <SegmentedControl
          aria-label="View"
          value={view}
          onChange={(value) => onView(value as ListingView)}
          data={[
            {
              value: 'grid',
              label: (
                <>
                  <IconLayoutGrid size={18} aria-hidden style={{ display: 'block' }} />
                  <VisuallyHidden>Grid view</VisuallyHidden>
                </>
              ),
            },
            {
              value: 'list',
              label: (
                <>
                  <IconList size={18} aria-hidden style={{ display: 'block' }} />
                  <VisuallyHidden>List view</VisuallyHidden>
                </>
              ),
            },
          ]}
          data-testid="view-toggle"
        />
      </Group>
    </Group>
  );
}
