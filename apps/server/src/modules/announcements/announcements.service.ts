import { desc } from 'drizzle-orm';
import {
  ANNOUNCEMENT_TITLE_MAX,
  ANNOUNCEMENTS_LIST_MAX,
  type Announcement,
  announcementExcerpt,
} from '@cryptads/contract/announcements';
import type { DbOrTx } from '../../db/client';
import { announcements } from '../../db/schema/announcements';

type Row = typeof announcements.$inferSelect;
const toAnnouncement = (row: Row): Announcement => ({
  id: row.id,
  title: row.title,
  date: row.publishedAt.toISOString(),
  excerpt: row.excerpt,
  content: row.content,
});

/** Prepared once per database (docs/decisions/026): the dashboard asks for it on every load. */
const listQuery = (db: DbOrTx) =>
  db
    .select()
    .from(announcements)
    .orderBy(desc(announcements.publishedAt), desc(announcements.id))
    .limit(ANNOUNCEMENTS_LIST_MAX)
    .prepare('list_announcements');

const prepared = new WeakMap<DbOrTx, ReturnType<typeof listQuery>>();

export async function listAnnouncements(db: DbOrTx): Promise<Announcement[]> {
  let query = prepared.get(db);
  if (!query) {
    query = listQuery(db);
    prepared.set(db, query);
  }
  return (await query.execute()).map(toAnnouncement);
}

/** First non-empty line is the title ('# ' allowed); the rest is the content. */
export function parseAnnouncementFile(text: string) {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const start = lines.findIndex((l) => l.trim() !== '');
  if (start < 0) throw new Error('The announcement file is empty.');
  const title = (lines[start] ?? '').trim().replace(/^#+\s*/, '');
  const content = lines
    .slice(start + 1)
    .join('\n')
    .trim();
  if (!title) throw new Error('The first line of the file must be the title.');
  if (title.length > ANNOUNCEMENT_TITLE_MAX)
    throw new Error(`The title must be at most ${ANNOUNCEMENT_TITLE_MAX} characters.`);
  if (!content) throw new Error('The announcement has no content after its title line.');
  return { title, content };
}

export async function publishAnnouncement(
  db: DbOrTx,
  input: { title: string; content: string; publishedAt?: Date },
): Promise<Announcement> {
  const [row] = await db
    .insert(announcements)
    .values({
      title: input.title,
      content: input.content,
      excerpt: announcementExcerpt(input.content),
      ...(input.publishedAt ? { publishedAt: input.publishedAt } : {}),
    })
    .returning();
  if (!row) throw new Error('announcement insert returned nothing');
  return toAnnouncement(row);
}
