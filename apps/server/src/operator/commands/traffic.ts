import { flaggedZones, flagOptions, formatFlagged } from '../../modules/delivery/flagged';
import type { OperatorCommand } from '../types';

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
