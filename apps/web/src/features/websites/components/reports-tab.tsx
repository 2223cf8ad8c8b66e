import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';

/**
 * The Reports tab. Earnings come with the statistics work; until then the tab says so
 * honestly instead of showing invented numbers.
 */
export function ReportsTab() {
  return (
    <Stack align="center" ta="center" gap="sm" py="xl" data-testid="website-reports-empty">
      <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
        <IconChartBar size={30} />
      </ThemeIcon>
      <Title order={2} size="h4">
        No reports yet
      </Title>
      <Text c="dimmed" size="sm" maw={460}>
        Earnings and traffic for this website appear here once its zones serve ads.
      </Text>
    </Stack>
  );
}
