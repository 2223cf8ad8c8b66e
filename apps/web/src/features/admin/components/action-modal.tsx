import { Button, Group, Modal, NumberInput, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';
import { ADMIN_MESSAGES } from '@cryptads/contract/admin-messages';
import type { QueueActionField } from '@cryptads/contract/admin-queues';
import { errorReason } from '../../../lib/api-client';
import { Notice } from '../../../ui/notice';

/** What an action asks for before it runs: a reason, a reference or a link, an amount in euros. */
export type ActionField = QueueActionField & {
  /** Euros only: a negative amount is allowed (an adjustment takes money off). */
  signed?: boolean;
};

/** What the person typed, trimmed; `euros` is null where the action asks for no amount. */
export type ActionValues = { reason: string; text: string; euros: number | null };

/** The answer of a money action that waits for a second operator (HTTP 202). */
export const isPendingApproval = (value: unknown): value is { pendingApproval: { id: number } } =>
  typeof value === 'object' && value !== null && 'pendingApproval' in value && Boolean(value.pendingApproval);

/** The audit trail's reason and the amount of an account's actions, as fields. */
export function accountFields(
  reason: 'required' | 'optional' | 'none' = 'none',
  amount: 'positive' | 'signed' | 'none' = 'none',
): ActionField[] {
  const fields: ActionField[] = [];
  if (amount !== 'none')
    fields.push({
      kind: 'euros',
      label: 'Amount (€)',
      description: amount === 'signed' ? 'A negative amount takes money off the balance.' : undefined,
      required: 'Enter an amount in euros.',
      signed: amount === 'signed',
    });
  if (reason !== 'none')
    fields.push({
      kind: 'reason',
      label: 'Reason',
      description: 'Kept in the audit trail.',
      required: reason === 'required' ? 'Give a reason.' : undefined,
    });
  return fields;
}

/** The first problem of each field, or nothing when the values can be sent. */
function problemsOf(fields: ActionField[], typed: Record<ActionField['kind'], string>) {
  const problems: Partial<Record<ActionField['kind'], string>> = {};
  for (const f of fields) {
    const value = typed[f.kind].trim();
    if (f.kind === 'euros') {
      const n = Number(value);
      if (value === '' || !Number.isFinite(n) || n === 0) problems.euros = f.required ?? 'Enter an amount in euros.';
      else if (!f.signed && n < 0) problems.euros = 'Enter a positive amount.';
    } else if (value === '' && f.required) problems[f.kind] = f.required;
  }
  return problems;
}

/**
 * Every back-office action asks first: what it does, and what the server needs (a reason,
 * a reference, an amount); the server's refusal is shown inside the modal, so the operator
 * reads it where they acted. A money action the server holds for a second operator ends with
 * that notice instead of closing; anything else closes it.
 */
export function ActionModal({
  opened = true,
  title,
  message,
  confirmLabel,
  fields = [],
  danger = false,
  onSubmit,
  onClose,
}: {
  opened?: boolean;
  title: string;
  /** What the modal says; a function reads what was typed so far (a transfer shows its amount). */
  message: ReactNode | ((values: ActionValues) => ReactNode);
  confirmLabel: string;
  fields?: ActionField[];
  danger?: boolean;
  onSubmit: (values: ActionValues) => Promise<unknown>;
  onClose: () => void;
}) {
  const titleId = useId();
  const [typed, setTyped] = useState<Record<ActionField['kind'], string>>({ reason: '', text: '', euros: '' });
  const [invalid, setInvalid] = useState<Partial<Record<ActionField['kind'], string>>>({});
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [waiting, setWaiting] = useState(false);

  const asks = (kind: ActionField['kind']) => fields.some((f) => f.kind === kind);
  const values: ActionValues = {
    reason: typed.reason.trim(),
    text: typed.text.trim(),
    euros: asks('euros') && typed.euros.trim() !== '' ? Number(typed.euros) : null,
  };
  const set = (kind: ActionField['kind'], value: string) => setTyped((t) => ({ ...t, [kind]: value }));

  const close = () => {
    setTyped({ reason: '', text: '', euros: '' });
    setInvalid({});
    setError(null);
    setWaiting(false);
    onClose();
  };

  const submit = async () => {
    const problems = problemsOf(fields, typed);
    setInvalid(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    setError(null);
    try {
      const result = await onSubmit(values);
      if (isPendingApproval(result)) setWaiting(true);
      else close();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  const input = (f: ActionField, first: boolean) => {
    const common = {
      key: f.kind,
      label: f.label,
      description: f.description,
      error: invalid[f.kind],
      required: f.kind === 'euros' || Boolean(f.required),
      'data-testid': `action-${f.kind}`,
      ...(first ? { 'data-autofocus': true } : {}),
    };
    if (f.kind === 'euros')
      return (
        <NumberInput
          {...common}
          value={typed.euros}
          onChange={(v) => set('euros', String(v))}
          decimalScale={2}
          prefix="€"
          thousandSeparator=","
          allowNegative={Boolean(f.signed)}
          hideControls
        />
      );
    if (f.kind === 'text')
      return (
        <TextInput
          {...common}
          value={typed.text}
          onChange={(e) => set('text', e.currentTarget.value)}
          maxLength={2000}
        />
      );
    return (
      <Textarea
        {...common}
        value={typed.reason}
        onChange={(e) => set('reason', e.currentTarget.value)}
        rows={3}
        maxLength={500}
      />
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      centered
      size="md"
      title={<span id={titleId}>{title}</span>}
      aria-labelledby={titleId}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!waiting) void submit();
        }}
        noValidate
      >
        <Stack gap="md" data-testid="action-modal">
          <Text size="sm" component="div">
            {typeof message === 'function' ? message(values) : message}
          </Text>
          {waiting ? (
            <Notice color="blue" role="status" title="Sent for approval" data-testid="action-pending">
              {ADMIN_MESSAGES.pendingApproval}
            </Notice>
          ) : (
            <>
              {fields.map((f, n) => input(f, n === 0))}
              {error ? (
                <Notice color="red" role="alert" title="The server refused" data-testid="action-error">
                  {errorReason(error)}
                </Notice>
              ) : null}
            </>
          )}
          <Group justify="flex-end" gap="sm">
            {waiting ? (
              <Button onClick={close} data-autofocus>
                Close
              </Button>
            ) : (
              <>
                <Button variant="default" onClick={close} {...(fields.length ? {} : { 'data-autofocus': true })}>
                  Cancel
                </Button>
                <Button type="submit" color={danger ? 'red.9' : undefined} loading={busy} data-testid="action-confirm">
                  {confirmLabel}
                </Button>
              </>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
