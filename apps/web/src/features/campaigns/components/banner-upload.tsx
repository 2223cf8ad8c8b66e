import { ActionIcon, Card, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { CAMPAIGN_MESSAGES } from '@cryptads/contract/campaign-messages';
import type { UploadedImage } from '../lib/wizard';
import classes from './campaigns.module.css';
import { UploadErrors, UploadInput } from './upload-input';

/**
 * Banners of a display campaign: upload, see each with its size, remove. A size can be
 * used once (including the campaign's existing creatives, `takenSizes`).
 */
export function BannerUpload({
  value,
  onChange,
  trafficType,
  takenSizes = [],
  error,
  disabled,
}: {
  value: UploadedImage[];
  onChange: (banners: UploadedImage[]) => void;
  trafficType: number;
  takenSizes?: string[];
  error?: string;
  disabled?: boolean;
}) {
  const [messages, setMessages] = useState<string[]>([]);
  // The list grows while several files upload one after the other.
  let current = value;
  return (
    <Stack gap="sm">
      <UploadInput
        purpose="banner"
        label="Drop your banners here"
        hint="300x250, 728x90, 160x600, 300x600, 320x100 or 320x50 (or twice the size for Retina)."
        multiple
        trafficType={trafficType === 1 ? 1 : 0}
        disabled={disabled}
        testId="banner-upload"
        onUploaded={(file) => {
          if (takenSizes.includes(file.size) || current.some((b) => b.size === file.size))
            return CAMPAIGN_MESSAGES.bannerSizeTwice(file.size);
          current = [...current, file];
          onChange(current);
          return null;
        }}
        onErrors={(m) => {
          current = value;
          setMessages(m);
        }}
      />
      <UploadErrors messages={messages} />
      {error ? (
        <Text size="sm" c="red.9" role="alert">
          {error}
        </Text>
      ) : null}
      {value.length ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} data-testid="banner-list">
          {value.map((b) => (
            <Card key={b.resource} withBorder padding="sm" data-testid={`banner-${b.size}`}>
              <Stack gap={6}>
                <Image src={b.url} alt={`Banner ${b.size}`} className={classes.creativeThumb} />
                <Group justify="space-between" wrap="nowrap">
                  <Stack gap={0} miw={0}>
                    <Text fw={600} size="sm">
                      {b.size}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {b.name}
                    </Text>
                  </Stack>
                  <ActionIcon
                    variant="subtle"
                    color="red.9"
                    aria-label={`Remove banner ${b.size}`}
                    disabled={disabled}
                    onClick={() => onChange(value.filter((x) => x.resource !== b.resource))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
