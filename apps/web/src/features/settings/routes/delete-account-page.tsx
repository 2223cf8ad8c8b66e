import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, PasswordInput, Skeleton, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { AppCode } from '@cryptads/contract/app-codes';
import { DELETE_REASON_MAX, DELETION_VERIFY_HOURS } from '@cryptads/contract/limits';
import { type DeletionRequest, deleteAccountFormSchema, SETTINGS_MESSAGES } from '@cryptads/contract/settings';
import { errorReason, isApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/api/get-current-user';
import { formatDateTime } from '../../../lib/format';
import { FormCodeInput } from '../../../ui/form-code-input';
import { FormError } from '../../../ui/form-error';
import { Notice } from '../../../ui/notice';
import { showError, showSuccess } from '../../../ui/status-store';
import { registerTrimmed } from '../../../ui/trim-on-blur';
import { useCancelDeletion, useDeleteAccount } from '../api/delete-account';
import { ConfirmModal } from '../../../ui/confirm-modal';

type FormInput = z.input<ReturnType<typeof deleteAccountFormSchema>>;
type FormOutput = z.output<ReturnType<typeof deleteAccountFormSchema>>;

function DeleteForm({ twoFactorOn }: { twoFactorOn: boolean }) {
  const remove = useDeleteAccount();
  const [pending, setPending] = useState<FormOutput | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(deleteAccountFormSchema(twoFactorOn)),
    defaultValues: { reason: '', password: '', twoFactorCode: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const errors = form.formState.errors;

  const submit = async () => {
    if (!pending) return;
    const { reason, password, twoFactorCode } = pending;
    setPending(null);
    try {
      const state = await remove.mutateAsync({
        reason,
        password,
        ...(twoFactorOn && twoFactorCode ? { twoFactorCode } : {}),
      });
      showSuccess(
        state.delete
          ? `Your account will be deleted on ${formatDateTime(state.delete.terminationDate)}. You can cancel the request until then.`
          : 'Your deletion request was received.',
      );
    } catch (error) {
      const message =
        isApiError(error) && error.code === AppCode.WrongPasswordOnDelete
          ? SETTINGS_MESSAGES.deleteWrongPassword
          : errorReason(error);
      form.setError('root.server', { message });
    }
  };

  return (
    <form
      method="post"
      onSubmit={form.handleSubmit((values) => setPending(values))}
      noValidate
      data-testid="delete-account-form"
    >
      <Stack gap="md">
        <Textarea
          label="Why are you leaving? (optional)"
          description={`At most ${DELETE_REASON_MAX} characters.`}
          autosize
          minRows={3}
          maxLength={DELETE_REASON_MAX}
          error={errors.reason?.message}
          data-testid="delete-reason"
          {...registerTrimmed(form, 'reason')}
        />
        <PasswordInput
          label="Your password"
          autoComplete="current-password"
          error={errors.password?.message}
          data-testid="delete-password"
          {...form.register('password')}
        />
        {twoFactorOn ? (
          <FormCodeInput
            control={form.control}
            name="twoFactorCode"
            label="Two-factor code"
            data-testid="delete-code"
          />
        ) : null}
        <FormError message={errors.root?.server?.message} />
        <Button
          type="submit"
          color="red.9"
          loading={remove.isPending}
          style={{ alignSelf: 'flex-start' }}
          data-testid="delete-submit"
        >
          Delete Account
        </Button>
      </Stack>
      <ConfirmModal
        opened={pending !== null}
        title={SETTINGS_MESSAGES.confirmDestructive}
        message="Your account, its campaigns or websites and its data will be deleted on the termination date unless you cancel the request before."
        confirmLabel="Delete Account"
        onConfirm={() => void submit()}
        onClose={() => setPending(null)}
      />
    </form>
  );
}

function PendingDeletion({ request }: { request: DeletionRequest }) {
  const cancel = useCancelDeletion();
  const onCancel = async () => {
    try {
      await cancel.mutateAsync();
      showSuccess('Your account deletion was cancelled.');
    } catch (error) {
      showError(errorReason(error));
    }
  };
  return (
    <Stack gap="md" data-testid="deletion-pending">
      <Notice color="orange" icon={<IconAlertTriangle size={18} />} title="Deletion pending">
        Your account will be deleted on the termination date below. Cancel now to keep it.
      </Notice>
      <Table variant="vertical" withTableBorder layout="fixed">
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w={170}>Request date</Table.Th>
            <Table.Td data-testid="deletion-request-date">{formatDateTime(request.requestDate)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Termination date</Table.Th>
            <Table.Td data-testid="deletion-termination-date">{formatDateTime(request.terminationDate)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Reason</Table.Th>
            <Table.Td data-testid="deletion-reason" style={{ overflowWrap: 'anywhere' }}>
              {request.reason || '—'}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Button
        variant="default"
        onClick={() => void onCancel()}
        loading={cancel.isPending}
        style={{ alignSelf: 'flex-start' }}
        data-testid="deletion-cancel"
      >
        Cancel Deletion
      </Button>
    </Stack>
  );
}

/** /settings/delete-account/ (docs/product/account.md#settings, #validation, #messages). */
export function DeleteAccountPage() {
  const user = useCurrentUser();
  const details = user.data;
  return (
    <Card withBorder radius="lg" padding="lg" maw={640}>
      <Stack gap={4} mb="md">
        <Title order={2} size="h4">
          Delete your account
        </Title>
        <Text size="sm" c="dimmed">
          Your request is confirmed automatically after {DELETION_VERIFY_HOURS} hours and the account is deleted on its
          termination date; until then you can cancel it. Withdraw any earnings first.
        </Text>
      </Stack>
      {details ? (
        details.pendingDelete && details.delete ? (
          <PendingDeletion request={details.delete} />
        ) : (
          <DeleteForm key={details.secureStatus} twoFactorOn={details.secureStatus === 1} />
        )
      ) : user.isError ? (
        <FormError message={errorReason(user.error)} />
      ) : (
        <Skeleton h={240} />
      )}
    </Card>
  );
}
