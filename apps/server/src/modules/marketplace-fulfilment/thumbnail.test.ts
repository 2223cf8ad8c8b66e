import { describe, expect, it } from 'vitest';
import { MARKETPLACE_MESSAGES as M } from '@cryptads/contract/marketplace-messages';
import { encodeGif, encodeGreyJpeg, noisePng } from '../../lib/image-encode';
import { checkThumbnail, probeWebp } from './thumbnail';
import { webpHeader } from './test-helpers';

const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;
const thumb = (resource: string, name = 'thumb') => ({ name, resource });

describe('the listing thumbnail, checked by content', () => {
  it('accepts PNG, JPEG and GIF of exactly 128x128, as a data URL or bare base64', () => {
    expect(checkThumbnail(thumb(dataUrl(noisePng(128, 128)), 'logo.png'))).toMatchObject({
      type: 'png',
      extension: 'png',
    });
    expect(checkThumbnail(thumb(encodeGreyJpeg(128, 128).toString('base64'), 'logo.jpeg'))).toMatchObject({
      type: 'jpeg',
      extension: 'jpg',
    });
    expect(checkThumbnail(thumb(dataUrl(encodeGif(128, 128), 'image/gif')))).toMatchObject({ type: 'gif' });
  });

  it('reads WebP sizes from VP8X, VP8 and VP8L headers', () => {
    for (const kind of ['VP8X', 'VP8 ', 'VP8L'] as const) {
      expect(probeWebp(webpHeader(kind, 128, 128))).toEqual({ width: 128, height: 128 });
      expect(probeWebp(webpHeader(kind, 300, 250))).toEqual({ width: 300, height: 250 });
    }
    expect(checkThumbnail(thumb(dataUrl(webpHeader('VP8L', 128, 128), 'image/webp'), 't.webp'))).toMatchObject({
      type: 'webp',
      extension: 'webp',
    });
  });

  it('refuses another size with the spec’s message', () => {
    expect(() => checkThumbnail(thumb(dataUrl(noisePng(128, 127))))).toThrow(M.thumbnailSize);
    expect(() => checkThumbnail(thumb(dataUrl(webpHeader('VP8X', 256, 256))))).toThrow(M.thumbnailSize);
  });

  it('refuses more than 300 KB decoded with the spec’s message', () => {
    const padded = Buffer.concat([noisePng(128, 128), Buffer.alloc(300 * 1024)]);
    expect(() => checkThumbnail(thumb(padded.toString('base64')))).toThrow(M.thumbnailTooLarge);
  });

  it('refuses what is not an image, whatever its name or claimed type says', () => {
    const text = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128"/>');
    expect(() => checkThumbnail(thumb(dataUrl(text, 'image/png'), 'logo.png'))).toThrow(M.invalidFileFormat);
    expect(() => checkThumbnail(thumb('not base64 at all!'))).toThrow(M.invalidFileFormat);
    expect(() => checkThumbnail(thumb('data:image/png,rawbytes'))).toThrow(M.invalidFileFormat);
    // A GIF named .png is a renamed file.
    expect(() => checkThumbnail(thumb(dataUrl(encodeGif(128, 128)), 'logo.png'))).toThrow(M.invalidFileFormat);
  });
});
