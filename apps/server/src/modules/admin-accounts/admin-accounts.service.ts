import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_ACCOUNT_MESSAGES,
  ADMIN_ACCOUNT_SESSIONS_SHOWN,
  ADMIN_ACCOUNT_TRANSFERS_SHOWN,
  ADMIN_MESSAGES,
} from '@cryptads/contract/admin-messages';
import type {
  AdminAccountDetail,
  AdminAccountRow,
  Approval,
  AuditEntry,
} from '@cryptads/contract/endpoints/admin-accounts';
import type { DbOrTx } from '../../db/client';
import type { AuditEntryRow, OperatorApprovalRow } from '../../db/schema/audit';
import { campaigns } from '../../db/schema/campaigns';
import { referralShares } from '../../db/schema/referral';
import { sessions, users } from '../../db/schema/users';
import { websites } from '../../db/schema/websites';
import { notFound } from '../../lib/errors';
import { accountBalance, available, held, statementOf } from '../ledger/ledger.service';

/**
 * The back office's read side of customer accounts: search, and one account with
 * its balances, transfers, campaigns or websites and sessions. Changes go through operator
 * commands (admin-accounts.routes.ts), never from here.
 */

type UserRow = typeof users.$inferSelect;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const toRow = (u: UserRow): AdminAccountRow => ({
  id: u.id,
  email: u.email,
  name: `${u.firstName} ${u.lastName}`.trim(),
  type: u.type,
  created: u.createdAt.toISOString(),
  disabled: u.disabledAt !== null,
  balanceMicros: u.balanceMicros.toString(),
  twoFactor: u.twoFactorSecret !== null,
  identity: u.kycVerified === 1 ? 'verified' : 'unverified',
});

/** Email (substring, any case), name (substring), or the exact id when `q` is a number. */
export async function searchAccounts(
  db: DbOrTx,
  filter: { q?: string | undefined; type?: number | undefined; page: number; pageSize: number },
): Promise<{ items: AdminAccountRow[]; total: number }> {
  const conditions: SQL[] = [];
  const q = filter.q?.trim();
  if (q) {
    const like = `%${escapeLike(q)}%`;
    const text = or(
      ilike(users.email, like),
      sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${like}`,
      /^\d{1,9}$/.test(q) ? eq(users.id, Number(q)) : undefined,
    );
    if (text) conditions.push(text);
  }
  if (filter.type !== undefined) conditions.push(eq(users.type, filter.type));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { items: rows.map(toRow), total: totals?.total ?? 0 };
}

export async function findAccount(db: DbOrTx, id: number): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw notFound(ADMIN_MESSAGES.accountNotFound);
  return user;
}

/** The account's website, or 404: the back office acts on a website from its owner's page. */
export async function findAccountWebsite(db: DbOrTx, accountId: number, websiteId: number) {
  const [site] = await db
    .select({ id: websites.id, status: websites.status })
    .from(websites)
    .where(and(eq(websites.id, websiteId), eq(websites.ownerId, accountId)))
    .limit(1);
  if (!site) throw notFound(ADMIN_ACCOUNT_MESSAGES.websiteNotFound);
  return site;
}

/** The account's campaign, or 404. */
export async function findAccountCampaign(db: DbOrTx, accountId: number, campaignId: number) {
  const [campaign] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.ownerId, accountId)))
    .limit(1);
  if (!campaign) throw notFound(ADMIN_ACCOUNT_MESSAGES.campaignNotFound);
  return campaign;
}

const TRANSFERS_SHOWN = ADMIN_ACCOUNT_TRANSFERS_SHOWN;
const SESSIONS_SHOWN = ADMIN_ACCOUNT_SESSIONS_SHOWN;

export async function accountDetail(db: DbOrTx, id: number): Promise<AdminAccountDetail> {
  const user = await findAccount(db, id);
  const [availableMicros, heldMicros, statement, sessionRows, campaignRows, websiteRows, shares] = await Promise.all([
    accountBalance(db, available(id)),
    accountBalance(db, held(id)),
    statementOf(db, available(id)),
    db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, id))
      .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
      .limit(SESSIONS_SHOWN),
    user.type === 1
      ? db
          .select({
            id: campaigns.id,
            name: campaigns.name,
            status: campaigns.status,
            locked: campaigns.isLocked,
            createdAt: campaigns.createdAt,
          })
          .from(campaigns)
          .where(eq(campaigns.ownerId, id))
          .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
      : Promise.resolve([]),
    user.type === 2
      ? db
          .select({
            id: websites.id,
            name: websites.name,
            domain: websites.domain,
            status: websites.status,
            createdAt: websites.createdAt,
          })
          .from(websites)
          .where(eq(websites.ownerId, id))
          .orderBy(desc(websites.createdAt), desc(websites.id))
      : Promise.resolve([]),
    db
      .select({ basisPoints: referralShares.shareBasisPoints })
      .from(referralShares)
      .where(eq(referralShares.userId, id))
      .limit(1),
  ]);
  const now = Date.now();
  return {
    ...toRow(user),
    balanceMicros: availableMicros.toString(),
    firstName: user.firstName,
    lastName: user.lastName,
    emailVerified: user.emailVerifiedAt !== null,
    disabledAt: user.disabledAt?.toISOString() ?? null,
    heldMicros: heldMicros.toString(),
    referralShare: shares[0] ? shares[0].basisPoints / 100 : null,
    transfers: statement
      .slice(-TRANSFERS_SHOWN)
      .reverse()
      .map((t) => ({
        id: t.id,
        kind: t.kind,
        amountMicros: t.amountMicros.toString(),
        description: t.description,
        reference: t.reference,
        createdAt: t.createdAt.toISOString(),
      })),
    campaigns: campaignRows.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })),
    websites: websiteRows.map((w) => ({ ...w, createdAt: w.createdAt.toISOString() })),
    sessions: sessionRows.map((s) => ({
      id: s.id,
      device: s.device,
      browser: s.browser,
      os: s.os,
      ip: s.ip,
      lastSeenAt: s.lastSeenAt.toISOString(),
      createdAt: s.createdAt.toISOString(),
      active: s.enabled && s.revokedAt === null && s.expiresAt.getTime() > now,
    })),
  };
}

export const toAuditEntry = (row: AuditEntryRow): AuditEntry => ({
  id: row.id,
  at: row.at.toISOString(),
  actorId: row.actorId,
  actorEmail: row.actorEmail,
  via: row.via,
  action: row.action,
  objectType: row.objectType,
  objectId: row.objectId,
  changes: row.changes,
  approvalId: row.approvalId,
});

export const toApproval = (row: OperatorApprovalRow): Approval => ({
  id: row.id,
  domain: row.domain,
  action: row.action,
  args: row.args,
  amountMicros: row.amountMicros.toString(),
  requestedBy: row.requestedBy,
  requestedByEmail: row.requestedByEmail,
  requestedAt: row.requestedAt.toISOString(),
  status: row.status as Approval['status'],
  decidedBy: row.decidedBy,
  decidedByEmail: row.decidedByEmail,
  decidedAt: row.decidedAt?.toISOString() ?? null,
  output: row.output,
  reason: row.reason,
});
