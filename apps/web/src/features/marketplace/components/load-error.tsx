import { Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorReason } from '../../../lib/api-client';
import { Notice } from '../../../ui/notice';

/** A failed read: the reason and a way to ask again. */
export function LoadError({
  title,
  error,
  onRetry,
  retrying,
  testId,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
  testId?: string;
}) {
  return (
    <Notice color="red" icon={<IconAlertCircle size={18} />} title={title} role="alert" data-testid={testId}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorReason(error)}</Text>
        <Button size="xs" variant="default" onClick={onRetry} loading={retrying}>
          Try again
        </Button>
      </Stack>
    </Notice>
  );
}
