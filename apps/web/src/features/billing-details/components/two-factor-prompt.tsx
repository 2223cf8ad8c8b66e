import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { type TwoFactorCodeInput, TwoFactorCodeInputSchema } from '@cryptads/contract/auth';
import { CodeInput } from '../../../ui/code-input';
import { FormError } from '../../../ui/form-error';

/**
 * The 2FA code a withdraw save asks for (docs/product/billing.md#withdraw-options: 400 with code 32 or 33 opens it).
 * `error` is the server's reason after a wrong code (33).
 */
export function TwoFactorPrompt({
  opened,
  error,
  loading,
  onSubmit,
  onClose,
}: {
  opened: boolean;
  error: string | null;
  loading: boolean;
  onSubmit: (code: string) => void;
  onClose: () => void;
}) {
  const form = useForm<TwoFactorCodeInput>({
    resolver: zodResolver(TwoFactorCodeInputSchema),
    defaultValues: { code: '' },
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Two-factor authentication" centered>
      <form
        onSubmit={form.handleSubmit((values) => {
          form.reset({ code: '' });
          onSubmit(values.code);
        })}
        noValidate
        data-testid="withdraw-two-factor"
      >
        <Stack gap="md">
          <Text size="sm">Enter the code from your authenticator app to save your withdraw options.</Text>
          <Controller
            control={form.control}
            name="code"
            render={({ field, fieldState }) => (
              <CodeInput
                label="Six-digit code"
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
                autoFocus
                data-testid="withdraw-two-factor-code"
              />
            )}
          />
          <FormError message={error} />
          <Button type="submit" loading={loading} data-testid="withdraw-two-factor-submit">
            Confirm
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
