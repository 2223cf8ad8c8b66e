import { Stack, Tabs } from '@mantine/core';
import { IconApi, IconKey, IconMail, IconShieldLock, IconTrash, IconWebhook } from '@tabler/icons-react';
import { Suspense } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '@cryptads/contract/paths';
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
] as const;

export function SettingsLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`;
  const current = SETTINGS_TABS.find((t) => path.startsWith(t.to))?.value;

  return (
    <Stack gap="lg" maw={1000}>
      <Tabs
        value={current ?? null}
        onChange={(value) => {
          const tab = SETTINGS_TABS.find((t) => t.value === value);
          if (tab) void navigate(tab.to);
        }}
        keepMounted={false}
      >
        <ScrollingTabList aria-label="Settings sections">
          {SETTINGS_TABS.map(({ value, label, icon: Icon }) => (
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
