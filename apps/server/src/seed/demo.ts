import { AccountType } from '@cryptads/contract/account';
import { count, eq, inArray } from 'drizzle-orm';
import { DAY_MS } from '@cryptads/contract/dates';
import { eurosToMicros } from '@cryptads/contract/money';
import type { AppContext } from '../context';
import { statsHourly } from '../db/schema/stats';
import { users } from '../db/schema/users';
import { randomToken } from '../lib/crypto';
import { hashPassword, verifyPassword } from '../lib/password';
import { seedDemoAnnouncements } from '../modules/announcements/demo-announcements';
import { seedDemoCampaigns } from '../modules/campaigns/demo-campaigns';
import { creditDeposit } from '../modules/ledger/ledger.service';
import { seedDemoPayouts } from '../modules/payouts/demo-payouts';
import { ensureDefaultTerms } from '../modules/terms/terms.service';
import { seedDemoWebsites } from '../modules/websites/demo-websites';
import { runHistory } from '../simulator/history';
import { DEMO_DEPOSITS_EUROS, demoOpeningKey, seedDemoBilling } from './demo-billing';
import { seedDemoGoals } from './demo-conversions';
import { seedDemoMarketplace } from './demo-marketplace';
import { FINISHED_DAYS_AGO, seedDemoMarketplaceOrders } from './demo-marketplace-orders';

/** The demo logins, printed on start and written in the README. 2FA is off for both. */
export const DEMO_ACCOUNTS = [
  {
    email: 'advertiser@cryptads.example',
    password: 'Advertiser#2026',
    firstName: 'Ada',
    lastName: 'Advertiser',
    type: 1 as const,
    /** The balance shown after seeding: an opening credit plus the paid demo deposits (demo-billing.ts). */
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

/**
 * The demo back-office login (docs/decisions/032). Operators cannot skip two-factor
 * authentication: at the first login the back office shows only the screen that turns it on.
 */
export const DEMO_OPERATOR = {
  email: 'operator@cryptads.example',
  password: 'Operator#2026',
  firstName: 'Olga',
  lastName: 'Operator',
};

export type SeedLog = (message: string) => void;

/**
 * Whether the demo world is in this database (seeded now or on an earlier start): only then
 * does the server print the demo logins, never in a production that never created them.
 */
export async function hasDemoWorld(ctx: AppContext): Promise<boolean> {
  const emails = [...DEMO_ACCOUNTS.map((a) => a.email), DEMO_OPERATOR.email];
  const [row] = await ctx.db.select({ n: count() }).from(users).where(inArray(users.email, emails));
  return (row?.n ?? 0) > 0;
}

/**
 * Where the demo world's past begins: the start of the traffic history's first UTC day, or of
 * the day before the oldest demo order when that is earlier. The opening credit and the
 * publisher's earlier earnings are dated there, before anything they pay for, so every
 * statement reads as a real account's (never below zero on the way).
 */
export function demoWorldStart(historyDays: number, now = new Date()): Date {
  const daysAgo = Math.max(historyDays - 1, FINISHED_DAYS_AGO + 1);
  return new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS - daysAgo * DAY_MS);
}

/** Creates the demo world; idempotent per account. */
export async function seedDemo(ctx: AppContext, opts: { log?: SeedLog } = {}) {
  const worldStart = demoWorldStart(ctx.config.demo.historyDays);
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
      // The advertiser's paid deposits (seedDemoBilling) bring the rest of its balance.
      if (account.depositEuros > 0)
        await creditDeposit(tx, {
          userId: user.id,
          provider: 'bank',
          amountMicros: eurosToMicros(account.depositEuros - DEMO_DEPOSITS_EUROS),
          feeMicros: 0n,
          vatMicros: 0n,
          description: 'Demo deposit',
          reference: 'demo',
          idempotencyKey: demoOpeningKey(account.email),
          at: worldStart,
        });
    });
  }
  const [operator] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_OPERATOR.email))
    .limit(1);
  if (!operator)
    await ctx.db.insert(users).values({
      email: DEMO_OPERATOR.email,
      passwordHash: await hashPassword(DEMO_OPERATOR.password),
      firstName: DEMO_OPERATOR.firstName,
      lastName: DEMO_OPERATOR.lastName,
      type: AccountType.Operator,
      com: randomToken().slice(0, 12),
      emailVerifiedAt: new Date(),
    });
  await seedDemoWebsites(ctx.db, 'publisher@cryptads.example');
  await seedDemoCampaigns(ctx, 'advertiser@cryptads.example');
  // Conversion goals on every demo campaign: the history below converts a share of its clicks.
  await seedDemoGoals(ctx, 'advertiser@cryptads.example');
  // A verified company and paid deposits with their invoices (after the opening credit above).
  await seedDemoBilling(ctx, 'advertiser@cryptads.example');
  // The marketplace catalogue (listings, packages, pictures, trending); demo orders come after it.
  await seedDemoMarketplace(ctx, { publisherEmail: 'publisher@cryptads.example', log: opts.log });
  // The advertiser's orders in every state, paid from a demo deposit of what they cost (balance unchanged).
  await seedDemoMarketplaceOrders(ctx, {
    advertiserEmail: 'advertiser@cryptads.example',
    publisherEmail: 'publisher@cryptads.example',
    log: opts.log,
  });
  await seedDemoHistory(ctx, opts.log);
  // After the history: the publisher's past payouts are its monthly earnings.
  await seedDemoPayouts(ctx, 'publisher@cryptads.example', new Date(), { earningsBefore: worldStart });
  // This server's delivery index was built before the seed, which emits no domain events: read
  // it again now, or the new zones would wait for the next fingerprint check (15 s) to serve.
  await ctx.delivery?.engine.refresh();
}

/**
 * DEMO_HISTORY_DAYS days of simulated traffic between the demo advertiser and the demo
 * publisher, recorded through the delivery recorder (so reports, balances and the ledger
 * agree). The advertiser first receives a deposit of exactly what the history costs: the
 * visible balance stays the demo deposit. Skipped when the demo world has statistics already.
 */
async function seedDemoHistory(ctx: AppContext, log?: SeedLog) {
  const days = ctx.config.demo.historyDays;
  if (days <= 0) return;
  const emails = DEMO_ACCOUNTS.map((a) => a.email);
  const accounts = await ctx.db
    .select({ id: users.id, email: users.email, type: users.type })
    .from(users)
    .where(inArray(users.email, emails));
  const advertiser = accounts.find((a) => a.type === 1);
  const publisher = accounts.find((a) => a.type === 2);
  if (!advertiser || !publisher) return;
  const [existing] = await ctx.db
    .select({ n: count() })
    .from(statsHourly)
    .where(eq(statsHourly.advertiserId, advertiser.id));
  if ((existing?.n ?? 0) > 0) return;
  const summary = await runHistory(ctx, {
    days,
    seed: 2026,
    perDay: 2000,
    // The Performance tab's raw events for the last days; rollups for all of them (seed speed).
    rawDays: 2,
    filter: { advertiserIds: [advertiser.id], publisherIds: [publisher.id] },
    fund: {
      description: 'Demo deposit (simulated traffic history)',
      idempotencyKey: (id) => `demo-history-deposit:${id}`,
    },
  });
  log?.(
    `Demo history: ${summary.days} days, ${summary.impressions} impressions, ${summary.clicks} clicks, ` +
      `${summary.conversions ?? 0} conversions, ` +
      `€${(Number(summary.costMicros) / 1e6).toFixed(2)} spent, recorded in ${(summary.ms / 1000).toFixed(1)} s`,
  );
}

/** Seeds only a database that has no users at all (first start). */
/** No account at all: a database the demo world may be seeded into. */
export async function isEmptyDatabase(ctx: Pick<AppContext, 'db'>): Promise<boolean> {
  const [row] = await ctx.db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

/**
 * The demo logins as they are now, not as the seed left them: a restart after the operator
 * turned two-factor authentication on, or after someone changed a demo password, says so.
 */
export async function demoLoginLines(ctx: Pick<AppContext, 'db'>): Promise<string[]> {
  const accounts = [
    ...DEMO_ACCOUNTS.map((a) => ({ ...a, label: a.type === 1 ? 'Advertiser' : 'Publisher ' })),
    { ...DEMO_OPERATOR, label: 'Operator  ' },
  ];
  const rows = await ctx.db
    .select({ email: users.email, passwordHash: users.passwordHash, twoFactorSecret: users.twoFactorSecret })
    .from(users)
    .where(
      inArray(
        users.email,
        accounts.map((a) => a.email),
      ),
    );
  const lines = ['', '  Demo logins:'];
  for (const account of accounts) {
    const row = rows.find((r) => r.email === account.email);
    if (!row) continue;
    const notes: string[] = [];
    if (account === accounts.at(-1)) notes.push('back office /admin/');
    const twoFactorOn = row.twoFactorSecret !== null;
    if (twoFactorOn) notes.push('2FA on: a code from the app it was set up with');
    else notes.push(account === accounts.at(-1) ? 'turns on 2FA at the first login' : '2FA off');
    const password = (await verifyPassword(row.passwordHash, account.password))
      ? account.password
      : '(password changed since the seed)';
    lines.push(`    ${account.label}  ${account.email}  /  ${password}  (${notes.join('; ')})`);
  }
  lines.push('');
  return lines;
}

export async function printDemoLogins(ctx: Pick<AppContext, 'db'>) {
  for (const line of await demoLoginLines(ctx)) console.log(line);
}
