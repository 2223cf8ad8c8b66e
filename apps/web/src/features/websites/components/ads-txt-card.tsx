import { Box, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { ADS_TXT_MESSAGES, adsTxtStatusBadge } from '@cryptads/contract/websites-messages';
import { errorReason } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { CopyBlock } from '../../../ui/copy-block';
import { Notice } from '../../../ui/notice';
import { useAdsTxt, useCheckAdsTxt } from '../api/ads-txt';
import classes from './websites.module.css';
import { StatusBadge } from './status-badge';

const M = ADS_TXT_MESSAGES;

/**
 * The website's ads.txt (docs/product/websites.md#adstxt): the exact line to add with a Copy
 * button, the last check (present, missing or wrong, why, when; a wrong line quoted) and a
 * Check now button.
 */
export function AdsTxtCard({ websiteId }: { websiteId: number }) {
  const state = useAdsTxt(websiteId);
  const check = useCheckAdsTxt(websiteId);
  const [failure, setFailure] = useState<string | null>(null);

  const runCheck = async () => {
    setFailure(null);
    try {
      await check.mutateAsync();
    } catch (error) {
      setFailure(errorReason(error));
    }
  };

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="ads-txt">
      <Group justify="space-between" align="center" gap="sm" mb="xs">
        <Title order={2} size="h4">
          {M.title}
        </Title>
        {state.data ? <StatusBadge badge={adsTxtStatusBadge(state.data.status)} testId="ads-txt-status" /> : null}
      </Group>
      {state.isPending ? (
        <Stack gap="sm" aria-busy="true">
          <Skeleton h={20} w="70%" />
          <Skeleton h={48} />
        </Stack>
      ) : state.isError ? (
        <Notice color="red" icon={<IconAlertCircle size={18} />} role="alert" title={M.loadFailed}>
          {errorReason(state.error)}
        </Notice>
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {M.intro}
          </Text>
          <CopyBlock label={M.lineLabel} value={state.data.line} testId="ads-txt-line" />
          <Box aria-live="polite">
            {state.data.reason ? (
              <Text size="sm" data-testid="ads-txt-reason">
                {state.data.reason}
              </Text>
            ) : (
              <Text size="sm" c="dimmed" data-testid="ads-txt-reason">
                {M.neverChecked}
              </Text>
            )}
            {state.data.foundLine ? (
              <Box mt="xs">
                <Text size="sm" fw={600} component="p" mb={6}>
                  {M.foundLine}
                </Text>
                <pre className={classes.foundLine} data-testid="ads-txt-found-line">
                  {state.data.foundLine}
                </pre>
              </Box>
            ) : null}
            {state.data.checkedAt ? (
              <Text size="xs" c="dimmed" mt="xs" data-testid="ads-txt-checked-at">
                {M.lastChecked(formatDateTime(state.data.checkedAt))}
              </Text>
            ) : null}
          </Box>
          {failure ? (
            <Notice color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="ads-txt-failure">
              {failure}
            </Notice>
          ) : null}
          <Group justify="flex-end">
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} aria-hidden />}
              onClick={runCheck}
              loading={check.isPending}
              data-testid="ads-txt-check"
            >
              {M.checkNow}
            </Button>
          </Group>
        </Stack>
      )}
    </Card>
  );
}
