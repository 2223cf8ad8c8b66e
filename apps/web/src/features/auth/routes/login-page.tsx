import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '@cryptads/contract/paths';
import type { z } from 'zod';
import type { LoginInput, LoginInputSchema } from '@cryptads/contract/auth';
import { AUTH_MESSAGES } from '@cryptads/contract/auth-messages';
import { errorReason, isApiError } from '../../../lib/api-client';
import { askAfterLogin, preloadAfterLogin } from '../../../lib/after-login';
import { useCaptcha } from '../../../lib/captcha';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { refreshSession } from '../../../lib/session';
import { FormError } from '../../../ui/form-error';
import { NativeCheckbox } from '../../../ui/native-checkbox';
import { Notice } from '../../../ui/notice';
import { registerTrimmed } from '../../../ui/trim-on-blur';
import { useLogin } from '../api/login';
import { AuthHeading } from '../components/auth-heading';
import type { TwoFactorState } from '../two-factor-state';

/** The form holds what a person types; the captcha token is added on submit. */
// Only unverified accounts see it: fetched when needed.
const EmailVerificationModal = lazy(async () => ({
  default: (await import('../components/email-verification-modal')).EmailVerificationModal,
}));

/** The form holds what a person types; the captcha token is added on submit. */
type LoginFormInput = Omit<LoginInput, 'captcha'>;
type LoginFormOutput = Omit<z.output<typeof LoginInputSchema>, 'captcha'>;

const loginValidation = lazyZodResolver<LoginFormInput, LoginFormOutput>(async () =>
  (await import('@cryptads/contract/auth')).LoginInputSchema.omit({ captcha: true }),
);

/**
 * Someone typing their credentials is about to open the dashboard: its files download
 * meanwhile, starting this long after the form's first focus (about the time it takes to type an
 * address), so that a form filled at once (a password manager) sends its login call first.
 */
export const TYPING_PRELOAD_DELAY_MS = 800;

function usePreloadWhileTyping(): () => void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return () => {
    timer.current ??= setTimeout(() => void preloadAfterLogin(), TYPING_PRELOAD_DELAY_MS);
  };
}

/** Resolves once a request made just before has gone to the network (a task later). */
const afterCallSent = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The server's sentence when a session ended on its own (an operator's idle expiry; main.tsx puts it here). */
const sessionEndedOf = (state: unknown): string | null =>
  state && typeof state === 'object' && 'sessionEnded' in state && typeof state.sessionEnded === 'string'
    ? state.sessionEnded
    : null;

export function LoginPage() {
  const navigate = useNavigate();
  const sessionEnded = sessionEndedOf(useLocation().state);
  const captcha = useCaptcha();
  const login = useLogin();
  const [serverError, setServerError] = useState<string | null>(null);
  const [unverified, setUnverified] = useState<{ email: string } | null>(null);
  const preloadWhileTyping = usePreloadWhileTyping();

  const form = useForm<LoginFormInput, unknown, LoginFormOutput>({
    resolver: loginValidation.resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: '', password: '', rememberMe: false },
  });
  const { errors } = form.formState;

  const onSubmit = async (values: LoginFormOutput) => {
    setServerError(null);
    let token: string;
    try {
      token = await captcha.getToken();
    } catch {
      setServerError(AUTH_MESSAGES.captchaFailed);
      return;
    }
    try {
      const answer = login.mutateAsync({ ...values, captcha: token });
      // The logged-in area's files download while the call runs (if the focus did not start
      // them already), asked for after it: a browser opens six connections to a server
      // (HTTP/1.1), and the login call must not queue behind thirty files (decision 067).
      const loggedInArea = afterCallSent().then(preloadAfterLogin);
      const res = await answer;
      // The answer set the session's cookies (docs/decisions/034); an unverified account's
      // session may only make the verification calls, and does not count as logged in yet.
      if (res.verified) {
        // Its calls start now, beside the wait for its files (decision 067); the dashboard
        // opens once those are there (the button keeps spinning meanwhile).
        askAfterLogin();
        await loggedInArea;
        refreshSession();
        void navigate(paths.home, { replace: true });
      } else {
        setUnverified({ email: values.email });
      }
    } catch (error) {
      if (isApiError(error) && error.status === 403) {
        const { TwoFactorRequiredSchema } = await import('@cryptads/contract/auth');
        const body = TwoFactorRequiredSchema.safeParse(error.response);
        if (body.success) {
          const state: TwoFactorState = { credentialsToken: body.data.credentialsToken, captcha: token };
          void navigate(paths.login2fa, { state });
          return;
        }
      }
      // 401 code 99 already went to /banned/ through the api-client.
      if (isApiError(error) && error.isBanned) return;
      setServerError(errorReason(error));
    }
  };

  return (
    <>
      <AuthHeading title="Log in to your account">Welcome back. Enter your details to open your dashboard.</AuthHeading>
      {sessionEnded ? (
        <Notice color="orange" role="status" mb="md" data-testid="login-session-ended">
          {sessionEnded}
        </Notice>
      ) : null}
      {/* POST: a submit before the page is hydrated (its HTML paints first, decision 062) never puts the password in a URL. */}
      <form
        method="post"
        onSubmit={form.handleSubmit(onSubmit)}
        onFocus={() => {
          loginValidation.preload();
          preloadWhileTyping();
        }}
        noValidate
        aria-label="Login"
        data-testid="login-form"
      >
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            error={errors.email?.message}
            data-testid="login-email"
            {...registerTrimmed(form, 'email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            error={errors.password?.message}
            data-testid="login-password"
            {...form.register('password')}
          />
          <Group justify="space-between" wrap="nowrap">
            <NativeCheckbox label="Remember me" data-testid="login-remember-me" {...form.register('rememberMe')} />
            <Anchor component={Link} to={paths.forgot} size="sm" fw={600}>
              Forgot password?
            </Anchor>
          </Group>
          <FormError message={serverError} />
          <div ref={captcha.containerRef} />
          <Button
            type="submit"
            size="md"
            fullWidth
            loading={login.isPending || form.formState.isSubmitting}
            data-testid="login-submit"
          >
            Login
          </Button>
        </Stack>
      </form>
      {unverified ? (
        <Suspense fallback={null}>
          <EmailVerificationModal
            opened
            email={unverified.email}
            onClose={() => setUnverified(null)}
            onVerified={() => {
              refreshSession();
              void navigate(paths.home, { replace: true });
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
