import { Button, Stack, Text } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { DEPOSIT_LIMITS } from '@cryptads/contract/billing-messages';
import type { DepositOverview } from '@cryptads/contract/deposits';
import { formatEuros } from '@cryptads/contract/money';
import { errorReason } from '../../../lib/api-client';
import { showError } from '../../../ui/status-store';
import { useStartDeposit } from '../api/start-deposit';
import { AmountField } from './amount-field';
import { CostBreakdown } from './cost-breakdown';
import { useAmount } from './use-amount';

/** Leaves for the payment page (a full navigation: the provider's page is another site). */
export const leaveFor = (url: string) => window.location.assign(url);

/**
 * Card Payment (docs/product/billing.md#deposits): the amount, its cost breakdown, and the provider's payment
 * page. At most 5,000 EUR a day by card (docs/product/limits.md#our-choices): the screen says what is left today.
 */
export function CardPanel({
  overview,
  amountText,
  onAmountText,
}: {
  overview: DepositOverview;
  amountText: string;
  onAmountText: (text: string) => void;
}) {
  const start = useStartDeposit('card');
  const amount = useAmount(amountText, 'card', overview);
  const left = Math.max(0, DEPOSIT_LIMITS.cardMaxEurosPerDay - overview.cardDepositedToday);
  const description = `Minimum ${formatEuros(DEPOSIT_LIMITS.minEuros, 0)}, at most ${formatEuros(DEPOSIT_LIMITS.cardMaxEurosPerDay, 0)} per day by card (${formatEuros(left)} left today).`;

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        amount.touch();
        if (!amount.valid || amount.amount === null) return;
        start.mutate(amount.amount, {
          onSuccess: ({ url }) => leaveFor(url),
          onError: (error) => showError(errorReason(error)),
        });
      }}
    >
      <Stack gap="md">
        <AmountField
          value={amountText}
          onChange={onAmountText}
          error={amount.error}
          description={description}
          onBlur={amount.touch}
        />
        {amount.breakdown ? (
          <CostBreakdown breakdown={amount.breakdown} feeLabel="Card fee" vat={overview.vat} />
        ) : null}
        <Text size="xs" c="dimmed">
          You pay on our payment provider's secure page; your card details never reach us.
        </Text>
        <Button
          type="submit"
          loading={start.isPending || start.isSuccess}
          leftSection={<IconCreditCard size={16} aria-hidden />}
          w="fit-content"
          data-testid="card-pay"
        >
          Pay by Card
        </Button>
      </Stack>
    </form>
  );
}
