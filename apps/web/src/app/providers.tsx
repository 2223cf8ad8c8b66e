import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { COLOR_SCHEME_STORAGE_KEY } from '@cryptads/contract/color-scheme';
import { NotificationsHost } from '../ui/notifications-host';
import { StatusModalHost } from '../ui/status-modal-host';
import { cssVariablesResolver, theme } from '../theme';

const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

/**
 * Everything the app needs once: theme, colour scheme, query cache, notifications and the
 * status modal (both hosts fetch their code on first use).
 */
export function AppProviders({
  queryClient,
  children,
  env,
}: {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off Mantine's transitions and portals' delays in component tests. */
  env?: 'default' | 'test';
}) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
      env={env}
    >
      <QueryClientProvider client={queryClient}>
        <NotificationsHost />
        <StatusModalHost />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
