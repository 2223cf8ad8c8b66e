import { Image } from '@mantine/core';
import { sizedImage } from '@cryptads/contract/image-widths';

/** A listing's picture beside its title (decorative: the title names it). */
export function ListingThumb({ src, size = 64 }: { src: string; size?: number }) {
  return (
    <Image src={sizedImage(src, size)} alt="" w={size} h={size} radius="md" fit="cover" style={{ flexShrink: 0 }} />
  );
}
