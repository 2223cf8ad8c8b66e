import { Text } from '@mantine/core';
import { formatDayTime } from '@cryptads/contract/dates';
import { formatEuros } from '@cryptads/contract/money';
import type { CampaignPace } from '@cryptads/contract/forecasts';
import { usePace } from '../api/forecasts';

/** '€0.1234' below a cent an hour, else cents. */
export const formatPace = (euros: number) => `${formatEuros(euros, euros > 0 && euros < 0.01 ? 4 : 2)}/h`;

/** The shortest sentence of a running campaign's pace: its spend per hour and the first budget it reaches. */
export function paceSummary(p: CampaignPace): string {
  if (p.spendPerHour === 0) return 'No spend in the last 24 hours';
  const first = p.dailyBudgetAt
    ? `daily budget at ${formatDayTime(p.dailyBudgetAt)}`
    : p.totalBudgetAt
      ? `total budget at ${formatDayTime(p.totalBudgetAt)}`
      : 'budgets not reached today';
  return `${formatPace(p.spendPerHour)} · ${first}`;
}

/** Under a Delivering campaign in the campaigns list (docs/product/forecasts.md#pace). */
export function CampaignPaceLine({ id }: { id: number }) {
  const pace = usePace();
  const row = pace.data?.campaigns.find((c) => c.id === id);
  if (!row) return null;
  return (
    <Text size="xs" c="dimmed" data-testid={`campaign-pace-${id}`}>
      {paceSummary(row)}
    </Text>
  );
}
