/**
 * Image type and dimensions read from the file's own bytes (never from its name or the
 * client's claimed type): PNG IHDR, GIF logical screen, JPEG SOF markers.
 */
export type ImageInfo = { type: 'png' | 'gif' | 'jpeg'; mime: string; width: number; height: number };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function probePng(b: Buffer): ImageInfo | null {
  if (b.length < 24 || !PNG_SIGNATURE.every((v, i) => b[i] === v)) return null;
  // The first chunk must be IHDR: length 13, then width and height (big-endian).
  if (b.readUInt32BE(8) !== 13 || b.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { type: 'png', mime: 'image/png', width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function probeGif(b: Buffer): ImageInfo | null {
  if (b.length < 10) return null;
  const sig = b.toString('latin1', 0, 6);
  if (sig !== 'GIF87a' && sig !== 'GIF89a') return null;
  return { type: 'gif', mime: 'image/gif', width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
}

/** Start-of-frame markers carry the dimensions (all SOFn except DHT C4, JPG C8, DAC CC). */
const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

function probeJpeg(b: Buffer): ImageInfo | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8 || b[2] !== 0xff) return null;
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1] as number;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    // Markers without a length.
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end or scan before a frame header
    const length = b.readUInt16BE(i + 2);
    if (length < 2) return null;
    if (isSof(marker)) {
      if (i + 9 > b.length) return null;
      const height = b.readUInt16BE(i + 5);
      const width = b.readUInt16BE(i + 7);
      return { type: 'jpeg', mime: 'image/jpeg', width, height };
    }
    i += 2 + length;
  }
  return null;
}

/** The image's real type and size, or null when the bytes are not a PNG, GIF or JPEG. */
export function probeImage(bytes: Buffer): ImageInfo | null {
  const info = probePng(bytes) ?? probeGif(bytes) ?? probeJpeg(bytes);
  if (!info || info.width <= 0 || info.height <= 0) return null;
  return info;
}
