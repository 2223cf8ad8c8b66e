import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Checkbox, Group, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '@cryptads/contract/paths';
import type { z } from 'zod';
import { AUTH_MESSAGES, type PendingSignup, SignupFormSchema } from '@cryptads/contract/auth';
import { errorReason } from '../../../../lib/api-client';
import { useCaptcha } from '../../../../lib/captcha';
import { FormError } from '../../../../ui/form-error';
import { PasswordStrength } from '../../../../ui/password-strength';
import { registerTrimmed } from '../../../../ui/trim-on-blur';
import { useRegister } from '../../api/register';
import type { SignupRole } from './role-step';

type SignupFormInput = z.input<typeof SignupFormSchema>;
type SignupFormOutput = z.output<typeof SignupFormSchema>;

/** Step 2 (docs/product/account.md#sign-up): the form, then POST /api/register. */
export function DetailsStep({
  role,
  referrer,
  onPrevious,
  onRegistered,
}: {
  role: SignupRole;
  referrer: string | null;
  onPrevious: () => void;
  onRegistered: (record: PendingSignup) => void;
}) {
  const captcha = useCaptcha();
  const register = useRegister();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<SignupFormInput, unknown, SignupFormOutput>({
    resolver: zodResolver(SignupFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { firstName: '', lastName: '', email: '', password: '', repeatPassword: '', acceptTerms: false },
  });
  const { errors } = form.formState;
  const password = form.watch('password');

  const onSubmit = async (values: SignupFormOutput) => {
    setServerError(null);
    let token: string;
    try {
      token = await captcha.getToken();
    } catch {
      setServerError(AUTH_MESSAGES.captchaFailed);
      return;
    }
    try {
      const res = await register.mutateAsync({
        email: values.email,
        firstName: values.firstName,
        lastName: values.lastName,
        userType: role,
        password: values.password,
        captcha: token,
        ...(referrer ? { referrer } : {}),
      });
      onRegistered({ userType: res.userType, signupEmail: values.email });
    } catch (error) {
      setServerError(errorReason(error));
    }
  };

  return (
    <form
      method="post"
      onSubmit={form.handleSubmit(onSubmit)}
      noValidate
      aria-label="Sign up"
      data-testid="signup-form"
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label="First name"
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...registerTrimmed(form, 'firstName')}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...registerTrimmed(form, 'lastName')}
          />
        </SimpleGrid>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...registerTrimmed(form, 'email')}
        />
        <div>
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            error={errors.password?.message}
            aria-describedby="signup-password-strength"
            {...form.register('password')}
          />
          <Stack mt="xs">
            <PasswordStrength password={password ?? ''} id="signup-password-strength" />
          </Stack>
        </div>
        <PasswordInput
          label="Repeat password"
          autoComplete="new-password"
          error={errors.repeatPassword?.message}
          {...form.register('repeatPassword')}
        />
        <Checkbox
          label={
            <>
              I accept the{' '}
              <Anchor component={Link} to={paths.terms} target="_blank" rel="noopener">
                Terms and Conditions
              </Anchor>
            </>
          }
          error={errors.acceptTerms?.message}
          {...form.register('acceptTerms')}
        />
        <FormError message={serverError} />
        <div ref={captcha.containerRef} />
        <Group justify="space-between">
          <Button variant="default" onClick={onPrevious} data-testid="signup-previous">
            Previous
          </Button>
          <Button
            type="submit"
            loading={register.isPending || form.formState.isSubmitting}
            data-testid="signup-create-account"
          >
            Create Account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
