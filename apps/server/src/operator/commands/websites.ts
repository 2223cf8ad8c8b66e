import { type ReviewAction, reviewWebsite, reviewZone } from '../../modules/websites/websites.service';
import type { OperatorCommand } from '../types';

/**
 * An account manager's decisions on publisher websites and their ad zones. Each one tells
 * the publisher through a notification that links to the website's Ad Codes tab.
 */
function websiteCommand(action: ReviewAction, help: string): OperatorCommand {
  return {
    args: action === 'reject' ? '<website id> [reason...]' : '<website id>',
    help,
    async run(ctx, [ref, ...words]) {
      if (!ref || !/^\d+$/.test(ref)) throw new Error('Give the website id (a number).');
      const reason = action === 'reject' ? words.join(' ').trim() || undefined : undefined;
      const { site, activated } = await reviewWebsite(ctx.db, Number(ref), action, reason);
      const unverified = site.verifiedAt ? '' : ' (ownership not verified yet)';
      const zones = action === 'approve' ? `, ${activated} pending zone(s) activated` : '';
      const why = reason ? `: ${reason}` : '';
      return `Website #${site.id} ${site.domain} ${action === 'approve' ? 'approved' : action === 'reject' ? 'rejected' : 'paused'}${zones}${unverified}${why}.`;
    },
  };
}

function zoneCommand(action: ReviewAction, help: string): OperatorCommand {
  return {
    args: action === 'reject' ? '<zone id or public zone id> [reason...]' : '<zone id or public zone id>',
    help,
    async run(ctx, [ref, ...words]) {
      if (!ref) throw new Error('Give the zone id.');
      const reason = action === 'reject' ? words.join(' ').trim() || undefined : undefined;
      const { zone, site } = await reviewZone(ctx.db, ref, action, reason);
      const done = action === 'approve' ? 'approved' : action === 'reject' ? 'rejected' : 'paused';
      return `Zone #${zone.id} (${zone.unique}) of ${site.domain} ${done}${reason ? `: ${reason}` : ''}.`;
    },
  };
}

export const websiteCommands: Record<string, OperatorCommand> = {
  approve: websiteCommand('approve', 'approve a website and activate its pending zones'),
  reject: websiteCommand('reject', 'reject a website; the reason is shown to the publisher'),
  pause: websiteCommand('pause', 'pause a website'),
};

export const zoneCommands: Record<string, OperatorCommand> = {
  approve: zoneCommand('approve', 'activate an ad zone'),
  reject: zoneCommand('reject', 'reject an ad zone; the reason is shown to the publisher'),
  pause: zoneCommand('pause', 'pause an ad zone'),
};
