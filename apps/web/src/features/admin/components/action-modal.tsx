import { ADMIN_MESSAGES } from '@cryptads/contract/admin-messages';
import { Button, Group, Modal, NumberInput, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import type { AdminCommandResult } from '@cryptads/contract/endpoints/admin';
import { errorReason } from '../../../lib/api-client';
import { FormError } from '../../../ui/form-error';
import { Notice } from '../../../ui/notice';
import { adminKeys } from '../api/keys';

/** What an action asks for before it runs (a reason, a reference, the euros received, a proof link). */
export type ActionField = {
  kind: 'reason' | 'text' | 'euros';
  label: string;
  description?: string;
  /** The reason of an empty or invalid value (from the contract's messages). */
  required?: string;
};

/** One button of a row (or of the bulk bar): a confirmation, and the call it makes. */
export type QueueAction<T> = {
  key: string;
  label: string;
  /** A red confirm button for what refuses, fails or takes money back. */
  danger?: boolean;
  title: (row: T) => string;
  /** What the modal says; `value` is what the person typed so far (the transfer shows its amount). */
  message: (row: T, value: string) => ReactNode;
  field?: ActionField;
  run: (row: T, value: string) => Promise<AdminCommandResult>;
  /** Shown for every row when omitted. */
  visible?: (row: T) => boolean;
};

/**
 * Confirmation of one action: the server's error stays in the modal; a 202 pendingApproval
 * answer says a second operator must approve it; anything else closes it with the command's output.
 */
export function ActionModal<T>({
  row,
  action,
  onClose,
  onDone,
}: {
  row: T;
  action: QueueAction<T>;
  onClose: () => void;
  /** The command went through: what it answered, for the screen to say. */
  onDone: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const titleId = useId();
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const mutation = useMutation({
    mutationFn: () => action.run(row, value.trim()),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      if ('pendingApproval' in result) {
        setPending(true);
        return;
      }
      onClose();
      onDone(result.output || `${action.label}: done.`);
    },
  });

  const submit = () => {
    setFieldError(null);
    const field = action.field;
    if (field) {
      const trimmed = value.trim();
      const invalid = field.kind === 'euros' ? !(Number(trimmed) > 0) : trimmed === '';
      if (invalid && field.required) {
        setFieldError(field.required);
        return;
      }
    }
    mutation.mutate();
  };

  return (
    <Modal
      opened
      onClose={onClose}
      centered
      size="md"
      title={<span id={titleId}>{action.title(row)}</span>}
      aria-labelledby={titleId}
      data-testid="queue-action-modal"
    >
      {pending ? (
        <Stack gap="md">
          <Notice color="blue" role="status" data-testid="pending-approval">
            {ADMIN_MESSAGES.pendingApproval}
          </Notice>
          <Button onClick={onClose} data-autofocus>
            Close
          </Button>
        </Stack>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
          noValidate
        >
          <Stack gap="md">
            <Text size="sm" component="div">
              {action.message(row, value.trim())}
            </Text>
            {action.field?.kind === 'reason' ? (
              <Textarea
                label={action.field.label}
                description={action.field.description}
                value={value}
                onChange={(e) => setValue(e.currentTarget.value)}
                error={fieldError}
                rows={3}
                maxLength={500}
                required={Boolean(action.field.required)}
                data-autofocus
                data-testid="action-field"
              />
            ) : action.field?.kind === 'text' ? (
              <TextInput
                label={action.field.label}
                description={action.field.description}
                value={value}
                onChange={(e) => setValue(e.currentTarget.value)}
                error={fieldError}
                maxLength={2000}
                required={Boolean(action.field.required)}
                data-autofocus
                data-testid="action-field"
              />
            ) : action.field?.kind === 'euros' ? (
              <NumberInput
                label={action.field.label}
                description={action.field.description}
                value={value}
                onChange={(v) => setValue(String(v))}
                error={fieldError}
                min={0}
                decimalScale={2}
                prefix="€"
                thousandSeparator=","
                hideControls
                required
                data-autofocus
                data-testid="action-field"
              />
            ) : null}
            <FormError message={mutation.isError ? errorReason(mutation.error) : null} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose} {...(action.field ? {} : { 'data-autofocus': true })}>
                Cancel
              </Button>
              <Button
                type="submit"
                color={action.danger ? 'red.9' : undefined}
                loading={mutation.isPending}
                data-testid="action-confirm"
              >
                {action.label}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
