import { crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { DocumentStatus } from '@cryptads/contract/billing';
import type { App } from '../../app';
import { billingProfiles } from '../../db/schema/billing-profile';
import { users } from '../../db/schema/users';
import { userChanged } from '../sessions/cache';

/**
 * Fixtures for tests that need a customer with billing details (deposits, invoices, payouts)
 * and real document files. Details go through the API as the form sends them; verification,
 * which an operator or a provider decides, is set directly.
 */

export const INDIVIDUAL_DETAILS = {
  isCompany: false,
  firstName: 'Ada',
  lastName: 'Tester',
  address: '1 Main Street, Berlin',
  country: 'DE',
} as const;

export const COMPANY_DETAILS = {
  isCompany: true,
  name: 'Łukasz Żółć GmbH',
  taxNumber: 'HRB 12345',
  address: 'Hauptstraße 1, 10115 Berlin',
  country: 'DE',
  vatCode: '',
} as const;

export async function saveDetails(
  app: App,
  headers: Record<string, string>,
  details: Record<string, unknown> = INDIVIDUAL_DETAILS,
) {
  const res = await app.inject({ method: 'POST', url: '/api/billing/details', headers, payload: details });
  if (res.statusCode !== 200) throw new Error(`saving billing details failed: ${res.body}`);
  return res;
}

/** As after an operator's approval: identity verified, documents Valid. */
export async function markVerified(app: App, userId: number) {
  await app.ctx.db.update(users).set({ kycVerified: 1 }).where(eq(users.id, userId));
  await app.ctx.db
    .update(billingProfiles)
    .set({ docVerification: DocumentStatus.Valid, docReason: null })
    .where(eq(billingProfiles.userId, userId));
  await userChanged(app.ctx, userId);
}

export const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;

/** A small but well-formed PDF. */
export function pdfBytes(padTo = 0): Buffer {
  const body = [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj',
  ].join('\n');
  const padding = padTo > body.length ? `\n%${'x'.repeat(padTo - body.length)}` : '';
  return Buffer.from(`${body}${padding}\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1');
}

/** A ZIP archive (stored, no compression) holding the given files. */
export function zipBytes(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const nameBytes = Buffer.from(name, 'utf8');
    const data = Buffer.from(content, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    locals.push(local, nameBytes, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

/** The parts of a Word 2007+ document that make it one. */
export const docxBytes = () =>
  zipBytes({
    '[Content_Types].xml': '<?xml version="1.0"?><Types/>',
    '_rels/.rels': '<?xml version="1.0"?><Relationships/>',
    'word/document.xml': '<?xml version="1.0"?><w:document/>',
  });

/** An OLE2 compound file with a WordDocument stream name, as Word 97-2003 writes. */
export function docBytes(): Buffer {
  const header = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  return Buffer.concat([header, Buffer.alloc(504), Buffer.from('WordDocument', 'utf16le'), Buffer.alloc(512)]);
}
