import { Anchor, Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconMoodSad } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { AUTH_MESSAGES, EmailCodeInputSchema, type PendingSignup } from '@cryptads/contract/auth';
import { RESEND_AFTER_SECONDS } from '@cryptads/contract/limits';
import { UI_MESSAGES } from '@cryptads/contract/ui';
import { notify } from '../../../../lib/notify';
import { errorReason, isApiError } from '../../../../lib/api-client';
import { usePublicConfig } from '../../../../lib/api/get-public-config';
import { CodeInput } from '../../../../ui/code-input';
import { showError, showStatus } from '../../../../ui/status-store';
import { useRequestEmailCode } from '../../api/request-email-code';
import { useValidateEmailCode } from '../../api/validate-email-code';

type Phase = 'code' | 'success' | 'failure';

/** Seconds until the resend button appears (docs/product/account.md#sign-up: after 2 minutes). */
function useResendCountdown() {
  const [startedAt, setStartedAt] = useState(() => Date.now());
  const [left, setLeft] = useState(RESEND_AFTER_SECONDS);
  useEffect(() => {
    const tick = () => setLeft(Math.max(0, RESEND_AFTER_SECONDS - Math.floor((Date.now() - startedAt) / 1000)));
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [startedAt]);
  return { left, restart: () => setStartedAt(Date.now()) };
}

const mmss = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** Step 3: the code from the email, sent with the session cookie the sign-up opened. */
export function VerifyEmailStep({
  pending,
  onGetStarted,
  onAlreadyVerified,
}: {
  pending: PendingSignup;
  onGetStarted: () => void;
  onAlreadyVerified: () => void;
}) {
  const config = usePublicConfig().data;
  const validate = useValidateEmailCode();
  const resend = useRequestEmailCode();
  const countdown = useResendCountdown();
  const [phase, setPhase] = useState<Phase>('code');
  const [code, setCode] = useState('');

  const invalidCode = () =>
    showStatus({
      type: 'error',
      title: UI_MESSAGES.errorTitle,
      info: AUTH_MESSAGES.codeInvalid,
      buttonCaption: UI_MESSAGES.errorButton,
    });

  const verify = () => {
    const parsed = EmailCodeInputSchema.safeParse({ code });
    if (!parsed.success) {
      invalidCode();
      return;
    }
    validate.mutate(
      { code: parsed.data.code },
      {
        onSuccess: () => setPhase('success'),
        onError: (error) => {
          setCode('');
          if (isApiError(error) && error.status === 401 && (error.reason ?? '').toLowerCase().includes('redirecting')) {
            onAlreadyVerified();
          } else if (isApiError(error) && error.status === 400 && error.reason === AUTH_MESSAGES.codeInvalid) {
            invalidCode();
          } else {
            setPhase('failure');
          }
        },
      },
    );
  };

  const requestNewCode = () =>
    resend.mutate(undefined, {
      onSuccess: (res) => {
        countdown.restart();
        setPhase('code');
        void notify({ color: 'teal', title: 'Code sent', message: AUTH_MESSAGES.resendSuccess(res.email) });
      },
      onError: (error) => showError(errorReason(error)),
    });

  if (phase === 'success')
    return (
      <Stack align="center" ta="center" gap="sm" data-testid="verify-success">
        <ThemeIcon size={64} radius="xl" color="teal.8" aria-hidden>
          <IconCircleCheck size={36} />
        </ThemeIcon>
        <Title order={2}>{AUTH_MESSAGES.verifySuccessTitle}</Title>
        <Text>{AUTH_MESSAGES.verifySuccessText}</Text>
        <Button size="md" mt="sm" onClick={onGetStarted} data-testid="get-started">
          {UI_MESSAGES.getStarted}
        </Button>
      </Stack>
    );

  if (phase === 'failure')
    return (
      <Stack align="center" ta="center" gap="sm" data-testid="verify-failure">
        <ThemeIcon size={64} radius="xl" color="red.9" aria-hidden>
          <IconMoodSad size={36} />
        </ThemeIcon>
        <Title order={2}>{AUTH_MESSAGES.verifyFailureTitle}</Title>
        <Text>{AUTH_MESSAGES.verifyFailureText}</Text>
        <Group mt="sm">
          <Button onClick={requestNewCode} loading={resend.isPending}>
            Resend
          </Button>
          <Button component="a" variant="default" href={`mailto:${config?.supportEmail ?? ''}`}>
            Contact Support
          </Button>
        </Group>
      </Stack>
    );

  return (
    <form
      noValidate
      aria-label="Verify email"
      data-testid="verify-email-form"
      onSubmit={(event) => {
        event.preventDefault();
        verify();
      }}
    >
      <Stack gap="md">
        <Text>
          We sent a six-digit code to <b data-testid="signup-email">{pending.signupEmail}</b>. Enter it below to confirm
          your email address.
        </Text>
        <CodeInput label="Verification code" value={code} onChange={setCode} autoFocus data-testid="signup-code" />
        <Button type="submit" size="md" loading={validate.isPending} data-testid="verify-code-submit">
          Verify
        </Button>
        {countdown.left > 0 ? (
          <Text size="sm" c="dimmed" ta="center" data-testid="resend-countdown">
            Did not get it? You can ask for a new code in {mmss(countdown.left)}.
          </Text>
        ) : (
          <Button variant="subtle" onClick={requestNewCode} loading={resend.isPending} data-testid="resend-code">
            Resend code
          </Button>
        )}
        {config?.devMailbox ? (
          <Text size="sm" ta="center">
            Development server: read the code in the{' '}
            <Anchor href="/dev/mailbox" target="_blank" rel="noopener">
              dev mailbox
            </Anchor>
            .
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}
