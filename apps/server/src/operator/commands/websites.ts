import { type ReviewAction, reviewWebsite, reviewZone } from '../../modules/websites/websites.service';
import type { OperatorCommand } from '../types';

/**
 * An account manager's decisions on publisher websites and their ad zones. Each one tells
 * the publisher through a notification that links to the website's Ad Codes tab.
 */
function websiteCommand(action: ReviewAction, help: string): OperatorCommand {
  return {
    args: '<website id>',
    help,
    async run(ctx, [ref]) {
      if (!ref || !/^\d+$/.test(ref)) throw new Error('Give the website id (a number).');
      const { site, activated } = await reviewWebsite(ctx.db, Number(ref), action);
      const unverified = site.verifiedAt ? '' : ' (ownership not verified yet)';
      const zones = action === 'approve' ? `, ${activated} pending zone(s) activated` : '';
      return `Website #${site.id} ${site.domain} ${action === 'approve' ? 'approved' : action === 'reject' ? 'rejected' : 'paused'}${zones}${unverified}.`;
    },
  };
}

function zoneCommand(action: ReviewAction, help: string): OperatorCommand {
  return {
    args: '<zone id or public zone id>',
    help,
    async run(ctx, [ref]) {
      if (!ref) throw new Error('Give the zone id.');
      const { zone, site } = await reviewZone(ctx.db, ref, action);
      const done = action === 'approve' ? 'approved' : action === 'reject' ? 'rejected' : 'paused';
      return `Zone #${zone.id} (${zone.unique}) of ${site.domain} ${done}.`;
    },
  };
}

export const websiteCommands: Record<string, OperatorCommand> = {
  approve: websiteCommand('approve', 'approve a website and activate its pending zones'),
  reject: websiteCommand('reject', 'reject a website'),
  pause: websiteCommand('pause', 'pause a website'),
};

export const zoneCommands: Record<string, OperatorCommand> = {
  approve: zoneCommand('approve', 'activate an ad zone'),
  reject: zoneCommand('reject', 'reject an ad zone'),
  pause: zoneCommand('pause', 'pause an ad zone'),
};
