import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema/system';
import type { Mailer } from './port';

export function createOutboxTransport(db: Db): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      await db.insert(mailOutbox).values({ ...message, to: message.to.toLowerCase(), sentAt: new Date() });
    },
    async close() {},
  };
}

/** The newest messages, optionally for one recipient; read by /dev/mailbox. */
export async function readOutbox(db: Db, to?: string, limit = 50) {
  return db
    .select()
    .from(mailOutbox)
    .where(to ? and(eq(mailOutbox.to, to.toLowerCase())) : undefined)
    .orderBy(desc(mailOutbox.id))
    .limit(limit);
}
