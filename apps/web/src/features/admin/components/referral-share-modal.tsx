import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { isValidPreferredShare, REFERRAL_PREFERRED_SHARE_MAX } from '@cryptads/contract/referral';
import { errorReason } from '../../../lib/api-client';
import { Notice } from '../../../ui/notice';

/**
 * Sets (or clears) an account's preferred referral share, like `referral share <email>
 * <percent|off>`: a percent above 0 and at most 10 with two decimals at most. The server's
 * refusal is shown inside the modal.
 */
export function ReferralShareModal({
  current,
  onSubmit,
  onClose,
}: {
  current: number | null;
  onSubmit: (percent: number | null) => Promise<unknown>;
  onClose: () => void;
}) {
  const [value, setValue] = useState<number | string>(current ?? '');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState<'set' | 'clear' | null>(null);

  const send = async (percent: number | null) => {
    setBusy(percent === null ? 'clear' : 'set');
    setError(null);
    try {
      await onSubmit(percent);
      onClose();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(null);
    }
  };

  const set = () => {
    const percent = typeof value === 'number' ? value : Number.NaN;
    if (!isValidPreferredShare(percent)) {
      setInvalid(`Enter a percent above 0 and at most ${REFERRAL_PREFERRED_SHARE_MAX}.`);
      return;
    }
    setInvalid(null);
    void send(percent);
  };

  return (
    <Modal opened onClose={onClose} centered title="Set the referral share">
      <Stack gap="sm" data-testid="referral-share-modal">
        <Text size="sm">
          A preferred share, in percent, agreed with a partner (up to {REFERRAL_PREFERRED_SHARE_MAX} %). Clear it to
          return the account to the standard referral terms.
        </Text>
        <NumberInput
          label="Share (%)"
          value={value}
          onChange={setValue}
          decimalScale={2}
          min={0}
          max={REFERRAL_PREFERRED_SHARE_MAX}
          allowNegative={false}
          clampBehavior="none"
          error={invalid}
          data-testid="referral-share-percent"
        />
        {error ? (
          <Notice color="red" role="alert" title="The server refused" data-testid="action-error">
            {errorReason(error)}
          </Notice>
        ) : null}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose} data-autofocus>
            Go Back
          </Button>
          {current !== null ? (
            <Button
              variant="default"
              color="red.9"
              onClick={() => void send(null)}
              loading={busy === 'clear'}
              disabled={busy === 'set'}
              data-testid="referral-share-clear"
            >
              Clear share
            </Button>
          ) : null}
          <Button onClick={set} loading={busy === 'set'} disabled={busy === 'clear'} data-testid="referral-share-set">
            Set share
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
