import { zodResolver } from '@hookform/resolvers/zod';
import { Button, PasswordInput, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLockCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { paths } from '@cryptads/contract/paths';
import type { z } from 'zod';
import { AUTH_MESSAGES, ResetPasswordFormSchema } from '@cryptads/contract/auth';
import { errorReason } from '../../../lib/api-client';
import { useCaptcha } from '../../../lib/captcha';
import { FormError } from '../../../ui/form-error';
import { PasswordStrength } from '../../../ui/password-strength';
import { useResetPassword } from '../api/reset-password';
import { AuthHeading } from '../components/auth-heading';

type ResetFormInput = z.input<typeof ResetPasswordFormSchema>;
type ResetFormOutput = z.output<typeof ResetPasswordFormSchema>;

/** docs/product/account.md#password-reset: new password with its checklist, confirmation, captcha, Save. */
export function PasswordRecoveryPage() {
  const { code = '' } = useParams();
  const captcha = useCaptcha();
  const reset = useResetPassword();
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const form = useForm<ResetFormInput, unknown, ResetFormOutput>({
    resolver: zodResolver(ResetPasswordFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { password: '', repeatPassword: '' },
  });
  const { errors } = form.formState;
  const password = form.watch('password');

  const onSubmit = async (values: ResetFormOutput) => {
    setServerError(null);
    let token: string;
    try {
      token = await captcha.getToken();
    } catch {
      setServerError(AUTH_MESSAGES.captchaFailed);
      return;
    }
    try {
      await reset.mutateAsync({ password: values.password, code, captcha: token });
      setDone(true);
    } catch (error) {
      setServerError(errorReason(error));
    }
  };

  if (done)
    return (
      <Stack align="center" ta="center" gap="md" data-testid="reset-success">
        <ThemeIcon size={64} radius="xl" color="teal.8" aria-hidden>
          <IconLockCheck size={34} />
        </ThemeIcon>
        <AuthHeading title="Password saved" />
        <Text>{AUTH_MESSAGES.resetSuccess}</Text>
        <Button component={Link} to={paths.login} size="md">
          Login
        </Button>
      </Stack>
    );

  return (
    <>
      <AuthHeading title="Choose a new password">Your new password replaces the old one everywhere.</AuthHeading>
      <form
        method="post"
        onSubmit={form.handleSubmit(onSubmit)}
        noValidate
        aria-label="Reset password"
        data-testid="reset-form"
      >
        <Stack gap="md">
          <div>
            <PasswordInput
              label="New password"
              autoComplete="new-password"
              error={errors.password?.message}
              aria-describedby="reset-password-strength"
              {...form.register('password')}
            />
            <Stack mt="xs">
              <PasswordStrength password={password ?? ''} id="reset-password-strength" />
            </Stack>
          </div>
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            error={errors.repeatPassword?.message}
            {...form.register('repeatPassword')}
          />
          <FormError message={serverError} />
          <div ref={captcha.containerRef} />
          <Button type="submit" size="md" fullWidth loading={reset.isPending || form.formState.isSubmitting}>
            Save
          </Button>
        </Stack>
      </form>
    </>
  );
}
