import { flaggedZones, flagOptions, formatFlagged } from '../../modules/delivery/flagged';
import type { AppContext } from '../../context';
import type { OperatorCommand } from '../types';

/** The zones `traffic flagged` lists, as data (the back office's traffic queue). */
export async function flaggedTraffic(ctx: AppContext, hours?: number) {
  const opts = flagOptions(ctx.config);
  if (hours !== undefined) opts.hours = hours;
  return flaggedZones(ctx.db, opts);
}

export const trafficCommands: Record<string, OperatorCommand> = {
  flagged: {
    args: '[hours]',
    help: 'zones whose filtered (invalid) traffic share is above IVT_FLAG_SHARE over the last IVT_FLAG_WINDOW_HOURS (or [hours]), with the top reasons',
    async run(ctx, args) {
      const opts = flagOptions(ctx.config);
      if (args[0] !== undefined) {
        const hours = Number(args[0]);
        if (!Number.isInteger(hours) || hours < 1 || hours > 720)
          throw new Error('hours must be a whole number from 1 to 720');
        opts.hours = hours;
      }
      return formatFlagged(await flaggedZones(ctx.db, opts), opts.hours);
    },
  },
};
