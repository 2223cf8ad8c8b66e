/** Text cutting shared by announcements and news; no zod, so the dashboard needs no schema library for it. */

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
