import { z } from 'zod';

/** docs/product/account.md#data: Announcement {title, date, excerpt, content}; date is ISO 8601 (UTC). */
export const AnnouncementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  date: z.string(),
  excerpt: z.string(),
  /** Plain text; paragraphs are separated by blank lines. */
  content: z.string(),
});
export type Announcement = z.infer<typeof AnnouncementSchema>;

/** GET /announcements: newest first, at most ANNOUNCEMENTS_LIST_MAX. */
export const AnnouncementListSchema = z.array(AnnouncementSchema);
export const ANNOUNCEMENTS_LIST_MAX = 10;
export const ANNOUNCEMENT_EXCERPT_MAX = 160;
export const ANNOUNCEMENT_TITLE_MAX = 150;

/**
 * Cuts text to at most `max` characters, ellipsis included, at a word boundary when one is
 * near the end; whitespace is collapsed first.
 */
export function cutText(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const room = clean.slice(0, max - 1);
  const space = room.lastIndexOf(' ');
  const cut = space >= max * 0.6 ? room.slice(0, space) : room;
  return `${cut.replace(/[\s.,;:!?-]+$/, '')}…`;
}

/** The excerpt of an announcement: its first paragraph, cut to ANNOUNCEMENT_EXCERPT_MAX. */
export const announcementExcerpt = (content: string) =>
  cutText(content.trim().split(/\n\s*\n/)[0] ?? '', ANNOUNCEMENT_EXCERPT_MAX);
