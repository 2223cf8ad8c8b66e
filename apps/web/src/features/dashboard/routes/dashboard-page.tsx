import { Alert, Button, Grid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ReactNode, Suspense } from 'react';
import { AccountType } from '@cryptads/contract/account-types';
import { mustSignTerms } from '@cryptads/contract/terms-messages';
import { errorReason } from '../../../lib/api-client';
import { useCurrentTerms } from '../../../lib/api/get-current-terms';
import { useCurrentUser } from '../../../lib/api/get-current-user';
import { AnnouncementsCard } from '../components/announcements-card';
import { NewsCard } from '../components/news-card';
import { DashboardNotices } from '../components/notices';
import { PromoBanner } from '../components/promo-banner';
import { BalanceCard, InventoryCard, TodayCard } from '../components/summary-cards';
import { TermsModal } from '../components/terms-modal';

/**
 * A part of the page below the first screen (decision 067): its own Suspense boundary, so
 * that React hydrates it in a pass of its own after the cards above it (a dehydrated boundary
 * waits at a lower priority) instead of in one long task with the whole page; nothing in it
 * suspends.
 */
function Later({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

/**
 * The terms modal when the account has not signed the current terms. Its own component: the
 * terms arrive after the page is hydrated, and their answer then renders this alone, not the
 * whole page again (one synchronous render of every card, on a phone a long task).
 */
function TermsGate({ signed }: { signed: Parameters<typeof mustSignTerms>[0] }) {
  const terms = useCurrentTerms();
  return terms.data && mustSignTerms(signed, terms.data.version) ? <TermsModal terms={terms.data} /> : null;
}

/**
 * Dashboard home (docs/product/account.md#dashboard). The marketplace teaser belongs to the marketplace feature:
 * app/dashboard-route.tsx passes it in.
 */
export function DashboardPage({ marketplaceTeaser }: { marketplaceTeaser?: ReactNode } = {}) {
  const user = useCurrentUser();

  if (user.isPending)
    return (
      <Stack gap="lg" data-testid="dashboard-loading" aria-busy="true">
        <Skeleton h={36} w="40%" />
        <Grid>
          {[1, 2, 3].map((i) => (
            <Grid.Col key={i} span={{ base: 12, md: 4 }}>
              <Skeleton h={150} radius="lg" />
            </Grid.Col>
          ))}
        </Grid>
      </Stack>
    );

  if (user.isError)
    return (
      <Alert color="red.9" icon={<IconAlertCircle size={18} />} title="We could not load your account" role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorReason(user.error)}</Text>
          <Button size="xs" variant="default" onClick={() => void user.refetch()} loading={user.isFetching}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );

  const details = user.data;
  const advertiser = details.type === AccountType.Advertiser;
  return (
    <Stack gap="lg" data-testid="dashboard">
      <TermsGate signed={details.currentSignedTerms} />
      <Title order={2} size="h3">
        Welcome back, <span data-testid="dashboard-alias">{details.alias}</span>
      </Title>
      <DashboardNotices user={details} />
      {advertiser ? <PromoBanner userKey={details.com || details.email} /> : null}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
          <BalanceCard user={details} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
          <InventoryCard user={details} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <TodayCard user={details} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }} className="below-fold">
          <Later>
            <AnnouncementsCard />
          </Later>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }} className="below-fold">
          <Later>
            <NewsCard />
          </Later>
        </Grid.Col>
        {marketplaceTeaser ? (
          <Grid.Col span={12} className="below-fold">
            <Later>{marketplaceTeaser}</Later>
          </Grid.Col>
        ) : null}
      </Grid>
    </Stack>
  );
}
