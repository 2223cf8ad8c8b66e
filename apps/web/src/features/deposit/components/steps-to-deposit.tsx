import { Badge, Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { DepositOverview } from '@cryptads/contract/deposits';
import { paths } from '@cryptads/contract/paths';

type Step = { done: boolean; title: string; text: string; to: string; action: string; testId: string };

/**
 * 'Steps to Deposit Funds' (docs/product/billing.md#deposits): shown instead of the deposit screen until the
 * account has billing details and a campaign that can deliver (submitted, not rejected,
 * finished or archived).
 */
export function StepsToDeposit({ steps }: { steps: DepositOverview['steps'] }) {
  const list: Step[] = [
    {
      done: steps.billingDetails,
      title: 'Complete your billing details',
      text: 'We put them on the invoice of every deposit.',
      to: paths.billing.details,
      action: 'Billing Details',
      testId: 'step-billing-details',
    },
    {
      done: steps.qualifyingCampaign,
      title: 'Create a campaign',
      text: 'Submit a campaign for review: you can deposit funds once it is pending, running or paused.',
      to: paths.campaigns.create,
      action: 'Create a Campaign',
      testId: 'step-campaign',
    },
  ];
  return (
    <Card withBorder radius="lg" padding="xl" maw={720} data-testid="steps-to-deposit">
      <Title order={2} size="h3">
        Steps to Deposit Funds
      </Title>
      <Text c="dimmed" size="sm" mt={4}>
        Two steps and you can add funds to your balance.
      </Text>
      <Stack gap="md" mt="lg" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {list.map((step, index) => (
          <Group key={step.testId} component="li" align="flex-start" wrap="nowrap" gap="md" data-testid={step.testId}>
            <ThemeIcon
              radius="xl"
              size={32}
              variant={step.done ? 'filled' : 'light'}
              color={step.done ? 'teal.8' : 'brand'}
              aria-hidden
            >
              {step.done ? <IconCheck size={18} /> : <Text fw={700}>{index + 1}</Text>}
            </ThemeIcon>
            <Stack gap={6} style={{ flex: 1 }}>
              <Group gap="xs">
                <Text fw={700}>
                  Step {index + 1}: {step.title}
                </Text>
                {step.done ? (
                  <Badge variant="dot" color="teal" size="sm">
                    Done
                  </Badge>
                ) : null}
              </Group>
              <Text size="sm" c="dimmed">
                {step.text}
              </Text>
              {step.done ? null : (
                <Button component={Link} to={step.to} size="xs" variant="default" w="fit-content">
                  {step.action}
                </Button>
              )}
            </Stack>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
