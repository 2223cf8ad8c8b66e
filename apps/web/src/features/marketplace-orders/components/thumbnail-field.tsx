import { FileInput, Group, Image, Loader, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { forwardRef, useState } from 'react';
import { checkThumbnail, THUMBNAIL_TYPES } from '../lib/thumbnail';

type Icon = { name: string; resource: string };

/**
 * The cover thumbnail (docs/product/marketplace.md#request-a-listing): the file is checked in the browser (an image, at most
 * 300 KB, exactly 128x128) and kept as a data URL; a file that fails keeps nothing and says why.
 */
export const ThumbnailField = forwardRef<
  HTMLButtonElement,
  { value: Icon | null; onChange: (icon: Icon | null) => void }
>(function ThumbnailField({ value, onChange }, ref) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const choose = async (next: File | null) => {
    setFile(next);
    setError(null);
    onChange(null);
    if (!next) return;
    setChecking(true);
    try {
      const result = await checkThumbnail(next);
      if (result.ok) onChange(result.icon);
      else setError(result.message);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setChecking(false);
    }
  };

  return (
    <Group align="flex-start" gap="md" wrap="nowrap">
      <FileInput
        ref={ref}
        label="Cover thumbnail"
        description="A 128x128 image (PNG, JPEG, GIF or WebP), at most 300 KB."
        placeholder="Choose an image"
        withAsterisk
        accept={THUMBNAIL_TYPES.join(',')}
        value={file}
        onChange={(f) => void choose(f)}
        clearable
        clearButtonProps={{ 'aria-label': 'Remove the thumbnail' }}
        error={error}
        leftSection={checking ? <Loader size={14} /> : <IconPhoto size={16} aria-hidden />}
        style={{ flex: 1 }}
        data-testid="listing-thumbnail"
      />
      {value ? (
        <Image
          src={value.resource}
          alt="Thumbnail preview"
          w={64}
          h={64}
          radius="md"
          mt={42}
          data-testid="thumbnail-preview"
        />
      ) : null}
      {!value && !error && !checking ? (
        <Text size="xs" c="dimmed" mt={46} w={64} ta="center" aria-hidden>
          128×128
        </Text>
      ) : null}
    </Group>
  );
});
