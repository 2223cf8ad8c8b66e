import { and, eq, isNull, sql } from 'drizzle-orm';
import { CampaignStatus, RUNNING_STATUSES } from '@cryptads/contract/campaign-messages';
import { microsToEuros } from '@cryptads/contract/money';
import type { UserDetails } from '@cryptads/contract/user';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { accountDeletionRequests } from '../../db/schema/settings';
import { users } from '../../db/schema/users';
import type { UserRow } from '../sessions/sessions.service';

const running = sql.raw(RUNNING_STATUSES.map(Number).join(', '));

/**
 * What GET /user needs beyond the session's user row, in one prepared statement
 * (docs/decisions/026): the balance (never taken from the cached row: the recorder moves it
 * every second), the open deletion request, and the advertiser's campaigns by status
 * (active: running; total: all but archived), counted in one pass over the owner's index.
 */
function detailsQuery(db: Db) {
  return db
    .select({
      balance: users.balanceMicros,
      requestedAt: accountDeletionRequests.requestedAt,
      terminationAt: accountDeletionRequests.terminationAt,
      reason: accountDeletionRequests.reason,
      campaigns: sql<number[]>`(select array[
          count(*) filter (where c.status in (${running})),
          count(*) filter (where c.status = ${sql.raw(String(CampaignStatus.Paused))}),
          count(*) filter (where c.status = ${sql.raw(String(CampaignStatus.Pending))}),
          count(*) filter (where c.status <> ${sql.raw(String(CampaignStatus.Archived))})
        ]::int[] from ${campaigns} c where c.owner_id = ${users.id})`,
    })
    .from(users)
    .leftJoin(
      accountDeletionRequests,
      and(
        eq(accountDeletionRequests.userId, users.id),
        isNull(accountDeletionRequests.cancelledAt),
        isNull(accountDeletionRequests.completedAt),
      ),
    )
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('user_details');
}

const prepared = new WeakMap<Db, ReturnType<typeof detailsQuery>>();

/** The user details of docs/product/account.md#data as GET /user answers them. */
export async function userDetails(ctx: AppContext, user: UserRow): Promise<UserDetails> {
  let query = prepared.get(ctx.db);
  if (!query) {
    query = detailsQuery(ctx.db);
    prepared.set(ctx.db, query);
  }
  const [row] = await query.execute({ userId: user.id });
  const [active = 0, paused = 0, pending = 0, total = 0] = user.type === 1 ? (row?.campaigns ?? []) : [];
  return {
    alias: `${user.firstName} ${user.lastName}`.trim(),
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    type: user.type as UserDetails['type'],
    balance: microsToEuros(row?.balance ?? user.balanceMicros),
    kycVerified: user.kycVerified === 1 ? 1 : 0,
    pendingDelete: row?.requestedAt != null,
    delete:
      row?.requestedAt && row.terminationAt
        ? {
            requestDate: row.requestedAt.toISOString(),
            terminationDate: row.terminationAt.toISOString(),
            reason: row.reason ?? '',
          }
        : null,
    currentSignedTerms: user.currentSignedTerms,
    com: user.com,
    campaigns: { active, paused, pending, total },
    overrideRedirecting: false,
    secureStatus: user.twoFactorSecret ? 1 : 0,
  };
}
