import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconScan } from '@tabler/icons-react';
import { errorReason } from '../../../lib/api-client';
import { showError } from '../../../ui/status-store';
import { useStartKyc } from '../api/start-kyc';

/** Online identity verification at the KYC provider: the browser goes to its page and comes back. */
export function IdentityCheck() {
  const start = useStartKyc();
  const go = async () => {
    try {
      const { url } = await start.mutateAsync();
      window.location.assign(url);
    } catch (error) {
      showError(errorReason(error));
    }
  };
  return (
    <Group justify="space-between" align="center" gap="md" data-testid="identity-check">
      <Group gap="md" wrap="nowrap" align="flex-start" style={{ flex: '1 1 320px' }}>
        <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
          <IconScan size={22} />
        </ThemeIcon>
        <Stack gap={2}>
          <Title order={3} size="h5">
            Verify your identity online
          </Title>
          <Text size="sm" c="dimmed">
            A few minutes with your identity document and your camera; the result shows here.
          </Text>
        </Stack>
      </Group>
      <Button variant="light" onClick={() => void go()} loading={start.isPending} data-testid="kyc-start">
        Start verification
      </Button>
    </Group>
  );
}
