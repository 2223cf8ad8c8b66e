import { desc, eq, sql } from 'drizzle-orm';
import { type PlatformTerms, TERMS_MESSAGES } from '@cryptads/contract/terms';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { platformTerms } from '../../db/schema/terms';
import { users } from '../../db/schema/users';
import { conflict, notFound } from '../../lib/errors';
import { emitEvent } from '../events/events';
import { LEGAL_UPDATED_AT, PRIVACY_BODY, PRIVACY_TITLE, TERMS_V1_BODY, TERMS_V1_TITLE } from './legal-texts';

type Row = typeof platformTerms.$inferSelect;
const toTerms = (row: Row): PlatformTerms => ({
  version: row.version,
  title: row.title,
  body: row.body,
  publishedAt: row.publishedAt.toISOString(),
});

const fill = (config: Pick<Config, 'productName' | 'supportEmail'>, text: string) =>
  text.replaceAll('{product}', config.productName).replaceAll('{support}', config.supportEmail);

/**
 * Makes sure version 1 exists, on every start (a fresh production database has terms
 * before anyone signs up). Safe with several processes: the version is the primary key.
 */
export async function ensureDefaultTerms(db: DbOrTx, config: Pick<Config, 'productName' | 'supportEmail'>) {
  await db
    .insert(platformTerms)
    .values({
      version: 1,
      title: TERMS_V1_TITLE,
      body: fill(config, TERMS_V1_BODY),
      publishedAt: new Date(LEGAL_UPDATED_AT),
    })
    .onConflictDoNothing();
}

export async function latestTerms(db: DbOrTx): Promise<PlatformTerms | null> {
  const [row] = await db.select().from(platformTerms).orderBy(desc(platformTerms.version)).limit(1);
  return row ? toTerms(row) : null;
}

export async function currentTermsOrThrow(db: DbOrTx) {
  const terms = await latestTerms(db);
  if (!terms) throw notFound(TERMS_MESSAGES.noTerms);
  return terms;
}

/**
 * Records that the user accepted the latest version. When the client says which version
 * it showed and a newer one appeared meanwhile, it must show the new one first (409).
 */
export async function signLatestTerms(db: DbOrTx, userId: number, shownVersion?: number) {
  const terms = await currentTermsOrThrow(db);
  if (shownVersion != null && shownVersion !== terms.version)
    throw conflict('The terms have changed since you opened them. Please read the new version.');
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ currentSignedTerms: terms.version, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await emitEvent(tx, { type: 'user.changed', userId });
  });
  return { currentSignedTerms: terms.version };
}

/** Publishes the next version; every user must accept it on their next visit. */
export async function publishTerms(db: DbOrTx, input: { title: string; body: string }) {
  return db.transaction(async (tx) => {
    // Two operators publishing at once get consecutive versions, not a key violation.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('platform-terms-publish', 0))`);
    const [max] = await tx
      .select({ v: sql<number>`coalesce(max(${platformTerms.version}), 0)::int` })
      .from(platformTerms);
    const version = (max?.v ?? 0) + 1;
    const [row] = await tx.insert(platformTerms).values({ version, title: input.title, body: input.body }).returning();
    if (!row) throw new Error('terms insert returned nothing');
    return toTerms(row);
  });
}

/** First line '# Title' (or any first line) is the title; the rest is the body. */
export function parseLegalFile(text: string, fallbackTitle: string) {
  const lines = text.replace(/\r\n/g, '\n').trim().split('\n');
  const first = lines[0]?.trim() ?? '';
  const heading = first.match(/^#\s+(.+)$/);
  if (heading?.[1]) return { title: heading[1].trim(), body: lines.slice(1).join('\n').trim() };
  return { title: fallbackTitle, body: lines.join('\n').trim() };
}

export const privacyPolicy = (config: Pick<Config, 'productName' | 'supportEmail'>) => ({
  title: PRIVACY_TITLE,
  body: fill(config, PRIVACY_BODY),
  updatedAt: LEGAL_UPDATED_AT,
});
