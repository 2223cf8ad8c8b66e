import { Button, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { BILLING_HISTORY_MESSAGES as M } from '@cryptads/contract/billing-history-messages';
import { errorReason } from '../../../lib/api-client';
import { Notice } from '../../../ui/notice';
import { useBillingHistory } from '../api/get-billing-history';
import { HistoryTable } from '../components/history-table';
import { HistoryTabs } from '../components/history-tabs';

/** /billing/history/ (docs/product/billing.md#history): deposits, payouts and credit notes with their PDFs. */
export function BillingHistoryPage() {
  const history = useBillingHistory();
  return (
    <Stack gap="lg" data-testid="billing-history">
      <div>
        <Title order={1} size="h2">
          {M.title}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {M.intro}
        </Text>
      </div>
      <HistoryTabs />
      {history.isPending ? (
        <Card withBorder radius="lg" padding="lg" aria-busy="true" data-testid="billing-history-loading">
          <Stack gap="sm">
            {[0, 1, 2].map((n) => (
              <Skeleton key={n} h={28} />
            ))}
          </Stack>
        </Card>
      ) : history.isError ? (
        <Notice color="red" role="alert" title={M.loadFailed}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{errorReason(history.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void history.refetch()} loading={history.isFetching}>
              Try again
            </Button>
          </Stack>
        </Notice>
      ) : (
        <Card withBorder radius="lg" padding="lg">
          <HistoryTable rows={history.data} />
        </Card>
      )}
    </Stack>
  );
}
