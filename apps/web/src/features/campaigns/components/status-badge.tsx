import { Badge, Group, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { campaignStatusLabel, deliveryStatusLabel } from '@cryptads/contract/campaign-messages';

/** Filled badges in dark shades: white text stays above 4.5:1 (WCAG AA). */
const COLORS: Record<string, string> = {
  Running: 'teal.9',
  // Mantine's darkest orange (#d9480f) gives white text only 4.29:1: a darker burnt orange.
  Paused: '#a63c06',
  Pending: 'brand.8',
  Rejected: 'red.9',
  Archived: 'gray.7',
};

/** The live status (Running/Paused/...), the delivery status when running, and a lock. */
export function StatusBadge({
  status,
  isLocked,
  withDelivery,
}: {
  status: number;
  isLocked?: boolean;
  withDelivery?: boolean;
}) {
  const label = campaignStatusLabel(status);
  const delivery = withDelivery ? deliveryStatusLabel(status) : null;
  return (
    <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
      <Badge color={COLORS[label]} variant="filled" data-testid="status-badge">
        {label}
      </Badge>
      {delivery && delivery !== label ? (
        <Badge color="gray.7" variant="outline" data-testid="delivery-badge">
          {delivery}
        </Badge>
      ) : null}
      {isLocked ? (
        <Tooltip label="Managed by your account manager: only its status can be changed">
          <IconLock size={16} aria-label="Locked campaign" role="img" data-testid="lock-icon" />
        </Tooltip>
      ) : null}
    </Group>
  );
}
