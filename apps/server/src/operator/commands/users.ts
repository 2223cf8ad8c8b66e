import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/users';
import { revokeUserSessions } from '../../modules/sessions/sessions.service';
import type { OperatorCommand } from '../types';

async function findByEmail(ctx: Parameters<OperatorCommand['run']>[0], email: string | undefined) {
  if (!email) throw new Error('Give the account email.');
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  if (!user) throw new Error(`No account with email ${email}.`);
  return user;
}

/** Disabling an account ends its sessions; its next login answers 401 with code 99. */
export const userCommands: Record<string, OperatorCommand> = {
  disable: {
    args: '<email>',
    help: 'disable an account and end its sessions',
    async run(ctx, [email]) {
      const user = await findByEmail(ctx, email);
      await ctx.db.transaction(async (tx) => {
        await tx.update(users).set({ disabledAt: new Date(), updatedAt: new Date() }).where(eq(users.id, user.id));
        await revokeUserSessions(tx, user.id);
      });
      return `Account ${user.email} (#${user.id}) disabled.`;
    },
  },
  enable: {
    args: '<email>',
    help: 'enable a disabled account',
    async run(ctx, [email]) {
      const user = await findByEmail(ctx, email);
      await ctx.db.update(users).set({ disabledAt: null, updatedAt: new Date() }).where(eq(users.id, user.id));
      return `Account ${user.email} (#${user.id}) enabled.`;
    },
  },
};
