import { Anchor, CloseButton, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconId } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@cryptads/contract/paths';
import type { UserDetails } from '@cryptads/contract/user';
import { formatDateTime } from '../../../lib/format';
import { Notice } from '../../../ui/notice';

/** The dashboard's notices of docs/product/account.md#dashboard: billing details, pending deletion, payment success. */
export function DashboardNotices({ user }: { user: UserDetails }) {
  const [params, setParams] = useSearchParams();
  const paid = params.get('payment') === 'success';
  const dismissPayment = () => {
    const next = new URLSearchParams(params);
    next.delete('payment');
    setParams(next, { replace: true });
  };

  return (
    <Stack gap="sm">
      {paid ? (
        <Notice
          color="teal"
          icon={<IconCircleCheck size={18} />}
          title="Payment successful"
          data-testid="payment-success"
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm">
              Thank you! Your payment was received. The funds appear in your balance as soon as the payment is
              confirmed.
            </Text>
            <CloseButton aria-label="Dismiss the payment message" onClick={dismissPayment} size="sm" />
          </Group>
        </Notice>
      ) : null}
      {user.pendingDelete && user.delete ? (
        <Notice
          color="red"
          icon={<IconAlertTriangle size={18} />}
          title="Your account is scheduled for deletion"
          data-testid="deletion-warning"
        >
          <Text size="sm">
            You asked to delete your account on <strong>{formatDateTime(user.delete.requestDate)}</strong>. It will be
            deleted on <strong>{formatDateTime(user.delete.terminationDate)}</strong>.{' '}
            <Anchor component={Link} to={paths.settings.deleteAccount} inherit>
              Review or cancel the request
            </Anchor>
          </Text>
        </Notice>
      ) : null}
      {user.kycVerified === 0 ? (
        <Notice
          color="orange"
          icon={<IconId size={18} />}
          title="Complete your billing details"
          data-testid="kyc-warning"
        >
          <Text size="sm">
            We need your identification details before money can move.{' '}
            <Anchor component={Link} to={paths.billing.details} inherit>
              Complete your billing details
            </Anchor>
          </Text>
        </Notice>
      ) : null}
    </Stack>
  );
}
