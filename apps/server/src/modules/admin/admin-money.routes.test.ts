import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminOverview } from '@cryptads/contract/endpoints/admin';
import type {
  QueueDeadLetter,
  QueueListing,
  QueueMarketplaceItem,
  QueueTraffic,
  QueuePayout,
} from '@cryptads/contract/endpoints/admin-queues';
import { FilterReason } from '@cryptads/contract/delivery';
import { eurosToMicros } from '@cryptads/contract/money';
import { body, loginAs } from '../../testing/helpers';
import { billingProfiles } from '../../db/schema/billing-profile';
import { users } from '../../db/schema/users';
import { zones } from '../../db/schema/websites';
import { auditEntries } from '../../db/schema/audit';
import { ZoneStatus } from '@cryptads/contract/websites-messages';
import { postAdSpend } from '../ledger/ledger.service';
import { depositFor } from '../ledger/test-helpers';
import { runPayouts } from '../payouts/payouts.service';
import { insertListing } from '../marketplace/test-helpers';
import { articleWith, itemRow, paidOrder, servePages } from '../marketplace-fulfilment/test-helpers';
import { deliveryDeadLetters } from '../../db/schema/delivery-stream';
import { balanceOf } from '../payments/test-helpers';
import { recordBatch } from '../delivery/writer/record-batch';
import { approvedWebsite, fundedAdvertiser, runningCampaign } from '../delivery/test-helpers';
import { type DeliveryEvent, EventKind } from '../delivery/types';

import { setUpAdminApp } from './test-helpers';

describe('admin API: payouts, marketplace, dead letters and traffic', () => {
  const { s, get, post, auditCount } = setUpAdminApp();

  /** A verified SEPA publisher with earnings, as the payout job pays them (see payouts.test.ts). */
  async function payablePublisher(euros: number) {
    const p = await loginAs(s.app, 'publisher');
    await s.app.ctx.db.update(users).set({ kycVerified: 1 }).where(eq(users.id, p.user.id));
    await s.app.ctx.db.insert(billingProfiles).values({
      userId: p.user.id,
      isCompany: false,
      firstName: 'Paul',
      lastName: 'Tester',
      address: '1 Main Street, Berlin',
      country: 'DE',
      payoutMethod: 'sepa',
      payoutFrequency: 0,
      selfBillingAgreedAt: new Date(),
      payoutIban: 'DE89370400440532013000',
      payoutBic: 'COBADEFFXXX',
      payoutBankName: 'Commerzbank',
    });
    const adv = await loginAs(s.app, 'advertiser');
    const micros = eurosToMicros(euros);
    await depositFor(s.app, adv.user.id, micros);
    await s.app.ctx.db.transaction((tx) =>
      postAdSpend(tx, [
        { advertiserId: adv.user.id, publisherId: p.user.id, costMicros: micros, earningsMicros: micros },
      ]),
    );
    return p;
  }

  describe('payouts and listings', () => {
    it('marks a payout sent with its reference, another failed with the reason', async () => {
      const pub = await payablePublisher(60);
      const { created } = await runPayouts(s.app.ctx, new Date('2026-12-01T06:00:00Z'));
      const sent = created.find((p) => p.userId === pub.user.id);
      if (!sent) throw new Error('the payout job made no payout');
      const queue = body<{ items: QueuePayout[]; total: number }>(
        await get(`/api/admin/queues/payouts?q=${encodeURIComponent(pub.email)}`, s.operator),
      ).response;
      expect(queue.items.map((p) => [p.id, p.amountMicros])).toEqual([[sent.id, '60000000']]);
      // The operator sees the whole account to pay (the publisher's own screens mask it).
      expect(queue.items[0]?.destination).toMatch(/^IBAN DE\d{20} · BIC \w+ · Commerzbank$/);
      const res = await post(`/api/admin/payouts/${sent.id}/sent`, s.operator, { reference: 'SEPA-123' });
      expect([res.statusCode, body(res).reason]).toEqual([200, null]);
      const list = body<{ payouts: { id: number; status: string; reference: string | null }[] }>(
        await get('/api/billing/payouts', pub.headers),
      ).response;
      expect(JSON.stringify(list)).toContain('SEPA-123');
      expect(await auditCount('payout', sent.id)).toBe(1);
      // Not requested any more: it left the queue.
      expect(
        body<{ total: number }>(await get(`/api/admin/queues/payouts?q=${encodeURIComponent(pub.email)}`, s.operator))
          .response.total,
      ).toBe(0);
      expect((await post(`/api/admin/payouts/${sent.id}/failed`, s.operator, {})).statusCode).toBe(400);
      expect(await auditCount('payout', sent.id)).toBe(1);
    });

    it('lists sent payouts apart and marks one completed; runs the payout job for a day', async () => {
      const pub = await payablePublisher(70);
      const { created } = await runPayouts(s.app.ctx, new Date('2027-03-01T06:00:00Z'));
      const payout = created.find((p) => p.userId === pub.user.id);
      if (!payout) throw new Error('the payout job made no payout');
      const q = encodeURIComponent(pub.email);
      const sentQueue = async () =>
        body<{ items: QueuePayout[]; total: number }>(
          await get(`/api/admin/queues/payouts?state=sent&q=${q}`, s.operator),
        ).response;
      expect((await sentQueue()).total).toBe(0);
      expect((await post(`/api/admin/payouts/${payout.id}/sent`, s.operator, { reference: 'SEPA-9' })).statusCode).toBe(
        200,
      );
      expect((await sentQueue()).items.map((p) => [p.id, p.status, p.reference])).toEqual([
        [payout.id, 'sent', 'SEPA-9'],
      ]);

      const res = await post(`/api/admin/payouts/${payout.id}/complete`, s.operator);
      expect([res.statusCode, body(res).reason]).toEqual([200, null]);
      expect(body<{ output: string }>(res).response.output).toContain(`Payout #${payout.id}`);
      const list = body<{ id: number; status: string }[]>(await get('/api/billing/payouts', pub.headers)).response;
      expect(list.find((p) => p.id === payout.id)?.status).toBe('completed');
      expect((await sentQueue()).total).toBe(0);
      expect(await auditCount('payout', payout.id)).toBe(2);
      expect((await get('/api/admin/queues/payouts?state=failed', s.operator)).statusCode).toBe(400);

      // The job, as on a payout day: the publisher's next payout appears in the requested queue.
      const next = await payablePublisher(55);
      const run = await post('/api/admin/payouts/run', s.operator, { date: '2027-05-01' });
      expect([run.statusCode, body(run).reason]).toEqual([200, null]);
      expect(body<{ output: string }>(run).response.output).toMatch(/^Payout run 2027-0\d/);
      const requested = body<{ items: QueuePayout[] }>(
        await get(`/api/admin/queues/payouts?q=${encodeURIComponent(next.email)}`, s.operator),
      ).response;
      expect(requested.items.map((p) => [p.status, p.amountMicros])).toEqual([['requested', '55000000']]);
      expect(await auditCount('payout', '2027-05-01')).toBe(1);
      expect((await post('/api/admin/payouts/run', s.operator, { date: '1 May' })).statusCode).toBe(400);
      // The shape of a day that does not exist: it ran as 2026-03-02 before.
      expect((await post('/api/admin/payouts/run', s.operator, { date: '2026-02-30' })).statusCode).toBe(400);
    });

    it('publishes one listing request and rejects another with the reason', async () => {
      const pub = await loginAs(s.app, 'publisher');
      const a = await insertListing(s.app.ctx.db, { ownerId: pub.user.id, status: 0, title: 'Probe A' });
      const b = await insertListing(s.app.ctx.db, {
        ownerId: pub.user.id,
        status: 0,
        title: 'Probe B',
        price: 4100,
        discount: 10,
      });
      const queue = body<{ items: QueueListing[]; total: number }>(
        await get(`/api/admin/queues/listings?q=${encodeURIComponent(pub.email)}&sort=title`, s.operator),
      ).response;
      expect(queue.items.map((l) => l.title)).toEqual(['Probe A', 'Probe B']);
      // The price the listing sells at, as the publisher reads it in My Listings: 4 100 less 10 %.
      expect(queue.items[1]?.priceMicros).toBe('3690000000');
      const mine = body<{ listings: { title: string; finalPrice: number }[] }>(
        await get('/api/marketplace/selling/listings', pub.headers),
      ).response;
      expect(mine.listings.find((l) => l.title === 'Probe B')?.finalPrice).toBe(3690);
      expect((await post(`/api/admin/listings/${a.unique}/approve`, s.operator)).statusCode).toBe(200);
      const rejected = await post(`/api/admin/listings/${b.unique}/reject`, s.operator, { reason: 'No traffic.' });
      expect(rejected.statusCode).toBe(200);
      expect(await auditCount('listing', a.unique)).toBe(1);
      expect(await auditCount('listing', b.unique)).toBe(1);
      expect(
        body<{ total: number }>(await get(`/api/admin/queues/listings?q=${encodeURIComponent(pub.email)}`, s.operator))
          .response.total,
      ).toBe(0);
    });
  });

  it('marketplace: accepts an item of a network listing, then denies it and the buyer is refunded', async () => {
    const title = `Network probe ${Date.now().toString(36)}`;
    const { buyer, items } = await paidOrder(s.app, [{ title, price: 80 }]);
    const item = items[0];
    if (!item) throw new Error('no item');
    const queue = body<{ items: QueueMarketplaceItem[]; total: number }>(
      await get(`/api/admin/queues/marketplace?q=${encodeURIComponent(title)}`, s.operator),
    ).response;
    expect(queue.items.map((i) => [i.id, i.state, i.priceMicros])).toEqual([[item.id, 'pending', '80000000']]);
    expect((await post(`/api/admin/marketplace/items/${item.id}/accept`, s.operator)).statusCode).toBe(200);
    expect((await itemRow(s.app, item.id)).state).toBe('accepted');
    const denied = await post(`/api/admin/marketplace/items/${item.id}/deny`, s.operator, { reason: 'Site is down.' });
    expect(denied.statusCode).toBe(200);
    expect(await itemRow(s.app, item.id)).toMatchObject({ state: 'denied', denyReason: 'Site is down.' });
    expect(await balanceOf(s.app, buyer.user.id)).toBe(eurosToMicros(80));
    expect(await auditCount('marketplace', item.id)).toBe(2);
    expect(
      body<{ total: number }>(await get(`/api/admin/queues/marketplace?q=${encodeURIComponent(title)}`, s.operator))
        .response.total,
    ).toBe(0);
  });

  it('marketplace: settles delivered items of network listings: one completed, one refunded to the buyer', async () => {
    const title = `Settle probe ${Date.now().toString(36)}`;
    const { buyer, items } = await paidOrder(s.app, [
      { title, price: 30 },
      { title, price: 40 },
    ]);
    const [done, refunded] = items;
    if (!done || !refunded) throw new Error('no items');
    const site = await servePages({
      '/live': { body: articleWith('<a href="https://buyer.example/landing">buyer</a>') },
    });
    try {
      for (const [item, path] of [
        [done, '/live'],
        [refunded, '/gone'],
      ] as const) {
        expect((await post(`/api/admin/marketplace/items/${item.id}/accept`, s.operator)).statusCode).toBe(200);
        const delivered = await post(`/api/admin/marketplace/items/${item.id}/deliver`, s.operator, {
          proofUrl: site.url(path),
        });
        expect([delivered.statusCode, body(delivered).reason]).toEqual([200, null]);
      }
    } finally {
      await site.close();
    }
    const queue = body<{ items: QueueMarketplaceItem[] }>(
      await get(`/api/admin/queues/marketplace?q=${encodeURIComponent(title)}`, s.operator),
    ).response;
    expect(queue.items.map((i) => [i.id, i.state, i.network, i.proofProblem === null])).toEqual([
      [done.id, 'delivered', true, true],
      [refunded.id, 'delivered', true, false],
    ]);
    expect(queue.items[0]?.completeBy).not.toBeNull();

    const completed = await post(`/api/admin/marketplace/items/${done.id}/complete`, s.operator);
    expect([completed.statusCode, body(completed).reason]).toEqual([200, null]);
    expect((await itemRow(s.app, done.id)).state).toBe('completed');
    expect((await post(`/api/admin/marketplace/items/${refunded.id}/refund`, s.operator, {})).statusCode).toBe(400);
    const res = await post(`/api/admin/marketplace/items/${refunded.id}/refund`, s.operator, {
      reason: 'Link removed.',
    });
    expect([res.statusCode, body(res).reason]).toEqual([200, null]);
    expect(await itemRow(s.app, refunded.id)).toMatchObject({ state: 'denied', denyReason: 'Link removed.' });
    expect(await balanceOf(s.app, buyer.user.id)).toBe(eurosToMicros(40));
    // Settled twice: refused (the item is not delivered any more), nothing more written.
    expect((await post(`/api/admin/marketplace/items/${done.id}/complete`, s.operator)).statusCode).toBe(409);
    // accept, deliver and the settlement: one entry each.
    expect(await auditCount('marketplace', done.id)).toBe(3);
    expect(await auditCount('marketplace', refunded.id)).toBe(3);
  });

  it('dead letters: listed with their event, counted on the overview, retried one and all', async () => {
    const adv = await fundedAdvertiser(s.app, 50);
    const campaignId = await runningCampaign(s.app, adv.headers);
    const site = await approvedWebsite(s.app);
    const event = {
      kind: EventKind.Impression,
      // Two days ago: today's figures (the traffic test's) stay as they are.
      at: new Date(Date.now() - 2 * 86_400_000).toISOString(),
      impressionId: crypto.randomUUID(),
      campaignId,
      creativeId: 0,
      zoneId: site.banner.id,
      websiteId: site.siteId,
      advertiserId: adv.user.id,
      publisherId: site.publisher.user.id,
      country: 'DE',
      os: 'Windows',
      browser: 'Chrome',
      device: 1,
      costMicros: '500',
    };
    const failed = { error: 'XX000: probe', attempts: 5, firstFailedAt: new Date(), lastFailedAt: new Date() };
    const [good] = await s.app.ctx.db
      .insert(deliveryDeadLetters)
      .values({ event, ...failed })
      .returning({ id: deliveryDeadLetters.id });
    const [bad] = await s.app.ctx.db
      .insert(deliveryDeadLetters)
      .values({ event: { kind: 9 }, ...failed })
      .returning({ id: deliveryDeadLetters.id });
    if (!good || !bad) throw new Error('no dead letters');

    const queue = body<{ items: QueueDeadLetter[]; total: number }>(
      await get('/api/admin/queues/deadletters?q=probe', s.operator),
    ).response;
    expect(queue.items.map((d) => [d.id, d.eventKind, d.campaignId, d.zoneId, d.attempts])).toEqual([
      [good.id, 'impression', campaignId, site.banner.id, 5],
      [bad.id, null, null, null, 5],
    ]);
    expect(body<AdminOverview>(await get('/api/admin/overview', s.operator)).response.queues.deadletters).toBe(2);

    const res = await post(`/api/admin/deadletters/${good.id}/retry`, s.operator);
    expect([res.statusCode, body(res).reason]).toEqual([200, null]);
    const events = body<{ items: QueueDeadLetter[] }>(await get('/api/admin/queues/deadletters', s.operator)).response;
    expect(events.items.map((d) => d.id)).toEqual([bad.id]);
    expect(await auditCount('delivery', good.id)).toBe(1);

    // All: the malformed one is refused again and stays, with one more attempt.
    const all = await post('/api/admin/deadletters/retry', s.operator);
    expect(all.statusCode).toBe(200);
    expect(body<{ output: string }>(all).response.output).toContain('0 of 1 dead letters recorded');
    const left = body<{ items: QueueDeadLetter[] }>(await get('/api/admin/queues/deadletters', s.operator)).response;
    expect(left.items.map((d) => [d.id, d.attempts])).toEqual([[bad.id, 6]]);
    expect(await auditCount('delivery', 'all')).toBe(1);
    await s.app.ctx.db.delete(deliveryDeadLetters).where(eq(deliveryDeadLetters.id, bad.id));
  });

  it('ledger check: runs the check and answers its report, audited', async () => {
    const res = await post('/api/admin/ledger/check', s.operator);
    expect([res.statusCode, body(res).reason]).toEqual([200, null]);
    expect(body<{ output: string }>(res).response.output).toMatch(/^Ledger check: \d+ accounts[\s\S]*No violations\.$/);
    expect(await auditCount('ledger', '')).toBe(1);
  });

  it('traffic: a zone with a high filtered share is in the queue, and today’s figures are in the overview', async () => {
    const adv = await fundedAdvertiser(s.app, 100);
    const campaignId = await runningCampaign(s.app, adv.headers);
    const site = await approvedWebsite(s.app);
    const record = (count: number, filterReason?: FilterReason) =>
      recordBatch(
        s.app.ctx,
        Array.from(
          { length: count },
          (): DeliveryEvent => ({
            kind: EventKind.Impression,
            at: new Date(),
            impressionId: crypto.randomUUID(),
            campaignId,
            creativeId: 0,
            zoneId: site.banner.id,
            websiteId: site.siteId,
            advertiserId: adv.user.id,
            publisherId: site.publisher.user.id,
            country: 'DE',
            os: 'Windows',
            browser: 'Chrome',
            device: 1,
            costMicros: 500n,
            ...(filterReason ? { filterReason } : {}),
          }),
        ),
      );
    await record(40);
    await record(70, FilterReason.DataCentre);
    const queue = body<{ items: QueueTraffic[]; total: number }>(
      await get(`/api/admin/queues/traffic?q=${site.banner.unique}`, s.operator),
    ).response;
    expect(queue.items.map((z) => [z.zone, z.filtered, z.total])).toEqual([[site.banner.unique, 70, 110]]);
    expect(queue.items[0]?.reasons[0]).toMatchObject({ reason: FilterReason.DataCentre, events: 70 });

    const o = body<AdminOverview>(await get('/api/admin/overview', s.operator)).response;
    expect(o.today).toMatchObject({ impressions: 40, filteredImpressions: 70, spendMicros: '20000' });
    expect(o.today.filteredShare).toBeCloseTo(70 / 110, 6);
    expect(BigInt(o.today.earningsMicros)).toBeGreaterThan(0n);
    expect(o.queues.traffic).toBeGreaterThanOrEqual(1);

    // Pausing the flagged zone from the queue: it stops serving, and the action is audited.
    const paused = await post(`/api/admin/zones/${site.banner.id}/pause`, s.operator);
    expect(paused.statusCode).toBe(200);
    const [zone] = await s.app.ctx.db.select({ status: zones.status }).from(zones).where(eq(zones.id, site.banner.id));
    expect(zone?.status).toBe(ZoneStatus.Paused);
    const entries = await s.app.ctx.db
      .select({ action: auditEntries.action })
      .from(auditEntries)
      .where(eq(auditEntries.objectId, String(site.banner.id)));
    expect(entries.map((e) => e.action)).toContain('zone pause');
  });
});
