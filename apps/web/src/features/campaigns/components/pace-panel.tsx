import { Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { formatDayTime } from '@cryptads/contract/dates';
import { usePace, useCampaignPace } from '../api/forecasts';
import { formatPace } from './pace-line';

const when = (iso: string | null, none: string) => (iso ? `${formatDayTime(iso)} UTC` : none);

/** The campaign page's pace of a Delivering campaign (docs/product/forecasts.md#pace); nothing otherwise. */
export function CampaignPacePanel({ id }: { id: number }) {
  const answer = useCampaignPace(id);
  // The list's answer is shared: the campaign's figures agree with the list beside it.
  usePace();
  const p = answer.data?.pace;
  if (!p) return null;
  return (
    <Card withBorder radius="lg" padding="md" data-testid="campaign-pace-panel" aria-labelledby="pace-title">
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5" id="pace-title">
          Pace and run-out
        </Title>
        <Text size="xs" c="dimmed">
          Spend over the last 24 hours
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <div>
          <Text size="xs" c="dimmed">
            Spend per hour
          </Text>
          <Text fw={600} data-testid="pace-per-hour">
            {formatPace(p.spendPerHour)}
          </Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            Daily budget reached
          </Text>
          <Text fw={600} data-testid="pace-daily">
            {when(p.dailyBudgetAt, 'Not today')}
          </Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            Total budget reached
          </Text>
          <Text fw={600} data-testid="pace-total">
            {when(p.totalBudgetAt, p.spendPerHour > 0 ? 'No total budget' : '—')}
          </Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            Balance runs out
          </Text>
          <Text fw={600} data-testid="pace-balance">
            {when(answer.data?.balanceRunOutAt ?? null, 'Not at this pace')}
          </Text>
        </div>
      </SimpleGrid>
    </Card>
  );
}
