import { ADMIN_MESSAGES } from '@cryptads/contract/admin-messages';
import { Button, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { errorReason } from '../../../lib/api-client';
import { Notice } from '../../../ui/notice';

/** The answer of a money action that waits for a second operator (HTTP 202). */
export const WAITING_FOR_APPROVAL = ADMIN_MESSAGES.pendingApproval;

export type ActionInput = { reason: string; euros: number | null };

export const isPendingApproval = (value: unknown): value is { pendingApproval: { id: number } } =>
  typeof value === 'object' && value !== null && 'pendingApproval' in value && Boolean(value.pendingApproval);

/**
 * Every back-office action asks first: what it does, a reason when the server wants one,
 * an amount for money actions; the server's refusal is shown inside the modal, so the
 * operator reads it where they acted. A money action the server holds for a second
 * operator ends with that notice instead of closing.
 */
export function ActionModal({
  opened,
  title,
  message,
  confirmLabel,
  reason = 'none',
  amount = 'none',
  danger = false,
  onSubmit,
  onClose,
}: {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  reason?: 'required' | 'optional' | 'none';
  /** 'signed' lets the amount be negative (an adjustment); 'positive' does not. */
  amount?: 'positive' | 'signed' | 'none';
  danger?: boolean;
  onSubmit: (input: ActionInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const [text, setText] = useState('');
  const [euros, setEuros] = useState<number | string>('');
  const [error, setError] = useState<unknown>(null);
  const [invalid, setInvalid] = useState<{ reason?: string; euros?: string }>({});
  const [busy, setBusy] = useState(false);
  const [waiting, setWaiting] = useState(false);

  const close = () => {
    setText('');
    setEuros('');
    setError(null);
    setInvalid({});
    setWaiting(false);
    onClose();
  };

  const submit = async () => {
    const problems: { reason?: string; euros?: string } = {};
    if (reason === 'required' && !text.trim()) problems.reason = 'Give a reason.';
    const value = typeof euros === 'number' ? euros : Number.NaN;
    if (amount !== 'none') {
      if (!Number.isFinite(value) || value === 0) problems.euros = 'Enter an amount in euros.';
      else if (amount === 'positive' && value < 0) problems.euros = 'Enter a positive amount.';
    }
    setInvalid(problems);
    if (problems.reason || problems.euros) return;
    setBusy(true);
    setError(null);
    try {
      const result = await onSubmit({ reason: text.trim(), euros: amount === 'none' ? null : value });
      if (isPendingApproval(result)) setWaiting(true);
      else close();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} centered title={title}>
      <Stack gap="sm" data-testid="action-modal">
        <Text size="sm">{message}</Text>
        {waiting ? (
          <Notice color="blue" title="Sent for approval" data-testid="action-pending">
            {WAITING_FOR_APPROVAL}
          </Notice>
        ) : (
          <>
            {amount !== 'none' ? (
              <NumberInput
                label="Amount (€)"
                description={amount === 'signed' ? 'A negative amount takes money off the balance.' : undefined}
                value={euros}
                onChange={setEuros}
                decimalScale={2}
                allowNegative={amount === 'signed'}
                error={invalid.euros}
                required
                data-testid="action-euros"
              />
            ) : null}
            {reason !== 'none' ? (
              <Textarea
                label="Reason"
                description="Kept in the audit trail."
                value={text}
                onChange={(e) => setText(e.currentTarget.value)}
                error={invalid.reason}
                required={reason === 'required'}
                rows={3}
                data-testid="action-reason"
              />
            ) : null}
            {error ? (
              <Notice color="red" role="alert" title="The server refused" data-testid="action-error">
                {errorReason(error)}
              </Notice>
            ) : null}
          </>
        )}
        <Group justify="flex-end" mt="xs">
          {waiting ? (
            <Button onClick={close} data-autofocus>
              Close
            </Button>
          ) : (
            <>
              <Button variant="default" onClick={close} data-autofocus>
                Go Back
              </Button>
              <Button
                color={danger ? 'red.9' : undefined}
                onClick={() => void submit()}
                loading={busy}
                data-testid="action-confirm"
              >
                {confirmLabel}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
