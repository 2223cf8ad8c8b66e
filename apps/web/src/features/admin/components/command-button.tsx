import { ADMIN_MESSAGES } from '@cryptads/contract/admin-messages';
import { Button, Code, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import type { AdminCommandResult } from '@cryptads/contract/endpoints/admin';
import { errorReason } from '../../../lib/api-client';
import { Notice } from '../../../ui/notice';
import { adminKeys } from '../api/keys';

/**
 * A button for an operator command that is not about one row (run the payouts, retry every
 * dead letter, check the ledger): a confirmation, then the command's output (or its refusal,
 * which for the ledger check is the report) in the modal, as the command line prints it.
 */
export function CommandButton({
  label,
  title,
  message,
  field,
  run,
  testId,
  variant = 'default',
}: {
  label: string;
  title: string;
  message: ReactNode;
  /** An optional text the command takes (e.g. the payout day); sent only when filled in. */
  field?: { label: string; description?: string; placeholder?: string };
  run: (value: string | undefined) => Promise<AdminCommandResult>;
  testId: string;
  variant?: 'default' | 'filled';
}) {
  const queryClient = useQueryClient();
  const titleId = useId();
  const [opened, setOpened] = useState(false);
  const [value, setValue] = useState('');
  const mutation = useMutation({
    mutationFn: () => run(value.trim() || undefined),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
  const close = () => {
    setOpened(false);
    setValue('');
    mutation.reset();
  };
  const result = mutation.data;

  return (
    <>
      <Button variant={variant} onClick={() => setOpened(true)} data-testid={testId}>
        {label}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        centered
        size="lg"
        title={<span id={titleId}>{title}</span>}
        aria-labelledby={titleId}
        data-testid={`${testId}-modal`}
      >
        {result ? (
          <Stack gap="md">
            {'pendingApproval' in result ? (
              <Notice color="blue" role="status" data-testid="pending-approval">
                {ADMIN_MESSAGES.pendingApproval}
              </Notice>
            ) : (
              <Code block data-testid="command-output" style={{ whiteSpace: 'pre-wrap' }}>
                {result.output || `${label}: done.`}
              </Code>
            )}
            <Group justify="flex-end">
              <Button onClick={close} data-autofocus>
                Close
              </Button>
            </Group>
          </Stack>
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              mutation.mutate();
            }}
            noValidate
          >
            <Stack gap="md">
              <Text size="sm" component="div">
                {message}
              </Text>
              {field ? (
                <TextInput
                  label={field.label}
                  description={field.description}
                  placeholder={field.placeholder}
                  value={value}
                  onChange={(e) => setValue(e.currentTarget.value)}
                  maxLength={10}
                  data-testid="command-field"
                />
              ) : null}
              {mutation.isError ? (
                <Notice color="red" role="alert" data-testid="command-error">
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {errorReason(mutation.error)}
                  </Text>
                </Notice>
              ) : null}
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={close} {...(field ? {} : { 'data-autofocus': true })}>
                  Cancel
                </Button>
                <Button type="submit" loading={mutation.isPending} data-testid="command-confirm">
                  {label}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
    </>
  );
}
