import { Badge } from '@mantine/core';
import type { BadgeTone, StatusBadge as StatusBadgeValue } from '@cryptads/contract/websites-messages';

/**
 * Dot badges: the colour sits in the dot and the label keeps the scheme's text colour, so it
 * reads at AA contrast in light and dark mode (a light badge of yellow or green does not).
 */
const COLOR: Record<BadgeTone, string> = {
  green: 'teal',
  yellow: 'yellow',
  gray: 'gray',
  red: 'red',
  blue: 'blue',
};

/** A website or zone status as the contract labels it. */
export function StatusBadge({ badge, testId }: { badge: StatusBadgeValue; testId?: string }) {
  return (
    <Badge variant="dot" size="md" color={COLOR[badge.tone]} data-testid={testId}>
      {badge.label}
    </Badge>
  );
}
