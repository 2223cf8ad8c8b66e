import { publishAnnouncement, parseAnnouncementFile } from '../../modules/announcements/announcements.service';
import type { OperatorCommand } from '../types';
import { readOperatorFile } from './terms';

export const announcementCommands: Record<string, OperatorCommand> = {
  publish: {
    args: '<file>',
    help: 'publish an announcement on every dashboard (first line: title; the rest: content)',
    async run(ctx, [file]) {
      const parsed = parseAnnouncementFile(await readOperatorFile(file));
      const a = await publishAnnouncement(ctx.db, parsed);
      return `Published announcement #${a.id}: ${a.title}`;
    },
  },
  'publish-text': {
    args: '<title> <content>',
    help: "publish an announcement given as two arguments (the back office's form)",
    async run(ctx, [title, content]) {
      // The same checks as a file whose first line is the title.
      const parsed = parseAnnouncementFile(`${(title ?? '').replace(/\s+/g, ' ').trim()}\n${content ?? ''}`);
      const a = await publishAnnouncement(ctx.db, parsed);
      return `Published announcement #${a.id}: ${a.title}`;
    },
  },
};
