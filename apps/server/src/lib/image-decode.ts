import { inflateSync } from 'node:zlib';
import jpeg from 'jpeg-js';

/**
 * Decodes an uploaded image to the last pixel, so that a file whose header is valid but
 * whose data is cut short or damaged is refused (lib/image-probe only reads the header).
 * PNG: every chunk's CRC, IEND, the whole zlib stream inflated to exactly the rows the
 * header announces (Adam7 passes included) with valid filter bytes. GIF: every block up to
 * the trailer, each frame's LZW codes decoded until the frame's pixels are all there.
 * JPEG: jpeg-js decodes every scan (it throws when a marker or data is missing). WebP: the
 * RIFF container and every chunk inside it must be complete (no decoder here).
 * Dimensions are checked by the caller BEFORE decoding, so the work is bounded.
 */
export type DecodableType = 'png' | 'gif' | 'jpeg' | 'webp';

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

/** Samples per pixel of each PNG colour type. */
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const ADAM7: [number, number, number, number][] = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];

function pngDecodes(b: Buffer): boolean {
  let i = 8;
  let header: { width: number; height: number; depth: number; colour: number; interlace: number } | null = null;
  const idat: Buffer[] = [];
  let ended = false;
  while (i + 12 <= b.length) {
    const length = b.readUInt32BE(i);
    const type = b.toString('latin1', i + 4, i + 8);
    const end = i + 12 + length;
    if (length > 0x7fffffff || end > b.length) return false;
    if (crc32(b.subarray(i + 4, i + 8 + length)) !== b.readUInt32BE(i + 8 + length)) return false;
    const data = b.subarray(i + 8, i + 8 + length);
    if (type === 'IHDR') {
      if (length !== 13) return false;
      header = {
        width: data.readUInt32BE(0),
        height: data.readUInt32BE(4),
        depth: data[8] as number,
        colour: data[9] as number,
        interlace: data[12] as number,
      };
    } else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') {
      ended = true;
      break;
    }
    i = end;
  }
  if (!header || !ended || idat.length === 0) return false;
  const channels = PNG_CHANNELS[header.colour];
  if (!channels || ![1, 2, 4, 8, 16].includes(header.depth) || header.interlace > 1) return false;
  const bitsPerPixel = channels * header.depth;
  const rowBytes = (w: number) => Math.ceil((w * bitsPerPixel) / 8);
  // The rows of every pass, each with its filter byte.
  const rows: number[] = [];
  const passes: [number, number, number, number][] = header.interlace ? ADAM7 : [[0, 0, 1, 1]];
  for (const [x0, y0, dx, dy] of passes) {
    const w = Math.ceil((header.width - x0) / dx);
    const h = Math.ceil((header.height - y0) / dy);
    if (w <= 0 || h <= 0) continue;
    for (let y = 0; y < h; y++) rows.push(rowBytes(w));
  }
  const expected = rows.reduce((sum, r) => sum + r + 1, 0);
  let raw: Buffer;
  try {
    // finishFlush 0 (Z_NO_FLUSH) would hang on nothing; the default throws on a cut stream.
    raw = inflateSync(Buffer.concat(idat), { maxOutputLength: expected + 1 });
  } catch {
    return false;
  }
  if (raw.length !== expected) return false;
  let o = 0;
  for (const r of rows) {
    if ((raw[o] as number) > 4) return false;
    o += r + 1;
  }
  return true;
}

/** Decodes one frame's LZW codes; true when the frame's pixels are all there. */
function lzwDecodes(data: Buffer, minCodeSize: number, pixels: number): boolean {
  if (minCodeSize < 2 || minCodeSize > 8) return false;
  const clear = 1 << minCodeSize;
  const eoi = clear + 1;
  const lengths = new Uint16Array(4096);
  for (let c = 0; c < clear; c++) lengths[c] = 1;
  let codeSize = minCodeSize + 1;
  let next = eoi + 1;
  let prev = -1;
  let out = 0;
  let acc = 0;
  let bits = 0;
  let pos = 0;
  while (out < pixels) {
    while (bits < codeSize) {
      if (pos >= data.length) return false;
      acc |= (data[pos++] as number) << bits;
      bits += 8;
    }
    const code = acc & ((1 << codeSize) - 1);
    acc >>>= codeSize;
    bits -= codeSize;
    if (code === clear) {
      codeSize = minCodeSize + 1;
      next = eoi + 1;
      prev = -1;
      continue;
    }
    if (code === eoi) return false; // ended before its last pixel
    let length: number;
    if (code < next && (code < clear || code > eoi)) length = lengths[code] as number;
    else if (code === next && prev >= 0) length = (lengths[prev] as number) + 1;
    else return false;
    if (prev >= 0 && next < 4096) {
      lengths[next] = (lengths[prev] as number) + 1;
      next++;
      if (next === 1 << codeSize && codeSize < 12) codeSize++;
    }
    prev = code;
    out += length;
  }
  return true;
}

function gifDecodes(b: Buffer): boolean {
  if (b.length < 13) return false;
  let i = 13;
  const packed = b[10] as number;
  if (packed & 0x80) i += 3 * (1 << ((packed & 7) + 1));
  // The data of a run of sub-blocks starting at `start`, and where it ends; null when cut.
  const subBlocks = (start: number): { data: Buffer; end: number } | null => {
    const parts: Buffer[] = [];
    let p = start;
    for (;;) {
      if (p >= b.length) return null;
      const size = b[p] as number;
      if (size === 0) return { data: Buffer.concat(parts), end: p + 1 };
      if (p + 1 + size > b.length) return null;
      parts.push(b.subarray(p + 1, p + 1 + size));
      p += 1 + size;
    }
  };
  let frames = 0;
  while (i < b.length) {
    const block = b[i] as number;
    if (block === 0x3b) return frames > 0;
    if (block === 0x21) {
      if (i + 2 > b.length) return false;
      const run = subBlocks(i + 2);
      if (!run) return false;
      i = run.end;
    } else if (block === 0x2c) {
      if (i + 10 > b.length) return false;
      const width = b.readUInt16LE(i + 5);
      const height = b.readUInt16LE(i + 7);
      const local = b[i + 9] as number;
      i += 10;
      if (local & 0x80) i += 3 * (1 << ((local & 7) + 1));
      if (i >= b.length) return false;
      const minCodeSize = b[i] as number;
      const run = subBlocks(i + 1);
      if (!run || !lzwDecodes(run.data, minCodeSize, width * height)) return false;
      frames++;
      i = run.end;
    } else return false;
  }
  return false; // no trailer: the file was cut
}

function jpegDecodes(b: Buffer): boolean {
  try {
    const image = jpeg.decode(b, { useTArray: true, maxResolutionInMP: 20, maxMemoryUsageInMB: 128 });
    return image.width > 0 && image.height > 0;
  } catch {
    return false;
  }
}

function webpComplete(b: Buffer): boolean {
  if (b.length < 20 || b.toString('latin1', 0, 4) !== 'RIFF' || b.toString('latin1', 8, 12) !== 'WEBP') return false;
  const riffEnd = 8 + b.readUInt32LE(4);
  if (riffEnd !== b.length && riffEnd + 1 !== b.length) return false;
  let i = 12;
  let chunks = 0;
  while (i + 8 <= riffEnd) {
    const size = b.readUInt32LE(i + 4);
    const end = i + 8 + size + (size & 1);
    if (i + 8 + size > riffEnd) return false;
    chunks++;
    i = end;
  }
  return chunks > 0 && i >= riffEnd;
}

/** True when the whole image decodes (WebP: when its container is complete). */
export function decodesFully(bytes: Buffer, type: DecodableType): boolean {
  switch (type) {
    case 'png':
      return pngDecodes(bytes);
    case 'gif':
      return gifDecodes(bytes);
    case 'jpeg':
      return jpegDecodes(bytes);
    case 'webp':
      return webpComplete(bytes);
  }
}
