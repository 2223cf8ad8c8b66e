import jpeg from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { decodesFully } from './image-decode';
import { encodeGif, encodeGreyJpeg, encodePng, noisePng } from './image-encode';

const cut = (b: Buffer, keep: number) => Buffer.from(b.subarray(0, keep));

/** A real (non-trivial) baseline JPEG: noise encoded by jpeg-js. */
function noiseJpeg(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < data.length; i++) data[i] = (i * 37 + (i >> 7)) & 0xff;
  return Buffer.from(jpeg.encode({ data, width, height }, 85).data);
}

/** A WebP container: RIFF header and one chunk of `payload` bytes. */
function webp(payload: number): Buffer {
  const chunk = Buffer.alloc(8 + payload + (payload & 1));
  chunk.write('VP8L', 0, 'latin1');
  chunk.writeUInt32LE(payload, 4);
  const head = Buffer.alloc(12);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(4 + chunk.length, 4);
  head.write('WEBP', 8, 'latin1');
  return Buffer.concat([head, chunk]);
}

describe('decodesFully', () => {
  it('decodes complete PNG, JPEG, GIF and WebP files', () => {
    expect(
      decodesFully(
        encodePng(300, 250, (x, y) => [x % 256, y % 256, 7]),
        'png',
      ),
    ).toBe(true);
    expect(decodesFully(noisePng(64, 64), 'png')).toBe(true);
    expect(decodesFully(encodeGreyJpeg(728, 90), 'jpeg')).toBe(true);
    expect(decodesFully(noiseJpeg(300, 250), 'jpeg')).toBe(true);
    expect(decodesFully(encodeGif(320, 50), 'gif')).toBe(true);
    expect(decodesFully(webp(21), 'webp')).toBe(true);
  });

  it.each([0.99, 0.9, 0.5, 0.1])('refuses a PNG cut at %s of its length (valid header)', (share) => {
    const png = noisePng(64, 64);
    expect(decodesFully(cut(png, Math.floor(png.length * share)), 'png')).toBe(false);
  });

  it('refuses a PNG whose IDAT holds fewer rows than the header says, or a damaged chunk', () => {
    const short = encodePng(300, 250, () => [1, 2, 3]);
    // Same pixels, header patched to 251 rows: CRC fixed, data one row short.
    const tall = Buffer.from(encodePng(300, 251, () => [1, 2, 3]).subarray(0, 33));
    const patched = Buffer.concat([tall, short.subarray(33)]);
    expect(decodesFully(patched, 'png')).toBe(false);
    const damaged = Buffer.from(short);
    damaged[50] = (damaged[50] as number) ^ 0xff;
    expect(decodesFully(damaged, 'png')).toBe(false);
  });

  it.each([0.99, 0.8, 0.5])('refuses a JPEG cut at %s of its length (valid header)', (share) => {
    const jpg = noiseJpeg(300, 250);
    expect(decodesFully(cut(jpg, Math.floor(jpg.length * share)), 'jpeg')).toBe(false);
    const grey = encodeGreyJpeg(728, 90);
    expect(decodesFully(cut(grey, Math.floor(grey.length * share)), 'jpeg')).toBe(false);
  });

  it('refuses a GIF cut short, and one whose frame ends before its last pixel', () => {
    const gif = encodeGif(320, 50);
    expect(decodesFully(cut(gif, gif.length - 1), 'gif')).toBe(false); // no trailer
    expect(decodesFully(cut(gif, Math.floor(gif.length / 2)), 'gif')).toBe(false);
    // A 320x60 header over the 320x50 frame data, trailer intact: pixels are missing.
    const taller = Buffer.from(gif);
    taller.writeUInt16LE(60, 8);
    taller.writeUInt16LE(60, 13 + 6 + 7);
    expect(decodesFully(taller, 'gif')).toBe(false);
  });

  it('refuses a WebP whose container is cut', () => {
    const file = webp(200);
    expect(decodesFully(cut(file, file.length - 10), 'webp')).toBe(false);
    expect(decodesFully(cut(file, 30), 'webp')).toBe(false);
  });
});
