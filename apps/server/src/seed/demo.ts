import { count, eq } from 'drizzle-orm';
import { eurosToMicros } from '@cryptads/contract/money';
import type { AppContext } from '../context';
import { users } from '../db/schema/users';
import { randomToken } from '../lib/crypto';
import { hashPassword } from '../lib/password';
import { seedDemoAnnouncements } from '../modules/announcements/demo-announcements';
import { seedDemoCampaigns } from '../modules/campaigns/demo-campaigns';
import { postLedgerEntry } from '../modules/ledger/ledger.service';
import { ensureDefaultTerms } from '../modules/terms/terms.service';
import { seedDemoWebsites } from '../modules/websites/demo-websites';

/** The demo logins, printed on start and written in the README. 2FA is off for both. */
export const DEMO_ACCOUNTS = [
  {
    email: 'advertiser@cryptads.example',
    password: 'Advertiser#2026',
    firstName: 'Ada',
    lastName: 'Advertiser',
    type: 1 as const,
    depositEuros: 2500,
  },
  {
    email: 'publisher@cryptads.example',
    password: 'Publisher#2026',
    firstName: 'Paul',
    lastName: 'Publisher',
    type: 2 as const,
    depositEuros: 0,
  },
];

/** Creates the demo world; idempotent per account. */
export async function seedDemo(ctx: AppContext) {
  // Terms version 1 (the demo accounts accepted it when they signed up) and announcements.
  await ensureDefaultTerms(ctx.db, ctx.config);
  await seedDemoAnnouncements(ctx.db);
  for (const account of DEMO_ACCOUNTS) {
    const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, account.email)).limit(1);
    if (existing) continue;
    const passwordHash = await hashPassword(account.password);
    await ctx.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: account.email,
          passwordHash,
          firstName: account.firstName,
          lastName: account.lastName,
          type: account.type,
          com: randomToken().slice(0, 12),
          emailVerifiedAt: new Date(),
          currentSignedTerms: 1,
        })
        .returning();
      if (!user) throw new Error('demo user insert returned nothing');
      if (account.depositEuros > 0)
        await postLedgerEntry(tx, {
          userId: user.id,
          amountMicros: eurosToMicros(account.depositEuros),
          kind: 'deposit',
          description: 'Demo deposit',
          idempotencyKey: `demo-deposit:${account.email}`,
        });
    });
  }
  await seedDemoWebsites(ctx.db, 'publisher@cryptads.example');
  await seedDemoCampaigns(ctx, 'advertiser@cryptads.example');
}

/** Seeds only a database that has no users at all (first start). */
export async function seedDemoIfEmpty(ctx: AppContext): Promise<boolean> {
  const [row] = await ctx.db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  await seedDemo(ctx);
  return true;
}

export function printDemoLogins(_ctx: AppContext) {
  console.log('\n  Demo logins (2FA off):');
  for (const a of DEMO_ACCOUNTS)
    console.log(`    ${a.type === 1 ? 'Advertiser' : 'Publisher '}  ${a.email}  /  ${a.password}`);
  console.log('');
}
