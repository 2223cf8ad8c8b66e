import { Button, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@cryptads/contract/paths';

/** Sections that are not built yet say so plainly: no invented data. */
export function ComingSoonPage({ section }: { section: string }) {
  return (
    <Card withBorder padding="xl" radius="md" maw={640} mx="auto" mt="xl" data-testid="coming-soon">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconHourglassHigh size={30} />
        </ThemeIcon>
        <Title order={2}>{section} is coming soon</Title>
        <Text c="dimmed">
          We are still building this section of the dashboard. It will appear here as soon as it is ready.
        </Text>
        <Button component={Link} to={paths.home} variant="default" mt="sm">
          Back to the dashboard
        </Button>
      </Stack>
    </Card>
  );
}
