import { Alert, Button, Card, Grid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconPlus, IconSpeakerphone } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { paths } from '@cryptads/contract/paths';
import { compareCampaignRows } from '@cryptads/contract/campaign-messages';
import { errorReason } from '../../../lib/api-client';
import { lazyWithPreload } from '../../../lib/lazy-preload';
import { NotFoundPage } from '../../../ui/not-found-page';
import { PageLoader } from '../../../ui/page-loader';
import { useArchivedCampaigns } from '../api/get-archived-campaigns';
import { useCampaigns } from '../api/get-campaigns';
import { CampaignList } from '../components/campaign-list';
import { CampaignTabs } from '../components/campaign-tabs';
import { CampaignPacePanel } from '../components/pace-panel';
import { isCampaignTab } from '../lib/tabs';

// Each tab loads when opened: the setup form (zod, targeting) and the statistics tabs (tables,
// chart, period picker) together would pass the 300 KB first-load budget.
const SetupTab = lazyWithPreload(async () => ({ default: (await import('../components/setup-tab')).SetupTab }));
const OptimizationTab = lazy(async () => ({
  default: (await import('../components/optimization-tab')).OptimizationTab,
}));
const PerformanceTab = lazy(async () => ({ default: (await import('../components/performance-tab')).PerformanceTab }));
const CampaignReportsTab = lazy(async () => ({
  default: (await import('../components/reports-tab')).CampaignReportsTab,
}));

/** The setup tab, fetched ahead when a campaign page is opened directly (campaign-routes.tsx). */
export function preloadCampaignTab(tab: string): Promise<unknown> {
  return tab === 'setup' ? SetupTab.preload() : Promise.resolve();
}

function EmptyCampaigns({ archivedCount }: { archivedCount: number }) {
  const none = archivedCount === 0;
  return (
    <Card
      withBorder
      radius="lg"
      padding="xl"
      maw={640}
      mx="auto"
      data-testid={none ? 'empty-campaigns' : 'empty-active'}
    >
      <Stack align="center" ta="center" gap="sm" py="md">
        <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
          <IconSpeakerphone size={34} />
        </ThemeIcon>
        <Title order={2} size="h3">
          {none ? 'You have no campaigns yet' : 'You have no active campaigns'}
        </Title>
        <Text c="dimmed" maw={460}>
          {none
            ? 'Create your first Display, Native or Popunder campaign and reach readers of finance and crypto websites.'
            : 'All your campaigns are archived. Create a new campaign, or unarchive one to run it again.'}
        </Text>
        <Button component={Link} to={paths.campaigns.create} leftSection={<IconPlus size={16} />} mt="sm">
          Create Campaign
        </Button>
        {none ? null : (
          <Button component={Link} to={paths.campaigns.archive} variant="subtle">
            Archived Campaigns
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/**
 * /campaigns/all/ and /campaigns/all/{tab}/{id}/: the list beside the campaign's tabs.
 * Without an id it goes to the setup of the first campaign (status order, newest first).
 */
export function CampaignsPage() {
  const params = useParams();
  const campaigns = useCampaigns();
  const archived = useArchivedCampaigns();
  const hasId = params.id !== undefined;
  const id = Number(params.id);

  if (hasId && (!isCampaignTab(params.tab) || !Number.isInteger(id) || id <= 0)) return <NotFoundPage />;
  if (campaigns.isPending) return <PageLoader />;
  if (campaigns.isError)
    return (
      <Alert color="red.9" icon={<IconAlertCircle size={18} />} title="We could not load your campaigns" role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorReason(campaigns.error)}</Text>
          <Button size="xs" variant="default" onClick={() => void campaigns.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );

  const rows = [...campaigns.data].sort(compareCampaignRows);
  const first = rows[0];
  if (!hasId) {
    if (first) return <Navigate to={paths.campaign.setup(first.id)} replace />;
    if (archived.isPending) return <PageLoader />;
    return <EmptyCampaigns archivedCount={archived.data?.length ?? 0} />;
  }

  const tab = isCampaignTab(params.tab) ? params.tab : 'setup';
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <CampaignList rows={rows} activeId={id} tab={tab} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="md">
          <CampaignPacePanel key={id} id={id} />
          <CampaignTabs id={id} tab={tab} />
          <Suspense fallback={<PageLoader />}>
            {tab === 'setup' ? (
              <SetupTab key={id} id={id} />
            ) : tab === 'optimization' ? (
              <OptimizationTab key={id} id={id} />
            ) : tab === 'performance' ? (
              <PerformanceTab key={id} id={id} />
            ) : (
              <CampaignReportsTab key={id} id={id} />
            )}
          </Suspense>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
