import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { WEBSITE_MESSAGES, type Zone, ZoneAliasSchema } from '@cryptads/contract/websites';
import { errorReason } from '../../../lib/api-client';
import { showError, showSuccess } from '../../../ui/status-store';
import { useUpdateWebsite } from '../api/update-website';
import { CopyBlock } from '../../../ui/copy-block';

/** The Get Code modal (docs/product/websites.md#ad-codes): the zone's ad code(s) from the API, each with Copy. */
export function ZoneCodeModal({ zone, onClose }: { zone: Zone | null; onClose: () => void }) {
  return (
    <Modal opened={zone !== null} onClose={onClose} title={zone ? `Ad code: ${zone.alias}` : ''} size="lg" centered>
      {zone ? (
        <Stack gap="md" data-testid="zone-code-modal">
          <Text size="sm" c="dimmed">
            Paste this code into your page where the ad should appear. It serves ads once the page is live.
          </Text>
          {zone.snippets.map((snippet) => (
            <CopyBlock
              key={snippet.variant}
              label={snippet.label}
              value={snippet.code}
              testId={`zone-snippet-${snippet.variant}`}
            />
          ))}
        </Stack>
      ) : null}
    </Modal>
  );
}

const AliasFormSchema = z.object({ alias: ZoneAliasSchema });
type AliasFormInput = z.input<typeof AliasFormSchema>;
type AliasFormOutput = z.output<typeof AliasFormSchema>;

/** The alias-editing modal (docs/product/websites.md#ad-codes: at most 100 characters). */
export function ZoneAliasModal({
  websiteId,
  zone,
  onClose,
}: {
  websiteId: number;
  zone: Zone | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={zone !== null} onClose={onClose} title="Edit zone alias" centered>
      {/* A fresh form per zone, so the field starts from that zone's alias. */}
      {zone ? <AliasForm key={zone.unique} websiteId={websiteId} zone={zone} onClose={onClose} /> : null}
    </Modal>
  );
}

function AliasForm({ websiteId, zone, onClose }: { websiteId: number; zone: Zone; onClose: () => void }) {
  const update = useUpdateWebsite(websiteId);
  const form = useForm<AliasFormInput, unknown, AliasFormOutput>({
    resolver: zodResolver(AliasFormSchema),
    defaultValues: { alias: zone.alias },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = async ({ alias }: AliasFormOutput) => {
    try {
      await update.mutateAsync({ aliases: { [zone.unique]: alias } });
      onClose();
      showSuccess(WEBSITE_MESSAGES.aliasSaved);
    } catch (error) {
      showError(errorReason(error));
    }
  };

  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate data-testid="zone-alias-form">
      <Stack gap="md">
        <TextInput
          label="Zone alias"
          description="A name that helps you recognise this zone in your reports."
          error={errors.alias?.message}
          data-autofocus
          data-testid="zone-alias-input"
          {...form.register('alias')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting} data-testid="zone-alias-save">
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
