import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { paths } from '@cryptads/contract/paths';
import { AUTH_MESSAGES, TwoFactorCodeSchema } from '@cryptads/contract/auth';
import { REDIRECTING_RETURN_MS, TWO_FACTOR_SCREEN_TIMEOUT_SECONDS } from '@cryptads/contract/limits';
import { askAfterLogin } from '../../../lib/after-login';
import { errorReason, isApiError } from '../../../lib/api-client';
import { useCaptcha } from '../../../lib/captcha';
import { refreshSession } from '../../../lib/session';
import { CodeInput } from '../../../ui/code-input';
import { FormError } from '../../../ui/form-error';
import { useLoginTwoFactor } from '../api/login-two-factor';
import { AuthHeading } from '../components/auth-heading';
import { readTwoFactorState, type TwoFactorState } from '../two-factor-state';

export function TwoFactorPage() {
  const location = useLocation();
  const state = readTwoFactorState(location.state);
  // Without the credentials token of the first step there is nothing to finish.
  if (!state) return <Navigate to={paths.login} replace />;
  return <TwoFactorForm state={state} />;
}

function TwoFactorForm({ state }: { state: TwoFactorState }) {
  const navigate = useNavigate();
  const captcha = useCaptcha();
  const loginTwoFactor = useLoginTwoFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(TWO_FACTOR_SCREEN_TIMEOUT_SECONDS);
  const redirectTimer = useRef<number | undefined>(undefined);

  // After 55 s the credentials are stale: back to login (docs/product/account.md#two-factor-login).
  useEffect(() => {
    const started = Date.now();
    const timer = window.setInterval(() => {
      const left = TWO_FACTOR_SCREEN_TIMEOUT_SECONDS - Math.floor((Date.now() - started) / 1000);
      setSecondsLeft(Math.max(0, left));
      if (left <= 0) void navigate(paths.login, { replace: true });
    }, 1000);
    return () => {
      window.clearInterval(timer);
      window.clearTimeout(redirectTimer.current);
    };
  }, [navigate]);

  const submit = async () => {
    setError(null);
    const parsed = TwoFactorCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(AUTH_MESSAGES.twoFactorInvalid);
      return;
    }
    let token: string;
    try {
      token = await captcha.getToken();
    } catch {
      setError(AUTH_MESSAGES.captchaFailed);
      return;
    }
    try {
      await loginTwoFactor.mutateAsync({
        credentialsToken: state.credentialsToken,
        captcha: token,
        twoFactorCode: parsed.data,
      });
      // The dashboard's calls start at once, not after its render asked for the account (decision 067).
      askAfterLogin();
      refreshSession();
      void navigate(paths.home, { replace: true });
    } catch (e) {
      if (isApiError(e) && e.isBanned) return;
      const reason = errorReason(e);
      setError(reason);
      setCode('');
      if (reason.toLowerCase().includes('redirecting'))
        redirectTimer.current = window.setTimeout(
          () => void navigate(paths.login, { replace: true }),
          REDIRECTING_RETURN_MS,
        );
    }
  };

  return (
    <>
      <AuthHeading title="Two-factor authentication">Enter the six-digit code from your authenticator app.</AuthHeading>
      <form
        noValidate
        aria-label="Two-factor authentication"
        data-testid="two-factor-form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <CodeInput
            label="Authentication code"
            value={code}
            onChange={setCode}
            autoFocus
            error={error === AUTH_MESSAGES.twoFactorInvalid ? error : null}
            data-testid="two-factor-code"
          />
          {error !== AUTH_MESSAGES.twoFactorInvalid ? <FormError message={error} /> : null}
          <div ref={captcha.containerRef} />
          <Button type="submit" size="md" fullWidth loading={loginTwoFactor.isPending} data-testid="two-factor-submit">
            Verify
          </Button>
          <Text size="sm" c="dimmed" ta="center" data-testid="two-factor-countdown">
            For your security this screen returns to login in {secondsLeft} s.{' '}
            <Anchor component={Link} to={paths.login} size="sm">
              Back to Login
            </Anchor>
          </Text>
        </Stack>
      </form>
    </>
  );
}
