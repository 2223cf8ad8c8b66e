import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { BILLING_MESSAGES, DOCUMENT_UPLOAD, DocumentStatus } from '@cryptads/contract/billing';
import {
  BILLING_PROFILE_MESSAGES as PM,
  type BillingDocument,
  type DocumentUploadInput,
} from '@cryptads/contract/billing-profile';
import type { AppContext } from '../../context';
import { billingDocuments, billingProfiles } from '../../db/schema/billing-profile';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { emitEvent } from '../events/events';
import type { UserRow } from '../sessions/sessions.service';
import { billingAdapters } from './adapters';
import { detectDocumentType } from './document-type';
import { documentsReviewState, loadKycVerified, loadProfile } from './profile';

/**
 * Identity and company documents (docs/product/billing.md#documents; docs/product/limits.md#billing). A file is recognised by its bytes
 * and kept in the private document storage; its row says whose it is. Only the owner reads
 * it back (GET /billing/documents/{id}/file), through their session; another account's id
 * answers 404. Each upload puts the application under review (Pending) for operators.
 */

export type DocumentRow = typeof billingDocuments.$inferSelect;

export const presentDocument = (row: DocumentRow): BillingDocument => ({
  id: row.id,
  name: row.name,
  mime: row.mime,
  bytes: row.bytes,
  uploadedAt: row.createdAt.toISOString(),
});

/** The bytes of a data URL ('data:application/pdf;base64,...') or of bare base64. */
function decodeFile(data: string): Buffer {
  const comma = data.indexOf(',');
  const isDataUrl = data.startsWith('data:');
  if (isDataUrl && (comma < 0 || !data.slice(0, comma).endsWith(';base64')))
    throw badRequest(BILLING_MESSAGES.invalidFileFormat);
  const clean = (isDataUrl ? data.slice(comma + 1) : data).replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean)) throw badRequest(BILLING_MESSAGES.invalidFileFormat);
  return Buffer.from(clean, 'base64');
}

/** A file name fit to show and to offer in content-disposition: no path, no control characters. */
function cleanName(name: string, extension: string): string {
  const base =
    name
      .split(/[\\/]/)
      .pop()
      // Control characters (below space, and DEL) and quotes have no place in a shown file name.
      ?.replace(/["]/g, '')
      .split('')
      .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
      .join('')
      .trim() ?? '';
  return (base || `document.${extension}`).slice(0, 255);
}

export async function listDocuments(ctx: AppContext, user: UserRow): Promise<BillingDocument[]> {
  const rows = await ctx.db
    .select()
    .from(billingDocuments)
    .where(eq(billingDocuments.userId, user.id))
    .orderBy(desc(billingDocuments.createdAt), desc(billingDocuments.id));
  return rows.map(presentDocument);
}

/** Refuses an upload unless the customer's documents may still be reviewed. */
async function assertDocumentsOpen(ctx: AppContext, userId: number) {
  const row = await loadProfile(ctx.db, userId);
  if (!row) throw conflict(PM.detailsFirst);
  const state = documentsReviewState(row, await loadKycVerified(ctx.db, userId));
  if (state === 'verified') throw conflict(PM.documentsVerified);
  if (state === 'rejected') throw conflict(PM.documentsRejected);
  return row;
}

/**
 * POST /billing/document: png, gif, jpeg, pdf, doc or docx by content, at most 3000 KB
 * ('The file could not be uploaded. The maximum file size is 3MB.'). The application goes
 * under review (Pending) and operators are told (event kyc.submitted).
 */
export async function uploadDocument(ctx: AppContext, user: UserRow, input: DocumentUploadInput & { name: string }) {
  await assertDocumentsOpen(ctx, user.id);
  const bytes = decodeFile(input.file);
  if (bytes.length === 0) throw badRequest(PM.fileRequired);
  if (bytes.length > DOCUMENT_UPLOAD.maxBytes) throw badRequest(BILLING_MESSAGES.fileTooLarge);
  const type = detectDocumentType(bytes);
  if (!type) throw badRequest(BILLING_MESSAGES.invalidFileFormat);

  const { documents } = billingAdapters(ctx);
  const storageKey = `${randomBytes(24).toString('base64url')}.${type.extension}`;
  await documents.put(storageKey, bytes);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(billingDocuments)
        .values({
          id: randomBytes(16).toString('base64url'),
          userId: user.id,
          name: cleanName(input.name, type.extension),
          mime: type.mime,
          bytes: bytes.length,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          storageKey,
        })
        .returning();
      if (!row) throw new Error('document insert returned nothing');
      // Sent for review: the earlier decision's reason no longer applies. A decision taken
      // meanwhile (verified, rejected) stays; the state check above ran before the insert.
      await tx
        .update(billingProfiles)
        .set({ docVerification: DocumentStatus.Pending, docReason: null, updatedAt: new Date() })
        .where(
          and(
            eq(billingProfiles.userId, user.id),
            sql`${billingProfiles.docVerification} in (${DocumentStatus.NoDocument}, ${DocumentStatus.Pending}, ${DocumentStatus.Recheck})`,
          ),
        );
      await emitEvent(tx, { type: 'kyc.submitted', userId: user.id, documentId: row.id });
      return row;
    });
  } catch (error) {
    await documents.remove(storageKey).catch(() => undefined);
    throw error;
  }
}

/** GET /billing/documents/{id}/file: the owner's file as an attachment, never cached, never rendered inline. */
export async function sendDocumentFile(
  ctx: AppContext,
  /** The owner; null for the back office, which reads any account's document (opened inline). */
  user: Pick<UserRow, 'id'> | null,
  id: string,
  reply: FastifyReply,
) {
  const [row] = await ctx.db
    .select()
    .from(billingDocuments)
    .where(user ? and(eq(billingDocuments.id, id), eq(billingDocuments.userId, user.id)) : eq(billingDocuments.id, id))
    .limit(1);
  if (!row) throw notFound();
  const bytes = await billingAdapters(ctx).documents.get(row.storageKey);
  if (!bytes) throw notFound();
  const ascii = row.name.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return reply
    .type(row.mime)
    .header(
      'content-disposition',
      `${user ? 'attachment' : 'inline'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(row.name)}`,
    )
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(bytes);
}
