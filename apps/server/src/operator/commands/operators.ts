import { asc, eq } from 'drizzle-orm';
import { AccountType } from '@cryptads/contract/account';
import { EmailSchema } from '@cryptads/contract/validation';
import { users } from '../../db/schema/users';
import { randomToken } from '../../lib/crypto';
import { mailPasswordLink } from '../../modules/auth/auth.service';
import type { OperatorCommand } from '../types';

/**
 * Back-office operators (docs/decisions/032): account type 3, created here only (sign-up
 * never makes one). The new operator chooses a password through the emailed link (the
 * password reset screen), then must turn on two-factor authentication before anything else.
 */
export const operatorCommands: Record<string, OperatorCommand> = {
  create: {
    args: '<email> [first name] [last name]',
    help: 'create a back-office operator account and mail it a link to set its password',
    async run(ctx, [rawEmail, firstName, lastName]) {
      const parsed = EmailSchema.safeParse(rawEmail ?? '');
      if (!parsed.success) throw new Error('Give the operator email.');
      const email = parsed.data;
      const [taken] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      if (taken) throw new Error(`An account with email ${email} already exists.`);
      const [user] = await ctx.db
        .insert(users)
        .values({
          email,
          // No password verifies against this: the operator sets one through the mailed link.
          passwordHash: `unusable:${randomToken()}`,
          firstName: firstName?.trim() || 'Operator',
          lastName: lastName?.trim() || '',
          type: AccountType.Operator,
          com: randomToken().slice(0, 12),
          emailVerifiedAt: new Date(),
        })
        .onConflictDoNothing()
        .returning();
      if (!user) throw new Error(`An account with email ${email} already exists.`);
      await mailPasswordLink(ctx, user);
      return `Operator ${email} created; a link to set the password was mailed.`;
    },
  },
  list: {
    args: '',
    help: 'list the back-office operators',
    async run(ctx) {
      const rows = await ctx.db
        .select({
          id: users.id,
          email: users.email,
          disabledAt: users.disabledAt,
          twoFactorSecret: users.twoFactorSecret,
        })
        .from(users)
        .where(eq(users.type, AccountType.Operator))
        .orderBy(asc(users.id));
      if (rows.length === 0) return 'No operators.';
      return rows
        .map(
          (r) =>
            `#${r.id} ${r.email}${r.twoFactorSecret ? '' : ' (two-factor not on yet)'}${r.disabledAt ? ' (disabled)' : ''}`,
        )
        .join('\n');
    },
  },
};
