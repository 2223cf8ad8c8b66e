import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { AUTH_MESSAGES, EmailCodeInputSchema } from '@cryptads/contract/auth';
import { notify } from '../../../lib/notify';
import { errorReason } from '../../../lib/api-client';
import { CodeInput } from '../../../ui/code-input';
import { FormError } from '../../../ui/form-error';
import { useRequestEmailCode } from '../api/request-email-code';
import { useValidateEmailCode } from '../api/validate-email-code';

/**
 * Login answered `verified: false` (docs/product/account.md#session-and-states): the token of that answer is kept as
 * temporary credentials and is good for the two email-verification calls only.
 */
export function EmailVerificationModal({
  opened,
  email,
  onClose,
  onVerified,
}: {
  opened: boolean;
  email: string;
  onClose: () => void;
  onVerified: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const validate = useValidateEmailCode();
  const resend = useRequestEmailCode();

  const verify = () => {
    setError(null);
    const parsed = EmailCodeInputSchema.safeParse({ code });
    if (!parsed.success) {
      setError(AUTH_MESSAGES.codeInvalid);
      return;
    }
    validate.mutate({ code: parsed.data.code }, { onSuccess: onVerified, onError: (e) => setError(errorReason(e)) });
  };

  const requestNewCode = () => {
    setError(null);
    resend.mutate(undefined, {
      onSuccess: (res) => {
        setCode('');
        void notify({ color: 'teal', title: 'Code sent', message: AUTH_MESSAGES.resendSuccess(res.email) });
      },
      onError: (e) => setError(errorReason(e)),
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Confirm your email address"
      centered
      data-testid="verify-email-modal"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          verify();
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            Your email address <b>{email}</b> is not confirmed yet. Enter the six-digit code we sent you to continue.
          </Text>
          <CodeInput
            label="Verification code"
            value={code}
            onChange={setCode}
            autoFocus
            data-testid="verify-email-code"
          />
          <FormError message={error} />
          <Group justify="space-between">
            <Button
              variant="default"
              onClick={requestNewCode}
              loading={resend.isPending}
              data-testid="verify-email-resend"
            >
              Resend code
            </Button>
            <Button type="submit" loading={validate.isPending} data-testid="verify-email-submit">
              Verify
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
