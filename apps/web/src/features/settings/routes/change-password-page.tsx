import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, PasswordInput, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  type ChangePasswordForm,
  changePasswordFormSchema,
  SETTINGS_MESSAGES,
  toChangePasswordInput,
} from '@cryptads/contract/settings';
import { errorReason } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/api/get-current-user';
import { FormCodeInput } from '../../../ui/form-code-input';
import { FormError } from '../../../ui/form-error';
import { PasswordStrength } from '../../../ui/password-strength';
import { showSuccess } from '../../../ui/status-store';
import { useChangePassword } from '../api/change-password';

const EMPTY: ChangePasswordForm = { oldPassword: '', newPassword: '', repeatPassword: '', twoFactorCode: '' };

function ChangePasswordFormView({ twoFactorOn }: { twoFactorOn: boolean }) {
  const change = useChangePassword();
  const strengthId = useId();
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema(twoFactorOn)),
    defaultValues: EMPTY,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const newPassword = useWatch({ control: form.control, name: 'newPassword' });
  const errors = form.formState.errors;

  const onSubmit = async (values: ChangePasswordForm) => {
    try {
      await change.mutateAsync(toChangePasswordInput(values, twoFactorOn));
      form.reset(EMPTY);
      showSuccess(SETTINGS_MESSAGES.passwordChanged);
    } catch (error) {
      form.setError('root.server', { message: errorReason(error) });
    }
  };

  return (
    <form method="post" onSubmit={form.handleSubmit(onSubmit)} noValidate data-testid="change-password-form">
      <Stack gap="md">
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          error={errors.oldPassword?.message}
          data-testid="old-password"
          {...form.register('oldPassword')}
        />
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          aria-describedby={strengthId}
          error={errors.newPassword?.message}
          data-testid="new-password"
          {...form.register('newPassword')}
        />
        <PasswordStrength password={newPassword} id={strengthId} />
        <PasswordInput
          label="Repeat new password"
          autoComplete="new-password"
          error={errors.repeatPassword?.message}
          data-testid="repeat-password"
          {...form.register('repeatPassword')}
        />
        {twoFactorOn ? (
          <FormCodeInput
            control={form.control}
            name="twoFactorCode"
            label="Two-factor code"
            data-testid="change-password-code"
          />
        ) : null}
        <FormError message={errors.root?.server?.message} />
        <Button
          type="submit"
          loading={change.isPending}
          style={{ alignSelf: 'flex-start' }}
          data-testid="change-password-submit"
        >
          Change Password
        </Button>
      </Stack>
    </form>
  );
}

/** /settings/change-password/ (docs/product/account.md#settings, #validation). */
export function ChangePasswordPage() {
  const user = useCurrentUser();
  return (
    <Card withBorder radius="lg" padding="lg" maw={560}>
      <Stack gap={4} mb="md">
        <Title order={2} size="h4">
          Change your password
        </Title>
        <Text size="sm" c="dimmed">
          Choose a password you do not use anywhere else.
        </Text>
      </Stack>
      {user.data ? (
        <ChangePasswordFormView key={user.data.secureStatus} twoFactorOn={user.data.secureStatus === 1} />
      ) : user.isError ? (
        <FormError message={errorReason(user.error)} />
      ) : (
        <Skeleton h={240} />
      )}
    </Card>
  );
}
