import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES as M } from '@cryptads/contract/billing';
import {
  BILLING_PROFILE_MESSAGES as PM,
  type BillingDocument,
  type DocumentUploadResult,
} from '@cryptads/contract/billing-profile';
import { encodeGif, encodeGreyJpeg, noisePng } from '../../lib/image-encode';
import { body, drainEvents, lastMailTo, loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { detectDocumentType } from './document-type';
import {
  COMPANY_DETAILS,
  dataUrl,
  docBytes,
  docxBytes,
  markVerified,
  pdfBytes,
  saveDetails,
  zipBytes,
} from './test-helpers';

const PDF = 'application/pdf';

describe('document types, read from the bytes', () => {
  it.each([
    ['png', noisePng(8, 8), 'image/png'],
    ['gif', encodeGif(4, 4), 'image/gif'],
    ['jpeg', encodeGreyJpeg(8, 8), 'image/jpeg'],
    ['pdf', pdfBytes(), PDF],
    ['doc', docBytes(), 'application/msword'],
    ['docx', docxBytes(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ])('recognises %s', (kind, bytes, mime) => {
    expect(detectDocumentType(bytes)).toMatchObject({ kind, mime });
  });

  it.each([
    ['plain text', Buffer.from('hello, this is not a document')],
    ['a ZIP that is not a Word document', zipBytes({ 'a.txt': 'x' })],
    ['an OLE2 file without a Word stream', docBytes().subarray(0, 520)],
    ['a Windows program', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)])],
    ['a PDF header without its end', Buffer.from('%PDF-1.4\n1 0 obj')],
    ['an HTML page', Buffer.from('<!doctype html><script>alert(1)</script>')],
  ])('refuses %s', (_why, bytes) => {
    expect(detectDocumentType(bytes)).toBeNull();
  });
});

describe('POST /billing/document and the document files', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ SUPPORT_EMAIL: 'review@cryptads.example' });
  });
  afterAll(async () => {
    await app.closeAll();
  });

  const upload = (headers: Record<string, string>, file: string, name = 'passport.pdf') =>
    app.inject({ method: 'POST', url: '/api/billing/document', headers, payload: { name, file } });

  it('asks for the identification details first', async () => {
    const { headers } = await loginAs(app, 'advertiser');
    const res = await upload(headers, dataUrl(PDF, pdfBytes()));
    expect([res.statusCode, body(res).reason]).toEqual([409, PM.detailsFirst]);
  });

  it('takes a PDF, puts the application under review and tells the reviewers', async () => {
    const { headers, email } = await loginAs(app, 'advertiser');
    await saveDetails(app, headers, COMPANY_DETAILS);
    const bytes = pdfBytes();
    const res = await upload(headers, dataUrl(PDF, bytes), 'C:\\scans\\Certificate "2026".pdf');
    expect(res.statusCode).toBe(200);
    const result = body<DocumentUploadResult>(res).response;
    expect(result.message).toBe("Your application is now under review, we'll get back to you as soon as possible.");
    expect(result.document).toMatchObject({ name: 'Certificate 2026.pdf', mime: PDF, bytes: bytes.length });
    expect(result.profile).toMatchObject({ docVerification: 2, verification: 'pending', docReason: null });

    const list = await app.inject({ method: 'GET', url: '/api/billing/documents', headers });
    expect(body<BillingDocument[]>(list).response).toEqual([result.document]);

    const file = await app.inject({ method: 'GET', url: `/api/billing/documents/${result.document.id}/file`, headers });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(bytes)).toBe(true);
    expect(file.headers).toMatchObject({
      'content-type': PDF,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    });
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Certificate 2026.pdf"; filename*=UTF-8''Certificate%202026.pdf`,
    );

    await drainEvents(app);
    const mail = await lastMailTo(app, 'review@cryptads.example');
    expect(mail?.subject).toBe(`Documents to review: ${email}`);
    expect(mail?.text).toContain(`npm run operator -- kyc approve|reject|recheck ${email}`);
  });

  it.each([
    ['png', 'image/png', noisePng(16, 16)],
    ['gif', 'image/gif', encodeGif(16, 16)],
    ['jpeg', 'image/jpeg', encodeGreyJpeg(16, 16)],
    ['doc', 'application/msword', docBytes()],
    ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', docxBytes()],
  ])('accepts a %s file, whatever its name says', async (_kind, mime, bytes) => {
    const { headers } = await loginAs(app, 'publisher');
    await saveDetails(app, headers);
    const res = await upload(headers, bytes.toString('base64'), 'scan.bin');
    expect(res.statusCode).toBe(200);
    expect(body<DocumentUploadResult>(res).response.document.mime).toBe(mime);
  });

  it.each([
    ['a text file named .pdf', dataUrl(PDF, Buffer.from('not really a pdf'))],
    ['a ZIP named .docx', dataUrl('application/zip', zipBytes({ 'x.txt': 'x' }))],
    ['something that is not base64', 'data:application/pdf;base64,***'],
    ['a data URL without base64', 'data:application/pdf,%PDF-1.4'],
  ])("refuses %s with 'Invalid file format.'", async (_why, file) => {
    const { headers } = await loginAs(app, 'advertiser');
    await saveDetails(app, headers);
    const res = await upload(headers, file);
    expect([res.statusCode, body(res).reason]).toEqual([400, M.invalidFileFormat]);
  });

  it('takes 3000 KB and refuses one byte more with the size message', async () => {
    const { headers } = await loginAs(app, 'advertiser');
    await saveDetails(app, headers);
    const limit = 3000 * 1024;
    const exact = pdfBytes(limit - 80);
    const atLimit = Buffer.concat([exact, Buffer.alloc(limit - exact.length, 0x20)]);
    expect(atLimit.length).toBe(limit);
    expect((await upload(headers, dataUrl(PDF, atLimit))).statusCode).toBe(200);
    const over = await upload(headers, dataUrl(PDF, Buffer.concat([atLimit, Buffer.from(' ')])));
    expect([over.statusCode, body(over).reason]).toEqual([
      400,
      'The file could not be uploaded. The maximum file size is 3MB.',
    ]);
  });

  it('refuses an empty upload', async () => {
    const { headers } = await loginAs(app, 'advertiser');
    await saveDetails(app, headers);
    const res = await upload(headers, '');
    expect([res.statusCode, body(res).reason]).toEqual([400, PM.fileRequired]);
  });

  it("answers 404 for another account's document, and never serves documents publicly", async () => {
    const owner = await loginAs(app, 'advertiser');
    await saveDetails(app, owner.headers);
    const res = await upload(owner.headers, dataUrl(PDF, pdfBytes()));
    const { id } = body<DocumentUploadResult>(res).response.document;
    const other = await loginAs(app, 'publisher');
    const theirs = await app.inject({
      method: 'GET',
      url: `/api/billing/documents/${id}/file`,
      headers: other.headers,
    });
    expect([theirs.statusCode, body(theirs).reason]).toEqual([404, 'The requested resource was not found.']);
    expect(
      body<BillingDocument[]>(
        await app.inject({ method: 'GET', url: '/api/billing/documents', headers: other.headers }),
      ).response,
    ).toEqual([]);
    const unknown = await app.inject({
      method: 'GET',
      url: '/api/billing/documents/AAAAAAAAAAAAAAAAAAAAAA/file',
      headers: owner.headers,
    });
    expect(unknown.statusCode).toBe(404);
    // The bytes sit in the private document folder, which the public /uploads/ route never reads.
    const [key] = await readdir(app.ctx.config.storage.documentsDir).then((names) =>
      names.filter((n) => n.endsWith('.pdf')),
    );
    expect(key).toBeDefined();
    expect((await app.inject({ method: 'GET', url: `/uploads/${key}` })).statusCode).toBe(404);
  });

  it('refuses documents once the identity is verified', async () => {
    const { user, headers } = await loginAs(app, 'publisher');
    await saveDetails(app, headers);
    await markVerified(app, user.id);
    const res = await upload(headers, dataUrl(PDF, pdfBytes()));
    expect([res.statusCode, body(res).reason]).toEqual([409, PM.documentsVerified]);
  });
});
