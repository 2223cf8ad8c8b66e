import { and, eq, isNull, sql } from 'drizzle-orm';
import { CampaignStatus, RUNNING_STATUSES } from '@cryptads/contract/campaign-messages';
import type { Served } from '@cryptads/contract/money-schema';
import type { UserDetails, UserDetailsSchema } from '@cryptads/contract/user';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { accountDeletionRequests } from '../../db/schema/settings';
import { users } from '../../db/schema/users';
import type { CachedDetails } from '../sessions/cache';
import type { UserRow } from '../sessions/sessions.service';

const running = sql.raw(RUNNING_STATUSES.map(Number).join(', '));

/**
 * What GET /user needs beyond the session's user row, in one prepared statement
 * (docs/decisions/026): the balance (never taken from the cached row: the recorder moves it
 * every second), the open deletion request, and the advertiser's campaigns by status
 * (active: running; total: all but archived), counted in one pass over the owner's index.
 * Run when the session cache does not hold the user's details (docs/decisions/046).
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

/** The balance alone, by primary key: when the cached details outlive the cached balance. */
function balanceQuery(db: Db) {
  return db
    .select({ balance: users.balanceMicros })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('user_balance');
}

type Prepared = { details: ReturnType<typeof detailsQuery>; balance: ReturnType<typeof balanceQuery> };
const prepared = new WeakMap<Db, Prepared>();

function queriesOf(db: Db): Prepared {
  let queries = prepared.get(db);
  if (!queries) {
    queries = { details: detailsQuery(db), balance: balanceQuery(db) };
    prepared.set(db, queries);
  }
  return queries;
}

/**
 * The balance and the rest of the summary from the session cache when it holds them (no
 * statement), the balance alone by primary key when only the details are held, else both in
 * one statement; what is read is kept unless an invalidation happened while it ran.
 */
async function summaryOf(ctx: AppContext, userId: number): Promise<{ balance: bigint | null; details: CachedDetails }> {
  const cache = ctx.sessionCache;
  const cached = cache?.getDetails(userId);
  if (cached) {
    const balance = cache?.getBalance(userId);
    if (balance != null) return { balance, details: cached };
    const read = () => readBalance(ctx, userId);
    return { balance: await (cache ? cache.shared(`balance:${userId}`, read) : read()), details: cached };
  }
  const read = () => readSummary(ctx, userId);
  return cache ? cache.shared(`summary:${userId}`, read) : read();
}

/** The balance by primary key, kept unless an invalidation happened while it ran. */
async function readBalance(ctx: AppContext, userId: number): Promise<bigint | null> {
  const cache = ctx.sessionCache;
  const generation = cache?.begin() ?? 0;
  const [row] = await queriesOf(ctx.db).balance.execute({ userId });
  if (row) cache?.setBalance(userId, row.balance, generation);
  return row?.balance ?? null;
}

/** The balance and the details in one statement, kept unless an invalidation happened while it ran. */
async function readSummary(
  ctx: AppContext,
  userId: number,
): Promise<{ balance: bigint | null; details: CachedDetails }> {
  const cache = ctx.sessionCache;
  const generation = cache?.begin() ?? 0;
  const [row] = await queriesOf(ctx.db).details.execute({ userId });
  const [active = 0, paused = 0, pending = 0, total = 0] = row?.campaigns ?? [];
  const details: CachedDetails = {
    deletion:
      row?.requestedAt && row.terminationAt
        ? { requestedAt: row.requestedAt, terminationAt: row.terminationAt, reason: row.reason ?? '' }
        : null,
    campaigns: [active, paused, pending, total],
  };
  if (row) {
    cache?.setDetails(userId, details, generation);
    cache?.setBalance(userId, row.balance, generation);
  }
  return { balance: row?.balance ?? null, details };
}

/** The user details of docs/product/account.md#data as GET /user answers them. */
export async function userDetails(ctx: AppContext, user: UserRow): Promise<Served<typeof UserDetailsSchema>> {
  const { balance, details } = await summaryOf(ctx, user.id);
  const [active, paused, pending, total] = user.type === 1 ? details.campaigns : [0, 0, 0, 0];
  const deletion = details.deletion;
  return {
    alias: `${user.firstName} ${user.lastName}`.trim(),
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    type: user.type as UserDetails['type'],
    balance: balance ?? user.balanceMicros,
    kycVerified: user.kycVerified === 1 ? 1 : 0,
    pendingDelete: deletion != null,
    delete: deletion
      ? {
          requestDate: deletion.requestedAt.toISOString(),
          terminationDate: deletion.terminationAt.toISOString(),
          reason: deletion.reason,
        }
      : null,
    currentSignedTerms: user.currentSignedTerms,
    com: user.com,
    campaigns: { active, paused, pending, total },
    overrideRedirecting: false,
    secureStatus: user.twoFactorSecret ? 1 : 0,
  };
}
