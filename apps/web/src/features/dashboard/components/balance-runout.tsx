import { Text } from '@mantine/core';
import { formatDayTime } from '@cryptads/contract/dates';
import { formatEuros } from '@cryptads/contract/money';
import { useBalanceRunOut } from '../api/get-balance-runout';

/** Under the advertiser's balance: when it runs out at the pace of all running campaigns (docs/product/forecasts.md#pace). */
export function BalanceRunOut() {
  const pace = useBalanceRunOut(true);
  if (pace.isPending || pace.isError) return null;
  const { balanceRunOutAt, spendPerHour } = pace.data;
  return (
    <Text size="sm" c="dimmed" mt={4} data-testid="balance-runout">
      {balanceRunOutAt
        ? `Runs out around ${formatDayTime(balanceRunOutAt)} UTC at ${formatEuros(spendPerHour, spendPerHour > 0 && spendPerHour < 0.01 ? 4 : 2)} an hour.`
        : 'No campaign is spending: your balance is not running out.'}
    </Text>
  );
}
