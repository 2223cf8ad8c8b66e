import type { DbOrTx } from '../../db/client';
import { notifications } from '../../db/schema/notifications';

export const NotificationType = { Pinned: 1, Success: 2, Error: 3 } as const;
export type NotificationTypeValue = (typeof NotificationType)[keyof typeof NotificationType];

export type NewNotification = {
  type: NotificationTypeValue;
  title: string;
  message: string;
  /** Where clicking it leads, an in-app path such as '/campaigns/all/setup/12/'. */
  link?: string | null;
};

/**
 * The one way modules tell a user something happened (welcome, email confirmed, 2FA or
 * password changed, campaign or website approved or rejected, balance low, deposit
 * received). Call it inside the transaction that made the change.
 */
export async function notify(db: DbOrTx, userId: number, n: NewNotification) {
  const [row] = await db
    .insert(notifications)
    .values({
      userId,
      type: n.type,
      title: n.title,
      message: n.message,
      link: n.link ?? null,
      pinned: n.type === NotificationType.Pinned,
    })
    .returning();
  return row;
}
