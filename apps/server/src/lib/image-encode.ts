import { deflateSync } from 'node:zlib';

/**
 * Tiny encoders for generated images: the demo world's banners and the tests' real files.
 * PNG (truecolour, any pixels), and single-colour baseline JPEG and GIF of any size.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

export type Rgb = [number, number, number];

/** A PNG whose pixel (x, y) is `pixel(x, y)`. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const rgb = new Uint8Array(width * height * 3);
  let o = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      rgb[o++] = r;
      rgb[o++] = g;
      rgb[o++] = b;
    }
  return encodePngRgb(width, height, rgb);
}

/**
 * A PNG of RGB bytes, row after row. `level` is zlib's: 9 (smallest) by default; the demo
 * marketplace draws about a hundred pictures on first start and takes 6 (three times faster).
 */
export function encodePngRgb(width: number, height: number, rgb: Uint8Array | Uint8ClampedArray, level = 9): Buffer {
  const stride = width * 3;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (stride + 1)] = 0; // filter: none
    raw.set(rgb.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG of random noise: incompressible, for files that must be large. */
export function noisePng(width: number, height: number, seed = 1): Buffer {
  let s = seed >>> 0 || 1;
  const next = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) & 0xff;
  };
  return encodePng(width, height, () => [next(), next(), next()]);
}

/**
 * A mid-grey baseline JPEG (one component). Every 8x8 block is "DC difference 0, end of
 * block", coded with one-symbol Huffman tables, so the scan is 2 bits per block.
 */
export function encodeGreyJpeg(width: number, height: number): Buffer {
  const seg = (marker: number, data: number[]) => {
    const len = data.length + 2;
    return Buffer.from([0xff, marker, len >> 8, len & 0xff, ...data]);
  };
  const dqt = seg(0xdb, [0x00, ...new Array(64).fill(1)]);
  const sof = seg(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]);
  const oneCode = (tableClassId: number, symbol: number) =>
    seg(0xc4, [tableClassId, 1, ...new Array(15).fill(0), symbol]);
  const sos = seg(0xda, [1, 1, 0x00, 0, 63, 0]);
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const bits = blocks * 2;
  const scan = Buffer.alloc(Math.ceil(bits / 8));
  // All codes are '0'; pad the last byte with 1s.
  const rest = bits % 8;
  if (rest) scan[scan.length - 1] = (1 << (8 - rest)) - 1;
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    dqt,
    sof,
    oneCode(0x00, 0),
    oneCode(0x10, 0),
    sos,
    scan,
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** A single-colour GIF89a: LZW with a clear code every two pixels keeps codes at 3 bits. */
export function encodeGif(width: number, height: number, colour: Rgb = [30, 90, 200]): Buffer {
  const head = Buffer.alloc(13);
  head.write('GIF89a', 0, 'latin1');
  head.writeUInt16LE(width, 6);
  head.writeUInt16LE(height, 8);
  head[10] = 0x80; // global colour table of 2 entries
  const palette = Buffer.from([...colour, 255, 255, 255]);
  const desc = Buffer.alloc(10);
  desc[0] = 0x2c;
  desc.writeUInt16LE(width, 5);
  desc.writeUInt16LE(height, 7);
  const codes: number[] = [];
  const pixels = width * height;
  for (let i = 0; i < pixels; i += 2) {
    codes.push(4, 0);
    if (i + 1 < pixels) codes.push(0);
  }
  codes.push(5);
  const bytes: number[] = [];
  let acc = 0;
  let n = 0;
  for (const c of codes) {
    acc |= c << n;
    n += 3;
    while (n >= 8) {
      bytes.push(acc & 0xff);
      acc >>= 8;
      n -= 8;
    }
  }
  if (n > 0) bytes.push(acc & 0xff);
  const blocks: number[] = [2];
  for (let i = 0; i < bytes.length; i += 255) {
    const part = bytes.slice(i, i + 255);
    blocks.push(part.length, ...part);
  }
  blocks.push(0, 0x3b);
  return Buffer.concat([head, palette, desc, Buffer.from(blocks)]);
}
