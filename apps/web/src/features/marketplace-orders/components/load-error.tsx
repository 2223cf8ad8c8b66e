import { Button, Stack, Text } from '@mantine/core';
import { errorReason } from '../../../lib/api-client';
import { Notice } from '../../../ui/notice';

/** A screen whose data could not be read: the reason and a way to try again. */
export function LoadError({
  title,
  error,
  onRetry,
  retrying,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <Notice color="red" role="alert" title={title} data-testid="load-error">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorReason(error)}</Text>
        <Button size="xs" variant="default" onClick={onRetry} loading={retrying}>
          Try again
        </Button>
      </Stack>
    </Notice>
  );
}
