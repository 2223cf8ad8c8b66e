import { Anchor, Badge } from '@mantine/core';
import { BILLING_MESSAGES, paymentStatusLabel } from '@cryptads/contract/billing-messages';
import { usePublicConfig } from '../../../lib/api/get-public-config';

/** Dot badges keep the label in the text colour (AA in both schemes); the dot carries the tone. */
const TONES: Record<number, string> = { 0: 'yellow', 1: 'teal', 2: 'blue', 3: 'gray', 4: 'red', 6: 'gray' };

/**
 * A row's status (docs/product/billing.md#history; docs/product/limits.md#our-choices codes): Pending, Completed, Processing, Canceled,
 * Failed, Archived; any other code reads 'Contact Us' and writes to support.
 */
export function HistoryStatus({ code }: { code: number }) {
  const config = usePublicConfig();
  const label = paymentStatusLabel(code);
  if (label === BILLING_MESSAGES.contactUs) {
    const email = config.data?.supportEmail;
    return email ? (
      <Anchor href={`mailto:${email}`} size="sm" data-testid="history-status">
        {label}
      </Anchor>
    ) : (
      <span data-testid="history-status">{label}</span>
    );
  }
  return (
    <Badge variant="dot" size="md" color={TONES[code] ?? 'gray'} data-testid="history-status">
      {label}
    </Badge>
  );
}
