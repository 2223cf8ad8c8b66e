import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { todayUtc } from '@cryptads/contract/dates';
import { DeliverItemSchema, type IncomingItem } from '@cryptads/contract/marketplace';
import { MARKETPLACE_LIMITS as L } from '@cryptads/contract/marketplace-messages';
import { errorReason } from '../../../lib/api-client';
import { DayInput } from '../../../ui/day-input';
import { FormError } from '../../../ui/form-error';
import { useDeliverItem } from '../api/deliver-item';

type Values = { proofUrl: string; deliveryDate: string };
type Parsed = { proofUrl: string; deliveryDate?: string };
// An empty date means today: the schema takes it as absent.
const resolver = (async (values, context, options) =>
  zodResolver(DeliverItemSchema)(
    { ...values, deliveryDate: values.deliveryDate || undefined },
    context,
    options as never,
  )) as Resolver<Values, unknown, Parsed>;

/**
 * Deliver: the address of the published page and its publication day. The server reads the
 * page (live, links to the buyer's page, rel) and the card shows what it found.
 */
export function DeliverModal({ item, opened, onClose }: { item: IncomingItem; opened: boolean; onClose: () => void }) {
  const deliver = useDeliverItem(item.id);
  const today = todayUtc();
  const form = useForm<Values, unknown, Parsed>({ resolver, defaultValues: { proofUrl: '', deliveryDate: today } });
  const errors = form.formState.errors;

  const onSubmit = async (values: Parsed) => {
    try {
      await deliver.mutateAsync(values);
      onClose();
    } catch (error) {
      form.setError('root.server', { message: errorReason(error) });
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Deliver this order" centered data-testid="deliver-modal">
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
        <Stack gap="md">
          <Text size="sm">
            {item.listing.title}
            {item.targetUrl ? `: the page should link to ${item.targetUrl}.` : '.'} We check the page as soon as you
            send it.
          </Text>
          <TextInput
            label="Proof URL"
            description="The address of the published placement."
            placeholder="https://"
            type="url"
            withAsterisk
            maxLength={L.proofUrlMax}
            error={errors.proofUrl?.message}
            data-autofocus
            data-testid="deliver-proof-url"
            {...form.register('proofUrl')}
          />
          <Controller
            control={form.control}
            name="deliveryDate"
            render={({ field }) => (
              <DayInput
                label="Delivery date"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                maxDate={today}
                error={errors.deliveryDate?.message}
                data-testid="deliver-date"
                popoverProps={{ withinPortal: true }}
              />
            )}
          />
          <FormError message={errors.root?.server?.message} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Go Back
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting} data-testid="deliver-submit">
              Deliver
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
