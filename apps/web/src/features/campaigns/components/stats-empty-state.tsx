import { Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartLine } from '@tabler/icons-react';

/**
 * Optimization, Performance and Reports read traffic statistics, which arrive with the
 * statistics work; until then the tabs say so instead of showing invented numbers.
 */
export function StatsEmptyState({ title }: { title: string }) {
  return (
    <Card withBorder radius="lg" padding="xl" data-testid="stats-empty">
      <Stack align="center" ta="center" gap="sm" py="lg">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconChartLine size={30} />
        </ThemeIcon>
        <Title order={2} size="h3">
          {title}
        </Title>
        <Text c="dimmed" maw={460}>
          Statistics for this campaign appear here once it receives traffic.
        </Text>
      </Stack>
    </Card>
  );
}
