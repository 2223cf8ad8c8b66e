import { Tabs, type TabsListProps } from '@mantine/core';
import { ScrollCue } from './scroll-cue';

/** The page's own background (app/shell): the fades of a tab row outside a card blend into it. */
const PAGE_BACKGROUND = 'light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))';

/**
 * A row of tabs that never wraps nor cuts a tab: on a phone it scrolls sideways inside a
 * ScrollCue, whose fade and arrow on the side with more tabs say that it goes on past the edge.
 */
export function ScrollingTabList({
  background = PAGE_BACKGROUND,
  style,
  ...props
}: TabsListProps & { background?: string }) {
  return (
    <ScrollCue background={background} arrows>
      {/* As wide as its tabs (at least the row): the underline runs under every tab. */}
      <Tabs.List
        {...props}
        style={{ flexWrap: 'nowrap', width: 'max-content', minWidth: '100%', ...(style as object) }}
      />
    </ScrollCue>
  );
}
