import { Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconRefresh } from '@tabler/icons-react';
import { DEPOSIT_LIMITS } from '@cryptads/contract/billing-messages';
import type { DepositOverview } from '@cryptads/contract/deposits';
import { formatEuros } from '@cryptads/contract/money';
import { errorReason } from '../../../lib/api-client';
import { showError } from '../../../ui/status-store';
import { useOpenCryptoPayment } from '../api/get-open-crypto-payment';
import { useCancelPayment } from '../api/payment';
import { useStartDeposit } from '../api/start-deposit';
import { AmountField } from './amount-field';
import { CostBreakdown } from './cost-breakdown';
import { useAmount } from './use-amount';

const limits = `Minimum ${formatEuros(DEPOSIT_LIMITS.minEuros, 0)}, maximum ${formatEuros(DEPOSIT_LIMITS.cryptoMaxEuros, 0)}.`;

/**
 * Cryptocurrency (docs/product/billing.md#deposits): enter an amount, generate a payment URL, then Pay Now (the
 * provider's page, where the coin is chosen) or Reset. A generated payment stays on the
 * screen until it is paid or reset.
 */
export function CryptoPanel({
  overview,
  amountText,
  onAmountText,
}: {
  overview: DepositOverview;
  amountText: string;
  onAmountText: (text: string) => void;
}) {
  const open = useOpenCryptoPayment();
  const start = useStartDeposit('crypto');
  const reset = useCancelPayment();
  const amount = useAmount(amountText, 'crypto', overview);

  if (open.isPending) return <Skeleton h={160} radius="md" />;
  const payment = open.data?.payment ?? null;
  if (payment)
    return (
      <Card withBorder radius="md" padding="lg" data-testid="crypto-payment-ready">
        <Title order={3} size="h4">
          Your payment URL is ready
        </Title>
        <Text size="sm" c="dimmed" mt={4}>
          Pay {formatEuros(payment.total)} in the cryptocurrency of your choice. {formatEuros(payment.amount)} will be
          added to your balance once the payment is confirmed.
        </Text>
        <Group mt="md" gap="sm">
          <Button
            component="a"
            href={payment.url}
            rightSection={<IconExternalLink size={16} aria-hidden />}
            data-testid="crypto-pay-now"
          >
            Pay Now
          </Button>
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={reset.isPending}
            onClick={() =>
              reset.mutate(payment.id, {
                onError: (error) => showError(errorReason(error)),
                onSuccess: () => onAmountText(''),
              })
            }
            data-testid="crypto-reset"
          >
            Reset
          </Button>
        </Group>
      </Card>
    );

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        amount.touch();
        if (!amount.valid || amount.amount === null) return;
        start.mutate(amount.amount, { onError: (error) => showError(errorReason(error)) });
      }}
    >
      <Stack gap="md">
        <AmountField
          value={amountText}
          onChange={onAmountText}
          error={amount.error}
          description={limits}
          onBlur={amount.touch}
        />
        {amount.breakdown ? (
          <CostBreakdown breakdown={amount.breakdown} feeLabel="Processing fee" vat={overview.vat} />
        ) : null}
        <Button type="submit" loading={start.isPending} w="fit-content" data-testid="crypto-generate">
          Generate Payment URL
        </Button>
      </Stack>
    </form>
  );
}
