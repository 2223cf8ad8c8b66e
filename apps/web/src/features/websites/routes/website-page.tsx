import { Anchor, Button, Card, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '@cryptads/contract/paths';
import { websiteStatusBadge } from '@cryptads/contract/websites-messages';
import { errorReason, isApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { NotFoundPage } from '../../../ui/not-found-page';
import { useWebsite } from '../api/get-website';
import { AdCodesTab } from '../components/ad-codes-tab';
import { AdsTxtCard } from '../components/ads-txt-card';
import { PreferencesTab } from '../components/preferences-tab';
import { ReportsTab } from '../components/reports-tab';
import { StatusBadge } from '../components/status-badge';
import { isWebsiteTab, WEBSITE_TABS, type WebsiteTab } from '../tabs';
import { Notice } from '../../../ui/notice';
import { ScrollingTabList } from '../../../ui/scrolling-tab-list';

const parseId = (raw: string | undefined) => {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** /websites/all/{tab}/{id}/ (docs/product/websites.md#ad-codes): one website with Ad Codes, Preferences and Reports. */
export function WebsitePage() {
  const params = useParams();
  const id = parseId(params.id);
  const tab = params.tab;
  if (id === null || !isWebsiteTab(tab)) return <NotFoundPage />;
  return <WebsiteTabs id={id} tab={tab} />;
}

function WebsiteTabs({ id, tab }: { id: number; tab: WebsiteTab }) {
  const navigate = useNavigate();
  const website = useWebsite(id);

  const back = (
    <Anchor component={Link} to={paths.websites.all} size="sm" data-testid="back-to-websites">
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={14} aria-hidden />
        My Websites
      </Group>
    </Anchor>
  );

  if (website.isPending)
    return (
      <Stack gap="lg" aria-busy="true" data-testid="website-loading">
        {back}
        <Skeleton h={32} w="40%" />
        <Skeleton h={240} />
      </Stack>
    );

  if (website.isError) {
    const missing = isApiError(website.error) && website.error.status === 404;
    return (
      <Stack gap="lg">
        {back}
        <Notice
          color="red"
          icon={<IconAlertCircle size={18} />}
          role="alert"
          title={missing ? 'Website not found' : 'We could not load this website'}
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              {missing ? 'This website does not exist or belongs to another account.' : errorReason(website.error)}
            </Text>
            {missing ? null : (
              <Button size="xs" variant="default" onClick={() => void website.refetch()} loading={website.isFetching}>
                Try again
              </Button>
            )}
          </Stack>
        </Notice>
      </Stack>
    );
  }

  const data = website.data;
  return (
    <Stack gap="lg">
      {back}
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Group gap="sm" align="center">
            <Title order={1} size="h2" data-testid="website-title" style={{ overflowWrap: 'anywhere' }}>
              {data.domain}
            </Title>
            <StatusBadge badge={websiteStatusBadge(data.status)} testId="website-detail-status" />
          </Group>
          <Text size="sm" c="dimmed" mt={4}>
            Added on {formatDate(data.date)} · {data.url}
          </Text>
        </div>
      </Group>
      <Card withBorder radius="lg" padding="lg">
        <Tabs
          value={tab}
          onChange={(value) => {
            if (value && isWebsiteTab(value)) void navigate(paths.website.tab(value, id));
          }}
          keepMounted={false}
        >
          <ScrollingTabList background="var(--mantine-color-body)" aria-label="Website sections" mb="lg">
            {WEBSITE_TABS.map((t) => (
              <Tabs.Tab key={t.value} value={t.value} data-testid={`tab-${t.value}`}>
                {t.label}
              </Tabs.Tab>
            ))}
          </ScrollingTabList>
          <Tabs.Panel value="ad-codes">
            <AdCodesTab website={data} />
          </Tabs.Panel>
          <Tabs.Panel value="preferences">
            <PreferencesTab website={data} />
          </Tabs.Panel>
          <Tabs.Panel value="reports">
            <ReportsTab website={data} />
          </Tabs.Panel>
        </Tabs>
      </Card>
      <AdsTxtCard websiteId={id} />
    </Stack>
  );
}
