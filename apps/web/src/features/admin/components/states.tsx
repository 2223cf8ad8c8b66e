import { Button, Card, Skeleton, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { AppCode } from '@cryptads/contract/app-codes';
import { errorReason, isApiError } from '../../../lib/api-client';
import { Notice } from '../../../ui/notice';
import { adminKeys } from '../api/keys';

/** Rows of placeholders while a table or a card loads. */
export function LoadingCard({ rows = 3, testId }: { rows?: number; testId?: string }) {
  return (
    <Card withBorder radius="lg" padding="lg" aria-busy="true" data-testid={testId}>
      <Stack gap="sm">
        {Array.from({ length: rows }, (_, n) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity.
          <Skeleton key={n} h={28} />
        ))}
        <Text size="sm" c="dimmed" role="status">
          Loading…
        </Text>
      </Stack>
    </Card>
  );
}

/** A failed load with the server's reason and a retry. */
export function ErrorNotice({
  title,
  error,
  onRetry,
  retrying,
  testId,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
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
        {setup ? null : (
          <Button size="xs" variant="default" onClick={onRetry} loading={retrying}>
            Try again
          </Button>
        )}
      </Stack>
    </Notice>
  );
}

/** Nothing waiting. */
export function EmptyCard({ title, children, testId }: { title: string; children?: ReactNode; testId?: string }) {
  return (
    <Card withBorder radius="lg" padding="xl" data-testid={testId}>
      <Stack align="center" ta="center" gap="xs">
        <Text fw={700}>{title}</Text>
        {children ? (
          <Text c="dimmed" size="sm" maw={440}>
            {children}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
