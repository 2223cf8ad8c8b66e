import { Text } from '@mantine/core';
import { formatDay } from '@cryptads/contract/dates';
import { formatEuros } from '@cryptads/contract/money';
import type { NextPayout } from '@cryptads/contract/payouts';

/**
 * One sentence on a publisher's next payout (the server computes it with the payout job's
 * rule): its day and amount, what is missing below the minimum, or that withdraw options
 * must be saved first.
 */
export function NextPayoutLine({ next }: { next: NextPayout }) {
  const text =
    next.date === null
      ? 'Save your withdraw options to receive payouts.'
      : next.amount > 0
        ? `Next payout: ${formatEuros(next.amount)} on ${formatDay(next.date, 'utc')}.`
        : `Next payout day: ${formatDay(next.date, 'utc')}. Payouts start at ${formatEuros(next.minimum)}; your balance is ${formatEuros(next.balance)}.`;
  return (
    <Text size="sm" data-testid="next-payout">
      {text}
    </Text>
  );
}
