import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@cryptads/contract/paths';
import { formatMicros, formatNumber, formatShare } from '../../../lib/format';
import { useAdminOverview } from '../api/queries';
import { adminApi } from '../api/client';
import { CommandButton } from '../components/command-button';
import { OssReturnDownload } from '../components/oss-return-download';
import { ErrorNotice, LoadingCard } from '../components/states';
import { QUEUE_LABELS, QUEUE_NAMES } from '../lib/queues';

function Figure({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <Card withBorder radius="lg" padding="md" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl" className="tabular" mt={4}>
        {value}
      </Text>
    </Card>
  );
}

/** /admin/: today's network figures (UTC day), the money the platform holds, and each queue's size. */
export function OverviewPage() {
  const overview = useAdminOverview();

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={1} size="h2">
            Overview
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {overview.data ? `Today (${overview.data.day}, UTC) across the network.` : 'Today across the network.'}
          </Text>
        </div>
        <Group gap="sm" align="flex-end">
          <OssReturnDownload />
          <CommandButton
            label="Check the ledger"
            title="Check the ledger?"
            message="Verifies the ledger's invariants (accounts sum to zero, cached balances, no negative customer account, both legs of each transfer, holds). It reads only."
            run={() => adminApi.ledgerCheck({})}
            testId="ledger-check"
          />
        </Group>
      </Group>
      {overview.isPending ? (
        <LoadingCard rows={4} testId="overview-loading" />
      ) : overview.isError ? (
        <ErrorNotice
          title="We could not load the overview"
          error={overview.error}
          onRetry={() => void overview.refetch()}
          retrying={overview.isFetching}
        />
      ) : (
        <>
          <section aria-labelledby="overview-today">
            <Title order={2} size="h4" id="overview-today" mb="sm">
              Today
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
              <Figure
                label="Impressions"
                value={formatNumber(overview.data.today.impressions)}
                testId="fig-impressions"
              />
              <Figure label="Clicks" value={formatNumber(overview.data.today.clicks)} testId="fig-clicks" />
              <Figure
                label="Filtered traffic"
                value={formatShare(overview.data.today.filteredShare)}
                testId="fig-filtered"
              />
              <Figure
                label="Advertiser spend"
                value={formatMicros(overview.data.today.spendMicros)}
                testId="fig-spend"
              />
              <Figure
                label="Publisher earnings"
                value={formatMicros(overview.data.today.earningsMicros)}
                testId="fig-earnings"
              />
              <Figure
                label="Network revenue"
                value={formatMicros(overview.data.today.revenueMicros)}
                testId="fig-revenue"
              />
            </SimpleGrid>
          </section>
          <section aria-labelledby="overview-held">
            <Title order={2} size="h4" id="overview-held" mb="sm">
              Money held
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
              <Figure
                label="Advertisers' balances"
                value={formatMicros(overview.data.held.advertisersMicros)}
                testId="held-advertisers"
              />
              <Figure
                label="Publishers' balances"
                value={formatMicros(overview.data.held.publishersMicros)}
                testId="held-publishers"
              />
              <Figure
                label="Marketplace escrow"
                value={formatMicros(overview.data.held.escrowMicros)}
                testId="held-escrow"
              />
              <Figure
                label="Payouts in transit"
                value={formatMicros(overview.data.held.payoutsInTransitMicros)}
                testId="held-payouts"
              />
            </SimpleGrid>
          </section>
          <section aria-labelledby="overview-queues">
            <Title order={2} size="h4" id="overview-queues" mb="sm">
              Queues
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
              {QUEUE_NAMES.map((name) => {
                const size = overview.data.queues[name];
                return (
                  <Card key={name} withBorder radius="lg" padding="md" data-testid={`overview-queue-${name}`}>
                    <Group justify="space-between" wrap="nowrap">
                      <Anchor component={Link} to={paths.admin.queue(name)} fw={600}>
                        {QUEUE_LABELS[name]}
                      </Anchor>
                      <Badge
                        color={size > 0 ? 'yellow.4' : 'gray.7'}
                        c={size > 0 ? 'navy.9' : undefined}
                        variant="filled"
                        className="tabular"
                      >
                        {formatNumber(size)}
                      </Badge>
                    </Group>
                  </Card>
                );
              })}
            </SimpleGrid>
          </section>
        </>
      )}
    </Stack>
  );
}
