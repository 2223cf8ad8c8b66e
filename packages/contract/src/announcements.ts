import { z } from 'zod';
import { cutText } from './text-cut';

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

export { cutText } from './text-cut';

/** The excerpt of an announcement: its first paragraph, cut to ANNOUNCEMENT_EXCERPT_MAX. */
export const announcementExcerpt = (content: string) =>
  cutText(content.trim().split(/\n\s*\n/)[0] ?? '', ANNOUNCEMENT_EXCERPT_MAX);
