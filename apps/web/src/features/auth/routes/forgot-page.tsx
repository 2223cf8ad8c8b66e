import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '@cryptads/contract/paths';
import type { z } from 'zod';
import { AUTH_MESSAGES, RecoveryInputSchema } from '@cryptads/contract/auth';
import { errorReason } from '../../../lib/api-client';
import { useCaptcha } from '../../../lib/captcha';
import { FormError } from '../../../ui/form-error';
import { registerTrimmed } from '../../../ui/trim-on-blur';
import { useRequestRecovery } from '../api/request-recovery';
import { AuthHeading } from '../components/auth-heading';

const ForgotFormSchema = RecoveryInputSchema.omit({ captcha: true });
type ForgotFormInput = z.input<typeof ForgotFormSchema>;
type ForgotFormOutput = z.output<typeof ForgotFormSchema>;

/** docs/product/account.md#forgot-password: email and captcha, then a confirmation with a back-to-login button. */
export function ForgotPage() {
  const captcha = useCaptcha();
  const recovery = useRequestRecovery();
  const [serverError, setServerError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<ForgotFormInput, unknown, ForgotFormOutput>({
    resolver: zodResolver(ForgotFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: '' },
  });

  const onSubmit = async (values: ForgotFormOutput) => {
    setServerError(null);
    let token: string;
    try {
      token = await captcha.getToken();
    } catch {
      setServerError(AUTH_MESSAGES.captchaFailed);
      return;
    }
    try {
      const res = await recovery.mutateAsync({ email: values.email, captcha: token });
      setSent(res.message);
    } catch (error) {
      setServerError(errorReason(error));
    }
  };

  if (sent)
    return (
      <Stack align="center" ta="center" gap="md" data-testid="recovery-sent">
        <ThemeIcon size={64} radius="xl" aria-hidden>
          <IconMailForward size={34} />
        </ThemeIcon>
        <AuthHeading title="Check your inbox" />
        <Text>{sent}</Text>
        <Button component={Link} to={paths.login} size="md">
          Back to Login
        </Button>
      </Stack>
    );

  return (
    <>
      <AuthHeading title="Forgot your password?">
        Enter the email address of your account and we will send you a link to choose a new password.
      </AuthHeading>
      <form
        method="post"
        onSubmit={form.handleSubmit(onSubmit)}
        noValidate
        aria-label="Forgot password"
        data-testid="forgot-form"
      >
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            error={form.formState.errors.email?.message}
            {...registerTrimmed(form, 'email')}
          />
          <FormError message={serverError} />
          <div ref={captcha.containerRef} />
          <Button type="submit" size="md" fullWidth loading={recovery.isPending || form.formState.isSubmitting}>
            Send reset link
          </Button>
          <Button component={Link} to={paths.login} variant="subtle">
            Back to Login
          </Button>
        </Stack>
      </form>
    </>
  );
}
