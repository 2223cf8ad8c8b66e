import { Anchor, CloseButton, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClockHour4, IconId } from '@tabler/icons-react';
import { BILLING_MESSAGES } from '@cryptads/contract/billing-messages';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@cryptads/contract/paths';
import type { UserDetails } from '@cryptads/contract/user';
import { formatDateTime } from '../../../lib/format';
import { Notice } from '../../../ui/notice';
import { useVerification } from '../api/get-verification';

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
      {user.kycVerified === 0 ? <VerificationNotice /> : null}
    </Stack>
  );
}

/**
 * What is still pending before money can move, read from the billing profile: the details to
 * fill in, the documents to upload (or upload again), or documents under review. Nothing
 * while the profile loads or when nothing is asked of the customer.
 */
function VerificationNotice() {
  const { data } = useVerification(true);
  if (!data) return null;
  if (data.verification === 'pending')
    return (
      <Notice color="blue" icon={<IconClockHour4 size={18} />} title="Documents under review" data-testid="kyc-warning">
        <Text size="sm">{BILLING_MESSAGES.underReview}</Text>
      </Notice>
    );
  if (!data.complete)
    return (
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
    );
  if (data.verification === 'unverified' || data.verification === 'recheck')
    return (
      <Notice color="orange" icon={<IconId size={18} />} title="Upload your documents" data-testid="kyc-warning">
        <Text size="sm">
          {data.verification === 'recheck'
            ? 'We could not verify the documents you sent. Please upload new ones.'
            : 'Your billing details are saved. Upload your documents so that we can verify your identity.'}{' '}
          <Anchor component={Link} to={paths.billing.uploadDocuments} inherit>
            Upload documents
          </Anchor>
        </Text>
      </Notice>
    );
  return null;
}
