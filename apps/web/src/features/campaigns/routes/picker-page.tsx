import { Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconArrowRight, IconLayoutGrid, IconNews, IconWindowMaximize } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths, type WizardKind } from '@cryptads/contract/paths';
import classes from '../components/campaigns.module.css';

type Choice = { kind: WizardKind; title: string; text: string; model: string; icon: ReactNode };

const CHOICES: Choice[] = [
  {
    kind: 'display',
    title: 'Display',
    text: 'Banners in the standard IAB sizes on finance and crypto websites. Best for brand awareness.',
    model: 'CPM',
    icon: <IconLayoutGrid size={28} />,
  },
  {
    kind: 'native',
    title: 'Native',
    text: 'Ads that take the look of the page: a title, a description, a thumbnail and a cover image.',
    model: 'CPM or CPC',
    icon: <IconNews size={28} />,
  },
  {
    kind: 'popunder',
    title: 'Popunder',
    text: 'Your landing page opens in a new window behind the page the visitor reads.',
    model: 'CPM',
    icon: <IconWindowMaximize size={28} />,
  },
];

/** /campaigns/create/: one card per campaign kind, each leading to its wizard (docs/product/campaigns.md#wizards). */
export function PickerPage() {
  return (
    <Stack gap="lg">
      <Text c="dimmed" maw={640}>
        Choose the kind of campaign you want to run. Every campaign is reviewed by an account manager and usually goes
        live within 1 business day (up to 48 hours on weekends).
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {CHOICES.map((c) => (
          <UnstyledButton
            key={c.kind}
            component={Link}
            to={paths.campaigns.wizard(c.kind)}
            className={classes.pickCard}
            data-testid={`pick-${c.kind}`}
            aria-label={`${c.title} campaign`}
          >
            <Card withBorder radius="lg" padding="xl" h="100%">
              <Stack gap="sm" h="100%">
                <Group justify="space-between">
                  <ThemeIcon size={52} radius="md" variant="light" aria-hidden>
                    {c.icon}
                  </ThemeIcon>
                  <Badge variant="outline" color="gray.7">
                    {c.model}
                  </Badge>
                </Group>
                <Title order={2} size="h3">
                  {c.title}
                </Title>
                <Text size="sm" c="dimmed" style={{ flex: 1 }}>
                  {c.text}
                </Text>
                <Group gap={6} c="brand.7" fw={600} fz="sm">
                  Start <IconArrowRight size={16} aria-hidden />
                </Group>
              </Stack>
            </Card>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
