import { Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { formatDayTime } from '@cryptads/contract/dates';
import { formatViewability } from '@cryptads/contract/viewability';
import { usePace, useCampaignPace } from '../api/forecasts';
import { formatPace } from './pace-line';

const when = (iso: string | null, none: string) => (iso ? `${formatDayTime(iso)} UTC` : none);

const count = new Intl.NumberFormat('en-GB');

/**
 * The campaign's viewability over its history (docs/product/programmatic.md#viewability): the
 * rate, '—' while nothing was measured, and how many impressions it rests on.
 */
function Viewability({ measured, viewable, rate }: { measured: number; viewable: number; rate: number | null }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        Viewability
      </Text>
      <Text fw={600} data-testid="campaign-viewability">
        {formatViewability(rate)}
      </Text>
      <Text size="xs" c="dimmed" data-testid="campaign-viewability-note">
        {measured > 0
          ? `${count.format(viewable)} of ${count.format(measured)} measured impressions`
          : 'Not measured yet'}
      </Text>
    </div>
  );
}

/**
 * The campaign page's pace of a Delivering campaign (docs/product/forecasts.md#pace) with its
 * viewability; a campaign not Delivering shows its viewability alone once it has any.
 */
export function CampaignPacePanel({ id }: { id: number }) {
  const answer = useCampaignPace(id);
  // The list's answer is shared: the campaign's figures agree with the list beside it.
  usePace();
  const p = answer.data?.pace;
  const v = answer.data?.viewability;
  const viewability = v ? (
    <Viewability measured={v.measuredImpressions} viewable={v.viewableImpressions} rate={v.viewabilityRate} />
  ) : null;
  if (!p) {
    if (!v || v.measuredImpressions === 0) return null;
    return (
      <Card withBorder radius="lg" padding="md" data-testid="campaign-pace-panel" aria-label="Viewability">
        {viewability}
      </Card>
    );
  }
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
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
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
        {viewability}
      </SimpleGrid>
    </Card>
  );
}
