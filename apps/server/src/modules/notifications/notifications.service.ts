import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { microsToEuros } from '@cryptads/contract/money';
import { eurosToMicros } from '@cryptads/contract/money';
import {
  NOTIFICATIONS_LIST_MAX,
  type Notification,
  type NotificationList,
  NotificationType,
} from '@cryptads/contract/notifications';
import { AccountType } from '@cryptads/contract/account';
import { paths } from '@cryptads/contract/paths';
import type { DbOrTx, Tx } from '../../db/client';
import { notifications } from '../../db/schema/notifications';
import { users } from '../../db/schema/users';
import { notFound } from '../../lib/errors';
import { emitEvent } from '../events/events';
import { notify } from './notify';

type Row = typeof notifications.$inferSelect;

const toNotification = (row: Row): Notification => ({
  unique: row.id,
  viewed: row.viewedAt != null,
  title: row.title,
  type: row.type as Notification['type'],
  message: row.message,
  link: row.link,
  date: row.createdAt.toISOString(),
});

const unreadOf = (userId: number) => and(eq(notifications.userId, userId), isNull(notifications.viewedAt));

/**
 * The bell's list in one prepared statement (docs/decisions/026; the layout asks for it on
 * every page): the newest rows, each carrying the unread count (with no rows there is nothing
 * unread either).
 */
function listQuery(db: DbOrTx) {
  return db
    .select({
      row: notifications,
      unread: sql<number>`(select count(*)::int from ${notifications} u
        where u.user_id = ${sql.placeholder('userId')} and u.viewed_at is null)`,
    })
    .from(notifications)
    .where(eq(notifications.userId, sql.placeholder('userId')))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_LIST_MAX)
    .prepare('list_notifications');
}

const prepared = new WeakMap<DbOrTx, ReturnType<typeof listQuery>>();

/** The caller's notifications, newest first, and how many are unread. */
export async function listNotifications(db: DbOrTx, userId: number): Promise<NotificationList> {
  let query = prepared.get(db);
  if (!query) {
    query = listQuery(db);
    prepared.set(db, query);
  }
  const rows = await query.execute({ userId });
  return { notifications: rows.map((r) => toNotification(r.row)), unread: rows[0]?.unread ?? 0 };
}

/**
 * Marks one of the caller's notifications viewed. Pinned ones stay unread (their cause
 * clears them); another user's id answers 404 like a missing one.
 */
export async function markViewed(db: DbOrTx, userId: number, id: number): Promise<Notification> {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .limit(1);
  if (!row) throw notFound();
  if (row.pinned || row.viewedAt) return toNotification(row);
  const [updated] = await db
    .update(notifications)
    .set({ viewedAt: new Date() })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId), isNull(notifications.viewedAt)))
    .returning();
  return toNotification(updated ?? row);
}

/** Marks every unread, non-pinned notification of the caller viewed. */
export async function markAllViewed(db: DbOrTx, userId: number) {
  const rows = await db
    .update(notifications)
    .set({ viewedAt: new Date() })
    .where(and(unreadOf(userId), eq(notifications.pinned, false)))
    .returning({ id: notifications.id });
  return { marked: rows.length };
}

/**
 * Clears the open pinned notification with this title (its cause went away). Pinned
 * notifications are recognised by title: each cause has one fixed title.
 */
export async function resolvePinned(db: DbOrTx, userId: number, title: string) {
  await db
    .update(notifications)
    .set({ viewedAt: new Date() })
    .where(and(unreadOf(userId), eq(notifications.pinned, true), eq(notifications.title, title)));
}

async function hasOpenPinned(db: DbOrTx, userId: number, title: string) {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(unreadOf(userId), eq(notifications.pinned, true), eq(notifications.title, title)))
    .limit(1);
  return row != null;
}

export const BALANCE_LOW_TITLE = 'Your balance is running low';

/**
 * Call after a debit of an advertiser's balance (and after a deposit), in the same
 * transaction. Below the threshold (config BALANCE_LOW_EUROS) the advertiser gets one
 * pinned notification; once the balance is back above it, that notification clears.
 * Returns what it did, for tests and logs.
 */
export async function notifyIfBalanceLow(
  tx: DbOrTx,
  userId: number,
  thresholdEuros = 20,
): Promise<'notified' | 'cleared' | 'unchanged'> {
  // Two debits at once must not pin two notifications.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`balance-low:${userId}`}, 0))`);
  const [user] = await tx
    .select({ balance: users.balanceMicros, type: users.type, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user || user.type !== AccountType.Advertiser || user.disabledAt) return 'unchanged';
  const threshold = eurosToMicros(thresholdEuros);
  const open = await hasOpenPinned(tx, userId, BALANCE_LOW_TITLE);
  if (user.balance < threshold) {
    if (open) return 'unchanged';
    await notify(tx, userId, {
      type: NotificationType.Pinned,
      title: BALANCE_LOW_TITLE,
      message: `Your balance is €${microsToEuros(user.balance).toFixed(2)}. Add funds to keep your campaigns running.`,
      link: paths.billing.deposit,
    });
    // Outgoing webhooks announce it (callers pass their transaction: the event commits with the pin).
    await emitEvent(tx as Tx, { type: 'balance.low', userId, balanceMicros: String(user.balance) });
    return 'notified';
  }
  if (!open) return 'unchanged';
  await resolvePinned(tx, userId, BALANCE_LOW_TITLE);
  return 'cleared';
}
