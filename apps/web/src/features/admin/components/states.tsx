import { Button, Card, Skeleton, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { AppCode } from '@cryptads/contract/app-codes';
import { errorReason, isApiError } from '../../../lib/api-client';
import { Notice } from '../../../ui/notice';
import { adminKeys } from '../api/keys';

/** The loading, error and empty states every back-office screen shows the same way. */

/** Rows of placeholders while a table or a card loads. */
export function LoadingCard({
  label = 'Loading',
  rows = 3,
  testId = 'admin-loading',
}: {
  label?: string;
  rows?: number;
  testId?: string;
}) {
  return (
    <Card withBorder radius="lg" padding="lg" aria-busy="true" aria-label={label} data-testid={testId}>
      <Stack gap="sm">
        {Array.from({ length: rows }, (_, n) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity, never reordered.
          <Skeleton key={n} h={28} />
        ))}
        <Text size="sm" c="dimmed" role="status">
          Loading…
        </Text>
      </Stack>
    </Card>
  );
}

/** A failed load with the server's reason and, where it can help, a retry. */
export function ErrorNotice({
  title,
  error,
  onRetry,
  retrying,
  testId = 'admin-error',
}: {
  title: string;
  error: unknown;
  onRetry?: () => void;
  retrying?: boolean;
  testId?: string;
}) {
  const queryClient = useQueryClient();
  const setup = isApiError(error) && error.code === AppCode.TwoFactorSetupRequired;
  // 2FA went off behind the screen's back: the gate reads the status again and shows the set-up.
  useEffect(() => {
    if (setup) void queryClient.invalidateQueries({ queryKey: adminKeys.twoFactor() });
  }, [setup, queryClient]);
  return (
    <Notice color="red" role="alert" title={title} data-testid={testId}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorReason(error)}</Text>
        {setup || !onRetry ? null : (
          <Button size="xs" variant="default" onClick={onRetry} loading={retrying}>
            Try again
          </Button>
        )}
      </Stack>
    </Notice>
  );
}

/** Nothing here: a title in bold (where there is one) and a line of explanation. */
export function EmptyCard({
  title,
  children,
  testId = 'admin-empty',
}: {
  title?: string;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <Card withBorder radius="lg" padding="xl" data-testid={testId}>
      <Stack align="center" ta="center" gap="xs">
        {title ? <Text fw={700}>{title}</Text> : null}
        {children ? (
          <Text c="dimmed" size={title ? 'sm' : undefined} maw={440}>
            {children}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
