import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail } from '@cryptads/contract/marketplace';
import { MARKETPLACE_MESSAGES as M } from '@cryptads/contract/marketplace-messages';
import { marketplaceCommands } from '../../operator/commands/marketplace';
import { loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { accountBalance, available, held, platform } from '../ledger/ledger.service';
import { acceptItem, deliverItem } from './lifecycle';
import { articleWith, call, expectLedgerOk, itemRow, paidOrder, servePages } from './test-helpers';

const TARGET = 'https://buyer.example/landing';

let app: TestApp;
let site: Awaited<ReturnType<typeof servePages>>;
beforeAll(async () => {
  app = await createTestApp({ VERIFY_ALLOW_PRIVATE: '1', VERIFY_TIMEOUT_MS: '2000' });
  site = await servePages({
    '/press': { body: articleWith(`<a href="${TARGET}">buyer</a>`) },
    '/gone': { status: 410, body: 'gone' },
  });
});
afterAll(async () => {
  await site.close();
  await app.closeAll();
});

const run = (action: keyof typeof marketplaceCommands, ...args: string[]) => {
  const command = marketplaceCommands[action];
  if (!command) throw new Error(`no command ${action}`);
  return command.run(app.ctx, args);
};
const balance = (ref: Parameters<typeof accountBalance>[1]) => accountBalance(app.ctx.db, ref);

describe('the operator fulfils the network’s own listings', () => {
  it('accepts and delivers a network item; the buyer’s approval puts the whole price into revenue', async () => {
    const { buyer, order, items } = await paidOrder(app, [
      { ownerId: null, price: 300, title: 'Press release on our network' },
    ]);
    const item = items[0] as (typeof items)[number];
    expect(await run('items', '--open')).toContain(`#${item.id}  pending`);
    expect(await run('accept', String(item.id))).toMatch(new RegExp(`^Item #${item.id} accepted; deliver it by `));
    const delivered = await run('deliver', String(item.id), site.url('/press'));
    expect(delivered).toMatch(new RegExp(`^Item #${item.id} delivered \\(\\d{4}-\\d{2}-\\d{2}\\)`));
    expect(delivered).not.toContain('problem');

    const revenue = await balance(platform('revenue'));
    const approved = await call<OrderDetail>(
      app,
      buyer.headers,
      'POST',
      `/marketplace/orders/${order.unique}/items/${item.id}/approve`,
    );
    expect(approved.status).toBe(200);
    expect((await balance(platform('revenue'))) - revenue).toBe(300_000_000n);
    expect(await itemRow(app, item.id)).toMatchObject({ state: 'completed', commissionPercent: 100 });
    expect(await run('items')).toContain(`#${item.id}  completed`);
    expect(await run('items', '--open')).not.toContain(`#${item.id} `);
    await expectLedgerOk(app);
  });

  it('says what the proof check found, and denies with a reason (refunded)', async () => {
    const { buyer, items } = await paidOrder(app, [
      { ownerId: null, price: 12 },
      { ownerId: null, price: 8 },
    ]);
    const [a, b] = items as [(typeof items)[number], (typeof items)[number]];
    await run('accept', String(a.id));
    expect(await run('deliver', String(a.id), site.url('/gone'), new Date().toISOString().slice(0, 10))).toContain(
      'The proof check found a problem: The proof page answered with HTTP status 410.',
    );
    expect(await run('deny', String(b.id), 'Our', 'editor', 'declined', 'this', 'topic.')).toBe(
      `Item #${b.id} denied; €8.00 is back in the buyer's balance.`,
    );
    expect(await itemRow(app, b.id)).toMatchObject({ state: 'denied', denyReason: 'Our editor declined this topic.' });
    expect(await balance(available(buyer.user.id))).toBe(8_000_000n);
    await expectLedgerOk(app);
  });

  it('leaves publishers’ items to their sellers (404) and refuses bad input', async () => {
    const seller = await loginAs(app, 'publisher');
    const { items } = await paidOrder(app, [{ ownerId: seller.user.id, price: 10 }]);
    const item = items[0] as (typeof items)[number];
    await expect(run('accept', String(item.id))).rejects.toThrow(M.itemNotFound);
    await expect(run('deny', String(item.id), 'no')).rejects.toThrow(M.itemNotFound);
    await expect(run('accept', 'x')).rejects.toThrow('Give the item id');
    await expect(run('deny', String(item.id))).rejects.toThrow('Give the reason');
    await expect(run('deliver', String(item.id), 'not-a-url')).rejects.toThrow('Give the address');
    expect((await itemRow(app, item.id)).state).toBe('pending');
  });
});

describe('the operator settles a disputed item of any seller', () => {
  it('completes a delivered item whose proof check failed: the seller is paid', async () => {
    const seller = await loginAs(app, 'publisher');
    const { items } = await paidOrder(app, [{ ownerId: seller.user.id, price: 45 }]);
    const item = items[0] as (typeof items)[number];
    const actor = { kind: 'seller' as const, userId: seller.user.id };
    await acceptItem(app.ctx, actor, item.id);
    await deliverItem(app.ctx, actor, item.id, { proofUrl: site.url('/gone') });
    expect(await run('complete', String(item.id))).toBe(`Item #${item.id} completed (commission 20 %).`);
    expect(await balance(available(seller.user.id))).toBe(36_000_000n);
    await expect(run('complete', String(item.id))).rejects.toThrow(M.itemWrongState);
    await expectLedgerOk(app);
  });

  it('refunds a delivered item to the buyer', async () => {
    const seller = await loginAs(app, 'publisher');
    const { buyer, items } = await paidOrder(app, [{ ownerId: seller.user.id, price: 15 }]);
    const item = items[0] as (typeof items)[number];
    const actor = { kind: 'seller' as const, userId: seller.user.id };
    await acceptItem(app.ctx, actor, item.id);
    await deliverItem(app.ctx, actor, item.id, { proofUrl: site.url('/gone') });
    expect(await run('refund', String(item.id), 'The article was never published.')).toBe(
      `Item #${item.id} refunded; €15.00 is back in the buyer's balance.`,
    );
    expect(await balance(available(buyer.user.id))).toBe(15_000_000n);
    expect(await balance(held(buyer.user.id))).toBe(0n);
    expect(await balance(available(seller.user.id))).toBe(0n);
    await expectLedgerOk(app);
  });
});
