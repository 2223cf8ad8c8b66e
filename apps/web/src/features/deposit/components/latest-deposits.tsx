import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { DEPOSIT_LIMITS, DEPOSIT_METHOD_LABELS, paymentStatusLabel } from '@cryptads/contract/billing-messages';
import { EXPIRED_DEPOSIT_LABEL } from '@cryptads/contract/deposit-messages';
import type { DepositRow } from '@cryptads/contract/deposits';
import { formatEuros } from '@cryptads/contract/money';
import { paths } from '@cryptads/contract/paths';
import { formatDate } from '../../../lib/format';

// Dot badges: the colour sits in the dot, the label keeps the text colour (AA in both schemes).
const STATUS_COLORS: Record<number, string> = { 0: 'yellow', 1: 'teal', 2: 'blue', 3: 'gray', 4: 'red' };

/** The latest three deposits (docs/product/billing.md#deposits; docs/product/limits.md#billing): date, method, what was credited, status. */
export function LatestDeposits({ deposits }: { deposits: readonly DepositRow[] }) {
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="latest-deposits">
      <Group justify="space-between" align="baseline" mb="sm">
        <Title order={2} size="h4">
          Latest deposits
        </Title>
        <Anchor component={Link} to={paths.billing.history} size="sm">
          Billing History
        </Anchor>
      </Group>
      {deposits.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="latest-deposits-empty">
          No deposits yet. Your latest {DEPOSIT_LIMITS.latestDepositsShown} deposits will appear here.
        </Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {deposits.map((d) => (
            <Group
              key={d.id}
              component="li"
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              data-testid="latest-deposit"
            >
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} truncate="end">
                  {DEPOSIT_METHOD_LABELS[d.method]}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDate(d.date)}
                </Text>
              </Stack>
              <Stack gap={2} align="flex-end">
                <Text size="sm" fw={700} className="tabular" data-testid="latest-deposit-amount">
                  {formatEuros(d.credited ?? d.amount)}
                </Text>
                <Badge
                  size="sm"
                  variant="dot"
                  color={STATUS_COLORS[d.valid] ?? 'gray'}
                  data-testid="latest-deposit-status"
                >
                  {d.method === 'bank_transfer' && d.state === 'expired'
                    ? EXPIRED_DEPOSIT_LABEL
                    : paymentStatusLabel(d.valid)}
                </Badge>
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
