import { Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Navigate } from 'react-router';
import { AccountType } from '@cryptads/contract/account-types';
import { BILLING_PROFILE_MESSAGES as PM } from '@cryptads/contract/billing-profile';
import { paths } from '@cryptads/contract/paths';
import { errorReason } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { FormError } from '../../../ui/form-error';
import { Notice } from '../../../ui/notice';
import { useBillingProfile } from '../api/get-billing-profile';
import { WithdrawOptionsForm } from '../components/withdraw-options-form';

/** /billing/details/withdraw-options/ (docs/product/billing.md#withdraw-options): publishers only, once verified. */
export function WithdrawOptionsPage() {
  const session = useSession();
  const profile = useBillingProfile();
  if (session && session.userType !== AccountType.Publisher)
    return <Navigate to={paths.billing.identification} replace />;
  return (
    <Card withBorder radius="lg" padding="lg" maw={760}>
      <Stack gap={4} mb="md">
        <Title order={2} size="h4">
          Withdraw Options
        </Title>
        <Text size="sm" c="dimmed">
          Where and how often we pay your earnings.
        </Text>
      </Stack>
      {profile.isPending ? (
        <Skeleton h={240} />
      ) : profile.isError ? (
        <FormError message={errorReason(profile.error)} />
      ) : profile.data.withdrawAvailable ? (
        <WithdrawOptionsForm profile={profile.data} />
      ) : (
        <Notice color="orange" icon={<IconLock size={18} />} data-testid="withdraw-locked">
          <Text size="sm">{PM.withdrawUnavailable}</Text>
        </Notice>
      )}
    </Card>
  );
}
