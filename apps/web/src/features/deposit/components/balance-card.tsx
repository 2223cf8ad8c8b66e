import { Anchor, Card, Group, Text, ThemeIcon } from '@mantine/core';
import { IconWallet } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatEuros } from '@cryptads/contract/money';
import { paths } from '@cryptads/contract/paths';

/** The balance card of the deposit screen (docs/product/billing.md#deposits); deposited funds are non-refundable (docs/product/limits.md#billing). */
export function DepositBalanceCard({ balance }: { balance: number }) {
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="deposit-balance-card">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text size="sm" c="dimmed" fw={600}>
          Balance
        </Text>
        <ThemeIcon variant="light" radius="md" size={36} aria-hidden>
          <IconWallet size={20} />
        </ThemeIcon>
      </Group>
      <Text fz={36} fw={750} className="tabular" lh={1.1} mt={4} data-testid="deposit-balance">
        {formatEuros(balance)}
      </Text>
      <Text size="xs" c="dimmed" mt="sm">
        Deposited funds are non-refundable (see the{' '}
        <Anchor component={Link} to={paths.terms} inherit>
          Terms
        </Anchor>
        ).
      </Text>
    </Card>
  );
}
