import { rmSync } from 'node:fs';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderDetailSchema, OrderListSchema } from '@cryptads/contract/marketplace';
import { OrderStatus } from '@cryptads/contract/marketplace-messages';
import { eurosToMicros } from '@cryptads/contract/money';
import { marketplaceOrderItems } from '../db/schema/marketplace';
import { users } from '../db/schema/users';
import { tempDataDir } from '../modules/campaigns/test-helpers';
import { checkLedger } from '../modules/ledger/check';
import { createSession } from '../modules/sessions/sessions.service';
import { bearer, body, drainEvents } from '../testing/helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { DEMO_ACCOUNTS, seedDemo } from './demo';

const ADVERTISER = 'advertiser@cryptads.example';
const PUBLISHER = 'publisher@cryptads.example';

/** The demo advertiser's orders as the orders screen shows them after `npm start`. */
describe('the demo marketplace orders', () => {
  let app: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = tempDataDir();
    app = await createTestApp({ DATA_DIR: dir, DEMO_HISTORY_DAYS: '0' });
  });
  afterAll(async () => {
    await app.closeAll();
    rmSync(dir, { recursive: true, force: true });
  });

  const headersOf = async (email: string) => {
    const [user] = await app.ctx.db.select().from(users).where(eq(users.email, email));
    if (!user) throw new Error(`no ${email}`);
    const { token } = await createSession(app.ctx.db, {
      userId: user.id,
      scope: 'full',
      rememberMe: false,
      meta: { ip: '127.0.0.1', userAgent: 'vitest' },
    });
    return { user, headers: bearer(token) };
  };

  it('shows orders in every state, consistent with the ledger, the balance unchanged; once', async () => {
    await seedDemo(app.ctx);
    await drainEvents(app);
    await seedDemo(app.ctx);
    await drainEvents(app);

    const { user, headers } = await headersOf(ADVERTISER);
    expect(user.balanceMicros).toBe(
      eurosToMicros(DEMO_ACCOUNTS.find((a) => a.email === ADVERTISER)?.depositEuros ?? -1),
    );
    const list = OrderListSchema.parse(
      body(await app.inject({ method: 'GET', url: '/api/marketplace/orders', headers })).response,
    );
    expect(list.order).toHaveLength(6);
    const details = await Promise.all(
      list.order.map(async (unique) =>
        OrderDetailSchema.parse(
          body(await app.inject({ method: 'GET', url: `/api/marketplace/orders/${unique}`, headers })).response,
        ),
      ),
    );
    expect(details.map((d) => d.status).sort()).toEqual(
      [
        OrderStatus.Pending,
        OrderStatus.Pending,
        OrderStatus.Completed,
        OrderStatus.Completed,
        OrderStatus.Processing,
        OrderStatus.Denied,
      ].sort(),
    );
    const paidItems = details.filter((d) => d.status === OrderStatus.Completed).flatMap((d) => d.listings);
    expect(paidItems.map((i) => i.state).sort()).toEqual(
      ['accepted', 'completed', 'delivered', 'denied', 'expired', 'pending'].sort(),
    );
    const delivered = paidItems.find((i) => i.state === 'delivered');
    expect(delivered?.proofUrl).toMatch(/^https:\/\/.+\/sponsored\/ada-media-launch$/);
    expect(delivered?.proofCheck).toMatchObject({ live: true, linksToTarget: true, broken: false });
    expect(new Date(delivered?.completeBy ?? 0).getTime()).toBeGreaterThan(Date.now());
    const pending = paidItems.find((i) => i.state === 'pending');
    expect(new Date(pending?.acceptBy ?? 0).getTime()).toBeGreaterThan(Date.now());
    expect(paidItems.find((i) => i.state === 'completed')?.deliveryDate).not.toBeNull();
    expect(details.some((d) => d.package !== null && d.status === OrderStatus.Pending)).toBe(true);
    expect(details.every((d) => d.billingComplete)).toBe(true);

    // The demo publisher has an item to accept, one under review, one paid and one it let expire.
    const publisher = await headersOf(PUBLISHER);
    const sold = await app.ctx.db
      .select({ state: marketplaceOrderItems.state })
      .from(marketplaceOrderItems)
      .where(and(eq(marketplaceOrderItems.sellerId, publisher.user.id), isNotNull(marketplaceOrderItems.holdId)));
    expect(sold.map((i) => i.state).sort()).toEqual(['completed', 'delivered', 'expired', 'pending']);
    expect((await checkLedger(app.ctx.db)).ok).toBe(true);
  }, 120_000);
});
