import { describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, imageWidthFor, sizedImage } from './image-widths';

describe('sizedImage', () => {
  it('asks for the smallest listed width that covers twice the drawn size', () => {
    expect(imageWidthFor(48)).toBe(96);
    expect(imageWidthFor(64)).toBe(192);
    expect(imageWidthFor(400)).toBe(960);
    expect(imageWidthFor(5000)).toBe(1280);
    for (const css of [1, 50, 160, 321, 700]) expect(IMAGE_WIDTHS).toContain(imageWidthFor(css));
  });

  it('sizes our stored pictures only', () => {
    expect(sizedImage('/uploads/abc.png', 400)).toBe('/uploads/abc.png?w=960');
    expect(sizedImage('/uploads/abc.jpg', 48)).toBe('/uploads/abc.jpg?w=96');
    expect(sizedImage('/uploads/abc.gif', 400)).toBe('/uploads/abc.gif');
    expect(sizedImage('https://cdn.example/abc.png', 400)).toBe('https://cdn.example/abc.png');
    expect(sizedImage(null, 400)).toBeUndefined();
  });
});
