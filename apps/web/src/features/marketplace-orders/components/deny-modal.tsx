import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { DenyItemSchema, type IncomingItem } from '@cryptads/contract/marketplace';
import { MARKETPLACE_LIMITS as L } from '@cryptads/contract/marketplace-messages';
import { formatEuros } from '@cryptads/contract/money';
import { errorReason } from '../../../lib/api-client';
import { FormError } from '../../../ui/form-error';
import { showSuccess } from '../../../ui/status-store';
import { useDenyItem } from '../api/deny-item';

type Values = { reason: string };
const resolver = zodResolver(DenyItemSchema);

/** Deny with a reason the buyer reads; the buyer's money goes back to their balance. */
export function DenyModal({ item, opened, onClose }: { item: IncomingItem; opened: boolean; onClose: () => void }) {
  const deny = useDenyItem(item.id);
  const form = useForm<Values>({ resolver, defaultValues: { reason: '' } });
  const errors = form.formState.errors;

  const onSubmit = async ({ reason }: Values) => {
    try {
      await deny.mutateAsync(reason);
      onClose();
      showSuccess(`The order is denied and ${formatEuros(item.price)} is returned to the buyer.`);
    } catch (error) {
      form.setError('root.server', { message: errorReason(error) });
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Deny this order" centered data-testid="deny-modal">
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
        <Stack gap="md">
          <Text size="sm">
            {item.listing.title}: the buyer is refunded {formatEuros(item.price)} and reads your reason.
          </Text>
          <Textarea
            label="Reason"
            withAsterisk
            rows={3}
            maxLength={L.rejectReasonMax}
            error={errors.reason?.message}
            data-autofocus
            data-testid="deny-reason"
            {...form.register('reason')}
          />
          <FormError message={errors.root?.server?.message} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Go Back
            </Button>
            <Button type="submit" color="red.9" loading={form.formState.isSubmitting} data-testid="deny-submit">
              Deny Order
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
