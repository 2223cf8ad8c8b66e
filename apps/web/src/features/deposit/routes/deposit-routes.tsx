import { Button, Group, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link, Navigate, Outlet, Route, Routes } from 'react-router';
import { AccountType } from '@cryptads/contract/account-types';
import { paths } from '@cryptads/contract/paths';
import { useSession } from '../../../lib/session';
import { Notice } from '../../../ui/notice';
import { DepositPage } from './deposit-page';

/**
 * Deposits are for advertisers (docs/product/billing.md#deposits, #roles). A publisher who
 * follows a deposit link reads why there is nothing to pay here and where their money goes,
 * instead of landing on the dashboard without a word.
 */
function RequireAdvertiser() {
  const session = useSession();
  if (!session) return <Navigate to={paths.login} replace />;
  return session.userType === AccountType.Advertiser ? <Outlet /> : <NotForPublishers />;
}

function NotForPublishers() {
  return (
    <Notice
      color="blue"
      icon={<IconInfoCircle size={18} />}
      title="Deposits are for advertisers"
      data-testid="deposit-publisher"
    >
      <Text size="sm">
        Advertisers add funds to pay for their campaigns. As a publisher you are paid: your earnings go out as payouts
        to the account in your withdraw options.
      </Text>
      <Group gap="sm" mt="sm">
        <Button component={Link} to={paths.billing.withdrawOptions} size="xs">
          Withdraw Options
        </Button>
        <Button component={Link} to={paths.home} size="xs" variant="default">
          Back to Dashboard
        </Button>
      </Group>
    </Notice>
  );
}

/**
 * /billing/deposit/* (mounted by app/billing-routes.tsx): /billing/deposit/ (crypto),
 * /crypto/, /card-payment and /bank-transfer render the one deposit screen (/instant/ is
 * sent to /card-payment, the tab's own path),
 * which reads its tab from the path; any other path goes back to /billing/deposit/.
 */
export function DepositRoutes() {
  return (
    <Routes>
      <Route element={<RequireAdvertiser />}>
        <Route path="*" element={<DepositPage />} />
      </Route>
    </Routes>
  );
}
