import { Button, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { IconBuildingBank, IconFileUpload, IconId } from '@tabler/icons-react';
import { Suspense } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { AccountType } from '@cryptads/contract/account-types';
import { BILLING_PROFILE_MESSAGES as PM } from '@cryptads/contract/billing-profile';
import { errorReason } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { Notice } from '../../../ui/notice';
import { PageLoader } from '../../../ui/page-loader';
import { useBillingProfile } from '../api/get-billing-profile';
import { VerificationStatus } from '../components/verification-status';
import { BILLING_DETAILS_TABS } from '../tabs';
import { ScrollingTabList } from '../../../ui/scrolling-tab-list';

const ICONS = { identification: IconId, 'upload-documents': IconFileUpload, 'withdraw-options': IconBuildingBank };

/**
 * /billing/details/ (docs/product/billing.md#identification): the verification state, then the tabs Identification
 * Details, Upload Documents and, for publishers, Withdraw Options (disabled until verified).
 */
export function BillingDetailsLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const profile = useBillingProfile();
  const isPublisher = session?.userType === AccountType.Publisher;
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`;
  const tabs = BILLING_DETAILS_TABS.filter((t) => t.value !== 'withdraw-options' || isPublisher);
  const current = tabs.find((t) => path.startsWith(t.to))?.value ?? null;
  const withdrawDisabled = !profile.data?.withdrawAvailable;

  return (
    <Stack gap="lg" maw={1000} data-testid="billing-details">
      {profile.isPending ? (
        <Skeleton h={72} radius="md" />
      ) : profile.isError ? (
        <Notice color="red" role="alert" title="Your billing details could not be loaded">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{errorReason(profile.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void profile.refetch()} loading={profile.isFetching}>
              Try again
            </Button>
          </Stack>
        </Notice>
      ) : (
        <VerificationStatus profile={profile.data} />
      )}
      <Tabs
        value={current}
        onChange={(value) => {
          const tab = tabs.find((t) => t.value === value);
          if (tab) void navigate(tab.to);
        }}
        keepMounted={false}
      >
        <ScrollingTabList aria-label="Billing details sections">
          {tabs.map(({ value, label }) => {
            const Icon = ICONS[value];
            return (
              <Tabs.Tab
                key={value}
                value={value}
                disabled={value === 'withdraw-options' && withdrawDisabled}
                leftSection={<Icon size={16} aria-hidden />}
                data-testid={`billing-tab-${value}`}
              >
                {label}
              </Tabs.Tab>
            );
          })}
        </ScrollingTabList>
      </Tabs>
      {isPublisher && profile.data && withdrawDisabled ? (
        <Text size="sm" c="dimmed" mt={-8} data-testid="withdraw-unavailable">
          {PM.withdrawUnavailable}
        </Text>
      ) : null}
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </Stack>
  );
}
