import { Anchor, Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconUserOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@cryptads/contract/paths';
import { AUTH_MESSAGES } from '@cryptads/contract/auth';
import { usePublicConfig } from '../../../lib/api/get-public-config';

/** Where a disabled account lands (login 401 with code 99, docs/product/account.md#session-and-states). */
export function BannedPage() {
  const supportEmail = usePublicConfig().data?.supportEmail;
  return (
    <Center component="main" id="main" mih="100dvh" p="md">
      <Paper withBorder radius="lg" p="xl" maw={520} w="100%">
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={64} radius="xl" color="red.9" aria-hidden>
            <IconUserOff size={34} />
          </ThemeIcon>
          <Title order={1} size="h2">
            Your account is disabled
          </Title>
          <Text>{AUTH_MESSAGES.accountDisabled}</Text>
          {supportEmail ? (
            <Text size="sm">
              Write to{' '}
              <Anchor href={`mailto:${supportEmail}`} fw={600}>
                {supportEmail}
              </Anchor>{' '}
              and tell us the email address of your account.
            </Text>
          ) : null}
          <Button component={Link} to={paths.login} variant="default">
            Back to Login
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
