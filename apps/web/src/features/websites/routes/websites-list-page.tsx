import { Anchor, Button, Card, CloseButton, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconPlus, IconWorldWww } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@cryptads/contract/paths';
import type { WebsiteListItem } from '@cryptads/contract/websites';
import { sortWebsitesForList, WEBSITE_MESSAGES, websiteStatusBadge } from '@cryptads/contract/websites-messages';
import { errorReason } from '../../../lib/api-client';
import { formatDate, formatNumber } from '../../../lib/format';
import { type Column, DataTable } from '../../../ui/data-table';
import { useWebsites } from '../api/get-websites';
import { StatusBadge } from '../components/status-badge';
import { LIST_MESSAGE_BANNERS, parseListMessage } from '../list-message';
import { Notice } from '../../../ui/notice';

const columns: Column<WebsiteListItem>[] = [
  {
    key: 'domain',
    role: 'primary',
    header: 'Website',
    value: (w) => w.domain,
    render: (w) => (
      <Anchor component={Link} to={paths.website.adCodes(w.id)} fw={600} data-testid="website-link">
        {w.domain}
      </Anchor>
    ),
  },
  {
    key: 'status',
    role: 'status',
    header: 'Status',
    value: (w) => websiteStatusBadge(w.status).label,
    render: (w) => <StatusBadge badge={websiteStatusBadge(w.status)} testId="website-status" />,
  },
  { key: 'zones', header: 'Zones', value: (w) => w.tags, align: 'right' },
  {
    key: 'impressions',
    header: 'Impressions',
    value: (w) => w.impressions,
    render: (w) => formatNumber(w.impressions),
    align: 'right',
  },
  { key: 'date', header: 'Added', value: (w) => w.date, render: (w) => formatDate(w.date) },
  {
    key: 'open',
    role: 'actions',
    header: 'Action',
    sortable: false,
    value: () => '',
    render: (w) => (
      <Button
        component={Link}
        to={paths.website.adCodes(w.id)}
        size="xs"
        variant="default"
        aria-label={`Open ${w.domain}`}
      >
        Open
      </Button>
    ),
  },
];

/** /websites/all/ (docs/product/websites.md#website-list Websites area): the publisher's websites, by status then newest. */
export function WebsitesListPage() {
  const websites = useWebsites();
  const [params, setParams] = useSearchParams();
  const message = parseListMessage(params.get('message'));
  const rows = useMemo(() => sortWebsitesForList(websites.data ?? []), [websites.data]);

  const banner = message ? LIST_MESSAGE_BANNERS[message] : null;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            My Websites
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            Open a website to get its ad codes, set its preferences and read its reports.
          </Text>
        </div>
        <Button component={Link} to={paths.websites.add} leftSection={<IconPlus size={16} aria-hidden />}>
          {WEBSITE_MESSAGES.addWebsite}
        </Button>
      </Group>
      {banner ? (
        <Notice
          color="orange"
          icon={<IconAlertTriangle size={18} />}
          title={banner.title}
          role="alert"
          data-testid={`list-banner-${message}`}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm">{banner.text}</Text>
            <CloseButton
              aria-label="Dismiss"
              onClick={() => {
                params.delete('message');
                setParams(params, { replace: true });
              }}
            />
          </Group>
        </Notice>
      ) : null}
      {websites.isPending ? (
        <Card withBorder radius="lg" padding="lg" aria-busy="true" data-testid="websites-loading">
          <Stack gap="sm">
            {[0, 1, 2].map((n) => (
              <Skeleton key={n} h={28} />
            ))}
          </Stack>
        </Card>
      ) : websites.isError ? (
        <Notice color="red" role="alert" title="We could not load your websites">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{errorReason(websites.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void websites.refetch()} loading={websites.isFetching}>
              Try again
            </Button>
          </Stack>
        </Notice>
      ) : rows.length === 0 ? (
        <Card withBorder radius="lg" padding="xl" data-testid="websites-empty">
          <Stack align="center" ta="center" gap="sm">
            <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
              <IconWorldWww size={30} />
            </ThemeIcon>
            <Title order={2} size="h4">
              {WEBSITE_MESSAGES.noWebsites}
            </Title>
            <Text c="dimmed" size="sm" maw={440}>
              Add your first website, verify that you own it, and place its ad codes to start earning.
            </Text>
            <Button component={Link} to={paths.websites.add} leftSection={<IconPlus size={16} aria-hidden />} mt="xs">
              {WEBSITE_MESSAGES.addWebsite}
            </Button>
          </Stack>
        </Card>
      ) : (
        <Card withBorder radius="lg" padding="lg">
          <DataTable
            label="My websites"
            columns={columns}
            rows={rows}
            rowKey={(w) => w.id}
            data-testid="websites-table"
          />
        </Card>
      )}
    </Stack>
  );
}
