import { Button, Center, Stack, Text } from '@mantine/core';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@cryptads/contract/paths';
import { errorReason } from '../../../lib/api-client';
import { Notice } from '../../../ui/notice';
import { PageLoader } from '../../../ui/page-loader';
import { useAdminTwoFactorStatus } from '../api/queries';

const withSlash = (path: string) => (path.endsWith('/') ? path : `${path}/`);

/**
 * Two-factor authentication is mandatory for operators (docs/decisions/032): until it is on,
 * every back-office path leads to the set-up screen, and the set-up screen leads to the
 * overview once it is.
 */
export function AdminTwoFactorGate() {
  const status = useAdminTwoFactorStatus();
  const onSetup = withSlash(useLocation().pathname) === paths.admin.setup2fa;
  if (status.isPending) return <PageLoader fullScreen />;
  if (status.isError)
    return (
      <Center mih="100dvh" p="md" component="main" id="main">
        <Notice color="red" role="alert" title="We could not open the back office" maw={480}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{errorReason(status.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void status.refetch()} loading={status.isFetching}>
              Try again
            </Button>
          </Stack>
        </Notice>
      </Center>
    );
  const enabled = status.data.status === 1;
  if (!enabled && !onSetup) return <Navigate to={paths.admin.setup2fa} replace />;
  if (enabled && onSetup) return <Navigate to={paths.admin.overview} replace />;
  return <Outlet />;
}
