import { Stack, Tabs } from '@mantine/core';
import {
  IconApi,
  IconBuildingStore,
  IconKey,
  IconMail,
  IconShieldLock,
  IconTrash,
  IconWebhook,
} from '@tabler/icons-react';
import { Suspense } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { AccountType } from '@cryptads/contract/account-types';
import { paths } from '@cryptads/contract/paths';
import { useSession } from '../../../lib/session';
import { PageLoader } from '../../../ui/page-loader';
import { ScrollingTabList } from '../../../ui/scrolling-tab-list';

/** The settings screens of docs/product/account.md#settings and docs/product/public-api.md (titles come from page-titles.ts). */
export const SETTINGS_TABS = [
  { value: 'security', to: paths.settings.security, label: 'Account Security', icon: IconShieldLock },
  { value: 'change-password', to: paths.settings.changePassword, label: 'Change Password', icon: IconKey },
  { value: 'email', to: paths.settings.email, label: 'Email Preferences', icon: IconMail },
  { value: 'delete-account', to: paths.settings.deleteAccount, label: 'Delete Account', icon: IconTrash },
  { value: 'api-keys', to: paths.settings.apiKeys, label: 'API Keys', icon: IconApi },
  { value: 'webhooks', to: paths.settings.webhooks, label: 'Webhooks', icon: IconWebhook },
  // Publishers only: how our sellers.json lists them (docs/product/programmatic.md#sellersjson).
  { value: 'sellers', to: paths.settings.sellers, label: 'Sellers.json', icon: IconBuildingStore, publisher: true },
] as const;

export function SettingsLayout() {
  const isPublisher = useSession()?.userType === AccountType.Publisher;
  const tabs = SETTINGS_TABS.filter((t) => !('publisher' in t) || isPublisher);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`;
  const current = tabs.find((t) => path.startsWith(t.to))?.value;

  return (
    <Stack gap="lg" maw={1000}>
      <Tabs
        value={current ?? null}
        onChange={(value) => {
          const tab = tabs.find((t) => t.value === value);
          if (tab) void navigate(tab.to);
        }}
        keepMounted={false}
      >
        <ScrollingTabList aria-label="Settings sections">
          {tabs.map(({ value, label, icon: Icon }) => (
            <Tabs.Tab
              key={value}
              value={value}
              leftSection={<Icon size={16} aria-hidden />}
              data-testid={`settings-tab-${value}`}
            >
              {label}
            </Tabs.Tab>
          ))}
        </ScrollingTabList>
      </Tabs>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </Stack>
  );
}
