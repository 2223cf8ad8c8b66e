import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@cryptads/contract/paths';
import { UI_MESSAGES } from '@cryptads/contract/ui';
import { usePageTitle } from '../lib/page-title';

/** Any unknown path (docs/product/account.md#public-routes). */
export function NotFoundPage() {
  usePageTitle('Page not Found');
  return (
    <Center component="main" id="main" mih="100dvh" p="md">
      <Stack align="center" gap="md" ta="center">
        <Text fz={64} fw={800} c="brand.7" aria-hidden lh={1}>
          404
        </Text>
        <Title order={1}>{UI_MESSAGES.notFoundTitle}</Title>
        <Text c="dimmed" maw={420}>
          The page you are looking for does not exist or has moved.
        </Text>
        <Anchor component={Link} to={paths.home} fw={600}>
          Back to the homepage
        </Anchor>
      </Stack>
    </Center>
  );
}
