import { CloseButton, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { MARKETPLACE_MESSAGES } from '@cryptads/contract/marketplace-messages';
import { Notice } from '../../../ui/notice';

/** Navigation state of a listing page whose listing does not exist (any more). */
export const LISTING_GONE_STATE = { listingGone: true } as const;

const cameFromGoneListing = (state: unknown) =>
  typeof state === 'object' && state !== null && (state as { listingGone?: unknown }).listingGone === true;

/**
 * On /marketplace/, after a listing link that leads nowhere: says the listing does not exist,
 * instead of a marketplace that appears without a word. Dismissing it forgets the state.
 */
export function ListingGoneNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  if (!cameFromGoneListing(location.state)) return null;
  const dismiss = () => void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  return (
    <Notice color="orange" icon={<IconAlertTriangle size={18} />} data-testid="listing-gone">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text size="sm">{MARKETPLACE_MESSAGES.listingNotFound}</Text>
        <CloseButton aria-label="Dismiss the message" onClick={dismiss} size="sm" />
      </Group>
    </Notice>
  );
}
