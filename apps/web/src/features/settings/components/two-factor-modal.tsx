import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Center, Code, CopyButton, Group, Image, Loader, Modal, Stack, Text } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { type TwoFactorCodeInput, TwoFactorCodeInputSchema } from '@cryptads/contract/auth';
import { errorReason } from '../../../lib/api-client';
import { CodeInput } from '../../../ui/code-input';
import { FormError } from '../../../ui/form-error';
import { showSuccess } from '../../../ui/status-store';
import { useChangeTwoFactor, useTwoFactorRequest } from '../api/two-factor';

type Mode = 'enable' | 'disable';

const COPY: Record<Mode, { title: string; submit: string; done: string }> = {
  enable: {
    title: 'Enable two-factor authentication',
    submit: 'Verify and enable',
    done: 'Two-factor authentication is now enabled. You will be asked for a code at every login.',
  },
  disable: {
    title: 'Disable two-factor authentication',
    submit: 'Disable',
    done: 'Two-factor authentication is now disabled.',
  },
};

/** Groups the base32 secret in fours so that a person can type it without losing their place. */
const groupSecret = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

function CodeForm({ mode, onDone }: { mode: Mode; onDone: () => void }) {
  const change = useChangeTwoFactor(mode);
  const form = useForm<TwoFactorCodeInput>({
    resolver: zodResolver(TwoFactorCodeInputSchema),
    defaultValues: { code: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const onSubmit = async (values: TwoFactorCodeInput) => {
    try {
      await change.mutateAsync(values.code);
      onDone();
      showSuccess(COPY[mode].done);
    } catch (error) {
      form.setValue('code', '');
      change.reset();
      form.setError('root.server', { message: errorReason(error) });
    }
  };

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate data-testid={`two-factor-${mode}-form`}>
      <Stack gap="md">
        <Controller
          control={form.control}
          name="code"
          render={({ field, fieldState }) => (
            <CodeInput
              label="Six-digit code from your authenticator app"
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
              autoFocus={mode === 'disable'}
              data-testid="two-factor-code"
            />
          )}
        />
        <FormError message={form.formState.errors.root?.server?.message} />
        <Button
          type="submit"
          color={mode === 'disable' ? 'red.9' : undefined}
          loading={change.isPending}
          data-testid="two-factor-submit"
        >
          {COPY[mode].submit}
        </Button>
      </Stack>
    </form>
  );
}

/** QR code, key and code form that turn 2FA on; also the operators' mandatory set-up (app/admin-routes.tsx). */
export function EnableContent({ onDone }: { onDone: () => void }) {
  const request = useTwoFactorRequest(true);
  if (request.isPending)
    return (
      <Center mih={200}>
        <Loader role="status" aria-label="Preparing your QR code" />
      </Center>
    );
  if (request.isError) return <FormError message={errorReason(request.error)} />;
  const { qr, secret } = request.data;
  return (
    <Stack gap="md">
      <Text size="sm">1. Scan this QR code with an authenticator app (Google Authenticator, Authy, 1Password…).</Text>
      <Center>
        <Image
          src={qr}
          alt="QR code for your authenticator app"
          w={180}
          h={180}
          fit="contain"
          data-testid="two-factor-qr"
        />
      </Center>
      <Stack gap={4}>
        <Text size="sm">Cannot scan it? Enter this key in the app instead:</Text>
        <Group gap="xs" wrap="nowrap">
          <Code fz="sm" data-testid="two-factor-secret" data-secret={secret} style={{ wordBreak: 'break-all' }}>
            {groupSecret(secret)}
          </Code>
          <CopyButton value={secret} timeout={1000}>
            {({ copied, copy }) => (
              <Button size="compact-xs" variant="default" onClick={copy} style={{ flexShrink: 0 }}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
      <Text size="sm">2. Enter the six-digit code the app shows.</Text>
      <CodeForm mode="enable" onDone={onDone} />
    </Stack>
  );
}

/** docs/product/account.md#settings: 2FA is turned on (QR code, then a code) or off (a code) in a modal. */
export function TwoFactorModal({ mode, opened, onClose }: { mode: Mode; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={COPY[mode].title} centered size="md" data-testid="two-factor-modal">
      {opened ? (
        mode === 'enable' ? (
          <EnableContent onDone={onClose} />
        ) : (
          <Stack gap="md">
            <Text size="sm">
              Enter a code from your authenticator app to turn two-factor authentication off. Your account will then be
              protected by your password only.
            </Text>
            <CodeForm mode="disable" onDone={onClose} />
          </Stack>
        )
      ) : null}
    </Modal>
  );
}
