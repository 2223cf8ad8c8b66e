import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PackageDetailSchema, PackagesSchema } from '@cryptads/contract/marketplace';
import { readAnswer } from '@cryptads/contract/money-schema';
import { ListingStatus, MARKETPLACE_MESSAGES as M } from '@cryptads/contract/marketplace-messages';
import { NotificationListSchema } from '@cryptads/contract/notifications';
import { paths } from '@cryptads/contract/paths';
import { eurosToMicros } from '@cryptads/contract/money';
import { listings, marketplacePackageListings, marketplacePackages } from '../../db/schema/marketplace';
import { listingCommands } from '../../operator/commands/listings';
import { body, drainEvents, loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { insertListing } from './test-helpers';

/** Packages (docs/product/marketplace.md#packages) and the operator's review of listing requests. */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.closeAll();
});

async function insertPackage(
  type: number,
  title: string,
  listingIds: number[],
  opts: { active?: boolean; position?: number } = {},
) {
  const [pkg] = await app.ctx.db
    .insert(marketplacePackages)
    .values({
      unique: randomBytes(9).toString('base64url'),
      type,
      title,
      description: `${title} description`,
      priceMicros: eurosToMicros(999),
      metadata: { features: ['Published within 72 hours'], attributes: { Outlets: String(listingIds.length) } },
      active: opts.active ?? true,
      position: opts.position ?? 0,
    })
    .returning();
  if (!pkg) throw new Error('no package');
  if (listingIds.length)
    await app.ctx.db
      .insert(marketplacePackageListings)
      .values(listingIds.map((listingId, position) => ({ packageId: pkg.id, listingId, position })));
  return pkg;
}

describe('packages', () => {
  it('groups active packages by type, keyed by id in display order, counting active listings', async () => {
    const { headers } = await loginAs(app, 'advertiser');
    const a = await insertListing(app.ctx.db, { title: 'A' });
    const b = await insertListing(app.ctx.db, { title: 'B' });
    const pending = await insertListing(app.ctx.db, { title: 'Pending', status: ListingStatus.Pending });
    const second = await insertPackage(0, 'PR Starter', [a.id, b.id, pending.id], { position: 2 });
    const first = await insertPackage(0, 'PR Global', [a.id], { position: 1 });
    const kol = await insertPackage(1, 'KOL Trio', [b.id]);
    const boost = await insertPackage(2, 'Boost', []);
    await insertPackage(2, 'Retired', [a.id], { active: false });

    const res = await app.inject({ method: 'GET', url: '/api/marketplace/buckets', headers });
    const { packages } = readAnswer(PackagesSchema, body(res).response);
    expect(Object.keys(packages)).toEqual(['0', '1', '2']);
    expect(Object.keys(packages['0'] ?? {})).toEqual([first.unique, second.unique]);
    expect(packages['0']?.[second.unique]).toMatchObject({ title: 'PR Starter', price: 999, type: 0, listingCount: 2 });
    expect(Object.keys(packages['1'] ?? {})).toEqual([kol.unique]);
    expect(Object.keys(packages['2'] ?? {})).toEqual([boost.unique]);
  });

  it('shows one package with its active listings in order and its top 3 featured publishers', async () => {
    const { headers } = await loginAs(app, 'advertiser');
    const pubA = await loginAs(app, 'publisher');
    const pubB = await loginAs(app, 'publisher');
    const db = app.ctx.db;
    const ids = [
      (await insertListing(db, { title: 'Net 1', website: 'network-one.example', featured: 1 })).id,
      (await insertListing(db, { title: 'A 1', ownerId: pubA.user.id, website: 'alpha.example' })).id,
      (await insertListing(db, { title: 'A 2', ownerId: pubA.user.id, website: 'alpha-two.example' })).id,
      (await insertListing(db, { title: 'Net 2', website: 'network-two.example', featured: 5 })).id,
      (await insertListing(db, { title: 'B 1', ownerId: pubB.user.id, website: 'beta.example' })).id,
      (await insertListing(db, { title: 'Gone', status: ListingStatus.Archived, website: 'gone.example' })).id,
    ];
    const pkg = await insertPackage(1, 'KOL Spotlight Pro', ids);
    const res = await app.inject({ method: 'GET', url: `/api/marketplace/buckets/${pkg.unique}`, headers });
    const detail = readAnswer(PackageDetailSchema, body(res).response);
    expect(detail.listings.map((l) => l.title)).toEqual(['Net 1', 'A 1', 'A 2', 'Net 2', 'B 1']);
    expect(detail).toMatchObject({
      title: 'KOL Spotlight Pro',
      description: 'KOL Spotlight Pro description',
      listingCount: 5,
    });
    // Publisher A has two listings; then by featured: Net 2 (5) before Net 1 (1) and B (0).
    expect(detail.featuredPublishers).toEqual([
      { name: 'alpha.example', website: 'alpha.example', listings: 2 },
      { name: 'network-two.example', website: 'network-two.example', listings: 1 },
      { name: 'network-one.example', website: 'network-one.example', listings: 1 },
    ]);
  });

  it('answers 404 for an unknown or retired package', async () => {
    const { headers } = await loginAs(app, 'publisher');
    const retired = await insertPackage(0, 'Old', [], { active: false });
    for (const unique of ['nope', retired.unique]) {
      const res = await app.inject({ method: 'GET', url: `/api/marketplace/buckets/${unique}`, headers });
      expect(res.statusCode).toBe(404);
      expect(body(res).reason).toBe(M.packageNotFound);
    }
  });
});

describe('operator review of listing requests', () => {
  const run = (action: keyof typeof listingCommands, ...args: string[]) => {
    const command = listingCommands[action];
    if (!command) throw new Error(`no command ${action}`);
    return command.run(app.ctx, args);
  };
  const notificationsOf = async (headers: Record<string, string>) =>
    NotificationListSchema.parse(
      body(await app.inject({ method: 'GET', url: '/api/user/notifications', headers })).response,
    ).notifications;

  it('approve publishes a pending request (description cleaned) and tells the owner', async () => {
    const owner = await loginAs(app, 'publisher');
    const buyer = await loginAs(app, 'advertiser');
    const row = await insertListing(app.ctx.db, {
      ownerId: owner.user.id,
      title: 'Owner Weekly',
      status: ListingStatus.Pending,
      description: '<p onclick="steal()">Hello<script>alert(1)</script></p>',
    });
    expect(await run('list', '--pending')).toContain(row.unique);
    expect(
      (await app.inject({ method: 'GET', url: `/api/marketplace/listings/${row.unique}`, headers: buyer.headers }))
        .statusCode,
    ).toBe(404);

    expect(await run('approve', row.unique)).toContain('approved');
    await drainEvents(app);
    const [after] = await app.ctx.db.select().from(listings).where(eq(listings.id, row.id));
    expect(after).toMatchObject({ status: ListingStatus.Active, description: '<p>Hello</p>' });
    expect(
      (await app.inject({ method: 'GET', url: `/api/marketplace/listings/${row.unique}`, headers: buyer.headers }))
        .statusCode,
    ).toBe(200);
    const [notice] = await notificationsOf(owner.headers);
    expect(notice).toMatchObject({ title: 'Listing approved', link: paths.marketplace.listing(row.unique) });
    expect(notice?.message).toContain('Owner Weekly');

    // Approving again changes nothing and tells nobody again.
    expect(await run('approve', row.unique)).toContain('already live');
    await drainEvents(app);
    expect(await notificationsOf(owner.headers)).toHaveLength(1);
    expect(await run('list', '--pending')).not.toContain(row.unique);
  });

  it('reject keeps the reason the owner reads; only a pending request can be rejected', async () => {
    const owner = await loginAs(app, 'publisher');
    const row = await insertListing(app.ctx.db, {
      ownerId: owner.user.id,
      title: 'Too Spammy',
      status: ListingStatus.Pending,
    });
    await expect(run('reject', row.unique)).rejects.toThrow('Give the reason');
    expect(await run('reject', row.unique, 'The', 'website', 'has', 'no', 'traffic.')).toContain('rejected');
    await drainEvents(app);
    const [after] = await app.ctx.db.select().from(listings).where(eq(listings.id, row.id));
    expect(after).toMatchObject({ status: ListingStatus.Rejected, rejectReason: 'The website has no traffic.' });
    const [notice] = await notificationsOf(owner.headers);
    expect(notice).toMatchObject({ title: 'Listing rejected', link: paths.marketplace.myListings });
    expect(notice?.message).toContain('The website has no traffic.');
    // The owner still reads it, with the reason.
    const mine = await app.inject({
      method: 'GET',
      url: `/api/marketplace/listings/${row.unique}`,
      headers: owner.headers,
    });
    expect(body<{ status: number }>(mine).response.status).toBe(ListingStatus.Rejected);

    const active = await insertListing(app.ctx.db, { ownerId: owner.user.id });
    await expect(run('reject', active.unique, 'no')).rejects.toThrow('not waiting for review');
    await expect(run('approve', 'missing')).rejects.toThrow('No listing missing');
    await expect(run('approve')).rejects.toThrow('Give the listing id');
  });
});
