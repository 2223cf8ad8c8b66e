import { Anchor, Center, Code, Stack, Text, Title } from '@mantine/core';
import { UI_MESSAGES } from '@cryptads/contract/ui';
import { paths } from '@cryptads/contract/paths';
import { isApiError } from '../lib/api-client';

/** 'Unexpected Application Error!' then the status and text of what failed (docs/product/account.md#messages). */
export function RouteErrorPage({ error }: { error: unknown }) {
  let detail: string;
  if (isApiError(error)) detail = `${error.status || error.category} ${error.reason ?? error.message}`;
  else if (error instanceof Error) detail = `${error.name}: ${error.message}`;
  else detail = String(error);
  return (
    <Center component="main" mih="100dvh" p="md">
      <Stack align="center" ta="center" gap="md" maw={560}>
        <Title order={1}>{UI_MESSAGES.routerErrorTitle}</Title>
        <Code block data-testid="route-error-detail">
          {detail}
        </Code>
        <Text c="dimmed">
          Reloading the page usually helps. If it keeps happening, please contact our support team.
        </Text>
        {/* A full reload: the router itself may be what failed. */}
        <Anchor href={paths.home} fw={600}>
          Back to the homepage
        </Anchor>
      </Stack>
    </Center>
  );
}
