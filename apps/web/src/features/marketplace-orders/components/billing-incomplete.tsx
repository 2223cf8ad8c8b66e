import { Button, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconId } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MARKETPLACE_MESSAGES as M } from '@cryptads/contract/marketplace-messages';
import { paths } from '@cryptads/contract/paths';

/** Orders and payments need complete billing details (docs/product/marketplace.md#paying-an-order, #roles): this replaces the order. */
export function BillingIncomplete() {
  return (
    <Card withBorder radius="md" padding="xl" data-testid="billing-incomplete">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light" color="orange" aria-hidden>
          <IconId size={28} />
        </ThemeIcon>
        <Title order={2} size="h3">
          {M.completeBilling}
        </Title>
        <Text c="dimmed" maw={420}>
          We need your identification details before you can see and pay your orders: invoices are made out to them.
        </Text>
        <Button component={Link} to={paths.billing.details} mt="xs" data-testid="complete-billing">
          Complete Billing Details
        </Button>
      </Stack>
    </Card>
  );
}
