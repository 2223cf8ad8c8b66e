import { Button, Group, Pill } from '@mantine/core';
import type { FilterChip } from '../lib/search-state';

/** The applied filters as removable chips, and Clear all (docs/product/marketplace.md#search-and-filters). */
export function AppliedFilters({
  chips,
  onRemove,
  onClearAll,
}: {
  chips: FilterChip[];
  onRemove: (chip: FilterChip) => void;
  onClearAll: () => void;
}) {
  if (chips.length === 0) return null;
  return (
    <Group gap="xs" wrap="wrap" role="group" aria-label="Applied filters" data-testid="applied-filters">
      {chips.map((chip) => (
        <Pill
          key={chip.id}
          size="md"
          withRemoveButton
          onRemove={() => onRemove(chip)}
          // Pill's remove button is hidden from keyboards and screen readers by default (made for
          // inputs where Backspace removes); here it is the only way to remove the filter.
          removeButtonProps={{ 'aria-label': `Remove filter ${chip.label}`, 'aria-hidden': false, tabIndex: 0 }}
          data-testid="filter-chip"
        >
          {chip.label}
        </Pill>
      ))}
      <Button variant="subtle" size="compact-sm" onClick={onClearAll} data-testid="clear-all">
        Clear all
      </Button>
    </Group>
  );
}
