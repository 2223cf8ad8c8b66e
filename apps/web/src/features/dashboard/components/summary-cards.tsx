import { Button, Card, Group, RingProgress, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartLine, IconPlus, IconWallet } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@cryptads/contract/paths';
import { AccountType } from '@cryptads/contract/account-types';
import { formatEuros } from '@cryptads/contract/money';
import type { UserDetails } from '@cryptads/contract/user';
import { formatNumber } from '../../../lib/format';
import { useCampaignsInformation } from '../api/get-campaigns-information';
import { useTodayStats } from '../api/get-today-stats';
import { useWebsitesInformation } from '../api/get-websites-information';
import { useNextPayout } from '../../../lib/api/get-next-payout';
import { NextPayoutLine } from '../../../ui/next-payout';
import { BalanceRunOut } from './balance-runout';

/** The publisher's next payout day and amount, under the earnings balance. */
function PublisherNextPayout() {
  const next = useNextPayout(true);
  return next.data ? <NextPayoutLine next={next.data} /> : null;
}

export function BalanceCard({ user }: { user: UserDetails }) {
  const advertiser = user.type === AccountType.Advertiser;
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="balance-card">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text size="sm" c="dimmed" fw={600}>
          {advertiser ? 'Balance' : 'Earnings balance'}
        </Text>
        <ThemeIcon variant="light" radius="md" size={36} aria-hidden>
          <IconWallet size={20} />
        </ThemeIcon>
      </Group>
      <Text fz={40} fw={750} className="tabular" lh={1.1} mt={4} data-testid="dashboard-balance">
        {formatEuros(user.balance)}
      </Text>
      {advertiser ? <BalanceRunOut /> : <PublisherNextPayout />}
      <Group mt="md" gap="sm">
        {advertiser ? (
          <Button component={Link} to={paths.billing.deposit} leftSection={<IconPlus size={16} />} size="sm">
            Add Funds
          </Button>
        ) : (
          <Button component={Link} to={paths.billing.history} variant="default" size="sm">
            Billing History
          </Button>
        )}
      </Group>
    </Card>
  );
}

function Counts({
  label,
  active,
  total,
  to,
  cta,
  ctaTo,
}: {
  label: string;
  active: number;
  total: number;
  to: string;
  cta: string;
  ctaTo: string;
}) {
  const ratio = total === 0 ? 0 : Math.round((active / total) * 100);
  return (
    <Stack gap={4} mt={4}>
      <Group justify="space-between" align="center" wrap="nowrap">
        <Stack gap={2}>
          <Text fz={40} fw={750} className="tabular" lh={1.1} data-testid="inventory-count">
            {formatNumber(active)}
            <Text span fz={22} c="dimmed" fw={600}>
              {' '}
              / {formatNumber(total)}
            </Text>
          </Text>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
        </Stack>
        <RingProgress
          size={72}
          thickness={8}
          roundCaps={ratio > 0}
          sections={[{ value: ratio, color: 'brand.7' }]}
          label={
            <Text ta="center" size="xs" fw={700} className="tabular">
              {ratio}%
            </Text>
          }
          aria-hidden
        />
      </Group>
      <Group gap="xs" mt="sm">
        <Button component={Link} to={ctaTo} leftSection={<IconPlus size={16} />} size="sm" variant="default">
          {cta}
        </Button>
        <Button component={Link} to={to} size="sm" variant="subtle">
          View all
        </Button>
      </Group>
    </Stack>
  );
}

/** Running versus total campaigns (advertiser) or approved versus total websites (publisher). */
export function InventoryCard({ user }: { user: UserDetails }) {
  const publisher = user.type === AccountType.Publisher;
  const websites = useWebsitesInformation(publisher);
  const campaigns = useCampaignsInformation(!publisher);
  const counts = publisher ? websites : campaigns;
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="inventory-card">
      <Text size="sm" c="dimmed" fw={600}>
        {publisher ? 'Websites' : 'Campaigns'}
      </Text>
      {counts.data ? (
        <Counts
          label={publisher ? 'active of all your websites' : 'running of all your campaigns'}
          active={counts.data.active}
          total={counts.data.total}
          to={publisher ? paths.websites.all : paths.campaigns.all}
          cta={publisher ? 'Add Website' : 'Create a Campaign'}
          ctaTo={publisher ? paths.websites.add : paths.campaigns.create}
        />
      ) : counts.isError ? (
        <Text size="sm" c="dimmed" mt="sm">
          {publisher ? 'Your websites' : 'Your campaigns'} could not be counted right now.
        </Text>
      ) : (
        <Skeleton h={80} mt="sm" />
      )}
    </Card>
  );
}

/** Today's impressions, clicks, CTR and cost (advertiser) or earnings (publisher), UTC day. */
export function TodayCard({ user }: { user: UserDetails }) {
  const publisher = user.type === AccountType.Publisher;
  const today = useTodayStats();
  const figures = today.data
    ? [
        { id: 'impressions', label: 'Impressions', value: formatNumber(today.data.impressions) },
        { id: 'clicks', label: 'Clicks', value: formatNumber(today.data.clicks) },
        { id: 'ctr', label: 'CTR', value: `${today.data.ctr.toFixed(2)}%` },
        { id: 'money', label: publisher ? 'Earnings' : 'Cost', value: formatEuros(today.data.money) },
      ]
    : [];
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="today-card">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Title order={2} size="h5" c="dimmed">
          Today
        </Title>
        <ThemeIcon variant="light" radius="md" size={36} aria-hidden>
          <IconChartLine size={20} />
        </ThemeIcon>
      </Group>
      {today.data ? (
        <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs" mt={4}>
          {figures.map((f) => (
            <div key={f.id}>
              <Text fz={24} fw={750} className="tabular" lh={1.2} data-testid={`today-${f.id}`}>
                {f.value}
              </Text>
              <Text size="xs" c="dimmed">
                {f.label}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      ) : today.isError ? (
        <Text size="sm" c="dimmed" mt="sm" data-testid="today-error">
          {"Today's statistics could not be loaded right now."}
        </Text>
      ) : (
        <Skeleton h={80} mt="sm" role="status" aria-label="Loading today's statistics" />
      )}
      <Button component={Link} to={paths.reports} size="sm" variant="subtle" mt="sm" px={0}>
        View reports
      </Button>
    </Card>
  );
}
