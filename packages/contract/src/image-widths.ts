/**
 * The widths a stored image is served at (`/uploads/<key>?w=<width>`): resized, never enlarged,
 * as AVIF or WebP when the browser takes them. A fixed list keeps the variants few and cached.
 */
export const IMAGE_WIDTHS = [96, 192, 320, 480, 640, 960, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** The smallest listed width that covers `cssPixels` on a screen of density 2, else the largest. */
export function imageWidthFor(cssPixels: number): ImageWidth {
  const wanted = cssPixels * 2;
  return IMAGE_WIDTHS.find((w) => w >= wanted) ?? 1280;
}

/** `src` at the width that fits `cssPixels`, when it is one of our stored images; anything else as it is. */
export function sizedImage(src: string, cssPixels: number): string;
export function sizedImage(src: string | null | undefined, cssPixels: number): string | undefined;
export function sizedImage(src: string | null | undefined, cssPixels: number): string | undefined {
  if (!src) return undefined;
  return /^\/uploads\/[^?]+\.(png|jpg|webp)$/.test(src) ? `${src}?w=${imageWidthFor(cssPixels)}` : src;
}
