import { ActionIcon, Group, Image, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import classes from './marketplace.module.css';
import { sizedImage } from '@cryptads/contract/image-widths';

/**
 * The listing's images (docs/product/marketplace.md#listing-detail): the chosen one large, the others as thumbnails; a click
 * opens it enlarged in a modal with previous/next (buttons and the arrow keys).
 */
export function ListingGallery({ title, images }: { title: string; images: string[] }) {
  const [current, setCurrent] = useState(0);
  const [opened, setOpened] = useState(false);
  const count = images.length;
  const step = (by: number) => setCurrent((i) => (i + by + count) % count);
  const altOf = (i: number) => (count > 1 ? `${title}, image ${i + 1} of ${count}` : title);

  useWindowEvent('keydown', (event) => {
    if (!opened || count < 2) return;
    if (event.key === 'ArrowLeft') step(-1);
    if (event.key === 'ArrowRight') step(1);
  });

  if (count === 0) return null;
  const src = images[current] ?? images[0];

  return (
    <Stack gap="sm" data-testid="listing-gallery">
      <button
        type="button"
        className={classes.galleryButton}
        onClick={() => setOpened(true)}
        aria-label={`Enlarge ${count > 1 ? `image ${current + 1} of ${count}` : 'the image'}`}
        data-testid="gallery-open"
      >
        <Image src={sizedImage(src, 720)} alt={altOf(current)} fit="cover" mah={420} radius="md" />
      </button>
      {count > 1 ? (
        <SimpleGrid cols={{ base: 4, sm: 5 }} spacing="xs">
          {images.map((image, i) => (
            <button
              key={image}
              type="button"
              className={classes.thumb}
              aria-current={i === current}
              aria-label={`Show image ${i + 1} of ${count}`}
              onClick={() => setCurrent(i)}
              data-testid="gallery-thumb"
            >
              <Image src={sizedImage(image, 120)} alt="" h={56} fit="cover" />
            </button>
          ))}
        </SimpleGrid>
      ) : null}
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={title}
        size="xl"
        centered
        data-testid="gallery-modal"
      >
        <Stack gap="sm">
          <Image
            src={sizedImage(src, 1280)}
            alt={altOf(current)}
            fit="contain"
            mah="70vh"
            radius="sm"
            data-testid="gallery-modal-image"
          />
          {count > 1 ? (
            <Group justify="space-between">
              <ActionIcon variant="default" size="lg" onClick={() => step(-1)} aria-label="Previous image">
                <IconChevronLeft size={20} aria-hidden />
              </ActionIcon>
              <Text size="sm" c="dimmed" aria-live="polite" data-testid="gallery-position">
                Image {current + 1} of {count}
              </Text>
              <ActionIcon variant="default" size="lg" onClick={() => step(1)} aria-label="Next image">
                <IconChevronRight size={20} aria-hidden />
              </ActionIcon>
            </Group>
          ) : null}
        </Stack>
      </Modal>
    </Stack>
  );
}
