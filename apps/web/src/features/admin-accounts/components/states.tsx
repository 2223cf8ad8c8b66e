import { Button, Card, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorReason } from '../../../lib/api-client';
import { Notice } from '../../../ui/notice';

/** The loading, error and empty states every back-office screen shows the same way. */
export function LoadingCard({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <Card withBorder radius="lg" padding="lg" aria-busy="true" aria-label={label} data-testid="admin-loading">
      <Stack gap="sm">
        {Array.from({ length: rows }, (_, n) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity, never reordered.
          <Skeleton key={n} h={28} />
        ))}
      </Stack>
    </Card>
  );
}

export function ErrorNotice({
  title,
  error,
  onRetry,
  retrying,
}: {
  title: string;
  error: unknown;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  return (
    <Notice color="red" role="alert" title={title} data-testid="admin-error">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorReason(error)}</Text>
        {onRetry ? (
          <Button size="xs" variant="default" onClick={onRetry} loading={retrying}>
            Try again
          </Button>
        ) : null}
      </Stack>
    </Notice>
  );
}

export function EmptyCard({ children }: { children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="xl" data-testid="admin-empty">
      <Text ta="center" c="dimmed">
        {children}
      </Text>
    </Card>
  );
}
