import type { DocumentKind } from '@cryptads/contract/billing-profile';
import { probeImage } from '../../lib/image-probe';

/**
 * The real type of an uploaded document, read from its bytes (docs/product/billing.md#documents: png, gif, jpeg,
 * pdf, doc, docx), never from its name or the type the browser claims. A file that is none
 * of these, or only looks like one at its first bytes (a ZIP that is not a Word document, an
 * OLE2 file that is not a Word document), is refused.
 */
export type DocumentType = { kind: DocumentKind; mime: string; extension: string };

const TYPES: Record<DocumentKind, DocumentType> = {
  png: { kind: 'png', mime: 'image/png', extension: 'png' },
  gif: { kind: 'gif', mime: 'image/gif', extension: 'gif' },
  jpeg: { kind: 'jpeg', mime: 'image/jpeg', extension: 'jpg' },
  pdf: { kind: 'pdf', mime: 'application/pdf', extension: 'pdf' },
  doc: { kind: 'doc', mime: 'application/msword', extension: 'doc' },
  docx: {
    kind: 'docx',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: 'docx',
  },
};

const startsWith = (b: Buffer, bytes: readonly number[], at = 0) => bytes.every((v, i) => b[at + i] === v);

/** PDF: '%PDF-' within the first 1024 bytes (readers allow leading junk), and an end marker. */
function isPdf(b: Buffer): boolean {
  const head = b.subarray(0, 1024).indexOf('%PDF-', 0, 'latin1');
  if (head < 0) return false;
  return b.subarray(Math.max(0, b.length - 2048)).includes('%%EOF', 0, 'latin1');
}

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** A Word 97-2003 file: an OLE2 compound file holding a 'WordDocument' stream (its name in UTF-16LE). */
function isDoc(b: Buffer): boolean {
  return startsWith(b, OLE2) && b.includes(Buffer.from('WordDocument', 'utf16le'));
}

/** The names in a ZIP file's central directory, or null when it has none we can read. */
export function zipEntryNames(b: Buffer): string[] | null {
  // The end-of-central-directory record sits in the last 22 bytes plus a comment of up to 65,535.
  const from = Math.max(0, b.length - 22 - 65_535);
  let eocd = -1;
  for (let i = b.length - 22; i >= from; i--) {
    if (b.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = b.readUInt16LE(eocd + 10);
  let offset = b.readUInt32LE(eocd + 16);
  const names: string[] = [];
  for (let n = 0; n < count; n++) {
    if (offset + 46 > b.length || b.readUInt32LE(offset) !== 0x02014b50) return null;
    const nameLength = b.readUInt16LE(offset + 28);
    const extraLength = b.readUInt16LE(offset + 30);
    const commentLength = b.readUInt16LE(offset + 32);
    if (offset + 46 + nameLength > b.length) return null;
    names.push(b.toString('utf8', offset + 46, offset + 46 + nameLength));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/** A Word 2007+ file: a ZIP (OOXML package) with [Content_Types].xml and word/document.xml. */
function isDocx(b: Buffer): boolean {
  if (!startsWith(b, [0x50, 0x4b, 0x03, 0x04])) return false;
  const names = zipEntryNames(b);
  if (!names) return false;
  return names.includes('[Content_Types].xml') && names.includes('word/document.xml');
}

export function detectDocumentType(bytes: Buffer): DocumentType | null {
  const image = probeImage(bytes);
  if (image) return TYPES[image.type];
  if (isPdf(bytes)) return TYPES.pdf;
  if (isDocx(bytes)) return TYPES.docx;
  if (isDoc(bytes)) return TYPES.doc;
  return null;
}
