import { Button, Card, Drawer } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { FilterState } from '../lib/search-state';
import { FilterPanel } from './filter-panel';
import { useWidthQuery } from '../../../lib/hydration';
import { useOpenedOnce } from '../../../lib/opened-once';

/** Wide screens show the panel beside the listings; narrower ones open it in a drawer. */
export const WIDE_QUERY = '(min-width: 75em)';

/**
 * The filter panel where it fits: a column on wide screens, a 'Filters' button and a drawer
 * on tablets and phones (docs/product/marketplace.md#search-and-filters at 390 px). `children` lays out the page around it.
 */
export function FilterArea({
  value,
  onApply,
  children,
}: {
  value: FilterState;
  onApply: (filter: FilterState) => void;
  children: (slot: { panel: ReactNode; button: ReactNode; wide: boolean }) => ReactNode;
}) {
  // Read on the first render: a wide screen never flashes the phone's Filters button.
  const wide = useWidthQuery(WIDE_QUERY, false);
  const [opened, drawer] = useDisclosure(false);
  const drawerMounted = useOpenedOnce(opened);
  const apply = (filter: FilterState) => {
    drawer.close();
    onApply(filter);
  };
  const panel = wide ? (
    <Card withBorder radius="lg" padding="md">
      <FilterPanel value={value} onApply={apply} />
    </Card>
  ) : null;
  const button = wide ? null : (
    <>
      <Button
        variant="default"
        leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
        onClick={drawer.open}
        data-testid="open-filters"
      >
        Filters
      </Button>
      {drawerMounted ? (
        <Drawer opened={opened} onClose={drawer.close} title="Filter listings" size="sm" position="left">
          <FilterPanel value={value} onApply={apply} />
        </Drawer>
      ) : null}
    </>
  );
  return <>{children({ panel, button, wide })}</>;
}
