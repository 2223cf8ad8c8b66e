import { Card, Grid, Group, Image, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { CAMPAIGN_LIMITS as L } from '@cryptads/contract/campaign-messages';
import { registerTrimmed } from '../../../ui/trim-on-blur';
import type { UploadedImage, WizardValues } from '../lib/wizard';
import classes from './campaigns.module.css';
import { NativeAdPreview } from './native-ad-preview';
import { UploadErrors, UploadInput } from './upload-input';

const TEXTS = [
  { name: 'title', label: 'Title', max: L.titleMax },
  { name: 'smallDescription', label: 'Short description', max: L.smallDescriptionMax },
  { name: 'longDescription', label: 'Long description', max: L.longDescriptionMax, area: true },
  { name: 'callToAction', label: 'Call to action', max: L.callToActionMax },
  { name: 'destinationWebsite', label: 'Display URL', max: L.destinationWebsiteMax },
  { name: 'serviceName', label: 'Brand name', max: L.serviceNameMax },
] as const;

function ImageField({
  purpose,
  label,
  value,
  onChange,
  error,
  disabled,
}: {
  purpose: 'thumbnail' | 'cover';
  label: string;
  value: UploadedImage | null;
  onChange: (v: UploadedImage) => void;
  error?: string;
  disabled?: boolean;
}) {
  const [messages, setMessages] = useState<string[]>([]);
  return (
    <Stack gap={6}>
      <UploadInput
        purpose={purpose}
        label={label}
        hint={purpose === 'thumbnail' ? 'Exactly 128x128 pixels, no GIF.' : 'Exactly 800x600 pixels, no GIF.'}
        disabled={disabled}
        testId={`${purpose}-upload`}
        onUploaded={(file) => {
          onChange(file);
          return null;
        }}
        onErrors={setMessages}
      />
      <UploadErrors messages={messages} />
      {error ? (
        <Text size="sm" c="red.9" role="alert">
          {error}
        </Text>
      ) : null}
      {value ? (
        <Group gap="xs" data-testid={`${purpose}-uploaded`}>
          <Image src={value.url} alt={`${label} uploaded`} w={64} className={classes.creativeThumb} />
          <Text size="xs" c="dimmed">
            {value.name} ({value.width}x{value.height})
          </Text>
        </Group>
      ) : null}
    </Stack>
  );
}

/** The native ad's texts and images (docs/product/campaigns.md#creatives "Native creatives") with a live preview. */
export function NativeFields({ form, disabled }: { form: UseFormReturn<WizardValues>; disabled?: boolean }) {
  const native = useWatch({ control: form.control, name: 'native' });
  const errors = form.formState.errors.native;
  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="md">
          {TEXTS.map((t) => {
            const Input = 'area' in t ? Textarea : TextInput;
            const length = native[t.name].length;
            return (
              <Input
                key={t.name}
                label={t.label}
                withAsterisk
                description={`${length}/${t.max} characters, English only.`}
                disabled={disabled}
                error={errors?.[t.name]?.message}
                data-testid={`field-native-${t.name}`}
                {...registerTrimmed(form, `native.${t.name}`)}
              />
            );
          })}
          <ImageField
            purpose="thumbnail"
            label="Thumbnail (128x128)"
            value={native.thumbnail}
            onChange={(v) => form.setValue('native.thumbnail', v, { shouldDirty: true, shouldValidate: true })}
            error={errors?.thumbnail?.message}
            disabled={disabled}
          />
          <ImageField
            purpose="cover"
            label="Cover image (800x600)"
            value={native.cover}
            onChange={(v) => form.setValue('native.cover', v, { shouldDirty: true, shouldValidate: true })}
            error={errors?.cover?.message}
            disabled={disabled}
          />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Card withBorder radius="md" padding="md" pos="sticky" top={80}>
          <Text fw={600} size="sm" mb="sm">
            Live preview
          </Text>
          <NativeAdPreview ad={{ ...native, thumbnailUrl: native.thumbnail?.url, coverUrl: native.cover?.url }} />
        </Card>
      </Grid.Col>
    </Grid>
  );
}
