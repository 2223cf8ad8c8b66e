import { eq } from 'drizzle-orm';
import { REFERRAL_PREFERRED_SHARE_MAX } from '@cryptads/contract/referral';
import { users } from '../../db/schema/users';
import { setPreferredShare } from '../../modules/referral/referral.service';
import type { OperatorCommand } from '../types';

export const referralCommands: Record<string, OperatorCommand> = {
  share: {
    args: '<email> <percent|off>',
    help: `set a user's preferred referral share (above 0, at most ${REFERRAL_PREFERRED_SHARE_MAX} %), or clear it with off`,
    async run(ctx, [email, value]) {
      if (!email || !value) throw new Error('Give the account email and a percent (or off).');
      const [user] = await ctx.db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
      if (!user) throw new Error(`No account with email ${email}.`);
      if (value === 'off') {
        await setPreferredShare(ctx.db, user.id, null);
        return `Preferred share of ${user.email} cleared.`;
      }
      const percent = Number(value.replace(/%$/, ''));
      await setPreferredShare(ctx.db, user.id, percent);
      return `Preferred share of ${user.email} set to ${percent} %.`;
    },
  },
};
