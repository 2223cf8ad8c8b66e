import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { QueueName } from '@cryptads/contract/admin-queues';
import { DocumentStatus } from '@cryptads/contract/billing';
import { CampaignStatus } from '@cryptads/contract/campaigns';
import type { QueueQuery, QueueRow } from '@cryptads/contract/endpoints/admin-queues';
import { finalPriceMicros, ListingStatus } from '@cryptads/contract/marketplace-messages';
import { WebsiteStatus, ZoneStatus } from '@cryptads/contract/websites';
import type { AppContext } from '../../context';
import { billingDocuments, billingProfiles } from '../../db/schema/billing-profile';
import { campaigns, creatives, uploads } from '../../db/schema/campaigns';
import { payouts } from '../../db/schema/ledger';
import { listings, marketplaceOrderItems as items, marketplaceOrders as orders } from '../../db/schema/marketplace';
import { bankTransferReferences as transfers } from '../../db/schema/payments';
import { users } from '../../db/schema/users';
import { websites, zones } from '../../db/schema/websites';
import { deadLetterRows } from '../../operator/commands/delivery';
import { flaggedTraffic } from '../../operator/commands/traffic';
import { fullDestination } from '../payouts/payouts.service';
import { idMatch, listQueue, type Page, sqlQueue } from './queue-query';

/**
 * The back office's review queues: where each one's rows come from. Columns,
 * sorts and the search are the contract's (admin-queues.ts); queue-query.ts runs them. Reads
 * only; every decision goes through the operator commands (admin.service.ts).
 */

type Queue<N extends QueueName> = (ctx: AppContext, q: QueueQuery & { state?: string }) => Promise<Page<QueueRow<N>>>;

const iso = (d: Date | null) => d?.toISOString() ?? null;
const ownerVerification = (verifiedAt: Date | null) => ({ verified: verifiedAt !== null, verifiedAt: iso(verifiedAt) });

const campaignsQueue: Queue<'campaigns'> = (ctx, q) =>
  sqlQueue(ctx.db, 'campaigns', q, {
    select: { c: campaigns, email: users.email },
    from: campaigns,
    joins: [{ table: users, on: eq(users.id, campaigns.ownerId) }],
    where: eq(campaigns.status, CampaignStatus.Pending),
    columns: {
      created: campaigns.createdAt,
      name: campaigns.name,
      advertiser: users.email,
      price: campaigns.priceMicros,
      landing: campaigns.landingUrl,
    },
    match: (q) => [idMatch(campaigns.id, q)],
    id: campaigns.id,
    toItems: async (rows, db) => {
      const ids = rows.map((r) => r.c.id);
      const creativeRows = ids.length
        ? await db
            .select({ cr: creatives, key: uploads.storageKey })
            .from(creatives)
            .leftJoin(uploads, eq(uploads.id, creatives.uploadId))
            .where(and(inArray(creatives.campaignId, ids), isNull(creatives.deletedAt)))
            .orderBy(asc(creatives.id))
        : [];
      return rows.map(({ c, email }) => ({
        id: c.id,
        name: c.name,
        kind: c.kind,
        advertiserId: c.ownerId,
        advertiserEmail: email,
        priceMicros: c.priceMicros.toString(),
        landingUrl: c.landingUrl,
        locked: c.isLocked,
        createdAt: c.createdAt.toISOString(),
        creatives: creativeRows
          .filter((r) => r.cr.campaignId === c.id)
          .map(({ cr, key }) => ({
            id: cr.id,
            format: cr.format,
            size: cr.size,
            imageUrl: key ? `/uploads/${key}` : null,
            title: cr.title,
            description: cr.smallDescription ?? cr.longDescription,
          })),
      }));
    },
  });

const pendingZones = sql<number>`(select count(*)::int from ${zones} z where z.website_id = ${websites.id} and z.status = ${ZoneStatus.Pending})`;

const websitesQueue: Queue<'websites'> = (ctx, q) =>
  sqlQueue(ctx.db, 'websites', q, {
    select: { w: websites, email: users.email, pendingZones },
    from: websites,
    joins: [{ table: users, on: eq(users.id, websites.ownerId) }],
    where: eq(websites.status, WebsiteStatus.Pending),
    columns: { created: websites.createdAt, domain: [websites.domain, websites.name], publisher: users.email },
    match: (q) => [idMatch(websites.id, q)],
    id: websites.id,
    toItems: (rows) =>
      rows.map(({ w, email, pendingZones }) => ({
        id: w.id,
        domain: w.domain,
        url: w.url,
        name: w.name,
        publisherId: w.ownerId,
        publisherEmail: email,
        createdAt: w.createdAt.toISOString(),
        verification: ownerVerification(w.verifiedAt),
        pendingZones: Number(pendingZones),
      })),
  });

const zonesQueue: Queue<'zones'> = (ctx, q) =>
  sqlQueue(ctx.db, 'zones', q, {
    select: { z: zones, w: websites, email: users.email },
    from: zones,
    joins: [
      { table: websites, on: eq(websites.id, zones.websiteId) },
      { table: users, on: eq(users.id, websites.ownerId) },
    ],
    where: eq(zones.status, ZoneStatus.Pending),
    columns: {
      created: zones.createdAt,
      domain: websites.domain,
      format: zones.format,
      zone: zones.alias,
      publisher: users.email,
    },
    match: (q) => [eq(zones.unique, q), idMatch(zones.id, q)],
    id: zones.id,
    toItems: (rows) =>
      rows.map(({ z, w, email }) => ({
        id: z.id,
        unique: z.unique,
        alias: z.alias,
        format: z.format,
        size: z.size,
        websiteId: w.id,
        domain: w.domain,
        websiteStatus: w.status,
        publisherEmail: email,
        createdAt: z.createdAt.toISOString(),
        verification: ownerVerification(w.verifiedAt),
      })),
  });

const listingsQueue: Queue<'listings'> = (ctx, q) =>
  sqlQueue(ctx.db, 'listings', q, {
    select: { l: listings, email: users.email },
    from: listings,
    joins: [{ table: users, on: eq(users.id, listings.ownerId), left: true }],
    where: eq(listings.status, ListingStatus.Pending),
    columns: {
      created: listings.createdAt,
      title: listings.title,
      // The price the listing will be sold at: less its discount (docs/product/marketplace.md#listings),
      // as the publisher reads it in My Listings; the same rounding as finalPriceMicros (migration 0008).
      price: sql`marketplace_final_price(${listings.priceMicros}, ${listings.discount})`,
      website: listings.website,
      owner: users.email,
    },
    match: (q) => [eq(listings.unique, q)],
    id: listings.id,
    toItems: (rows) =>
      rows.map(({ l, email }) => ({
        id: l.id,
        unique: l.unique,
        title: l.title,
        category: l.category,
        website: l.website,
        priceMicros: finalPriceMicros(l.priceMicros, l.discount).toString(),
        // A listing of the network's own has no owner (the left join finds none).
        ownerEmail: (email as string | null) ?? null,
        status: l.status,
        createdAt: l.createdAt.toISOString(),
      })),
  });

const submitted = sql<Date>`(select max(d.created_at) from ${billingDocuments} d where d.user_id = ${users.id})`;

const documentsQueue: Queue<'documents'> = (ctx, q) =>
  sqlQueue(ctx.db, 'documents', q, {
    select: { p: billingProfiles, email: users.email, submitted },
    from: billingProfiles,
    joins: [{ table: users, on: eq(users.id, billingProfiles.userId) }],
    where: and(
      eq(billingProfiles.docVerification, DocumentStatus.Pending),
      sql`exists (select 1 from ${billingDocuments} d where d.user_id = ${users.id})`,
    ),
    columns: { submitted, account: [users.email, billingProfiles.companyName, billingProfiles.lastName] },
    id: users.id,
    toItems: async (rows, db) => {
      const ids = rows.map((r) => r.p.userId);
      const docs = ids.length
        ? await db
            .select()
            .from(billingDocuments)
            .where(inArray(billingDocuments.userId, ids))
            .orderBy(desc(billingDocuments.createdAt), desc(billingDocuments.id))
        : [];
      return rows.map(({ p, email, submitted }) => ({
        userId: p.userId,
        email,
        name: p.isCompany ? p.companyName : `${p.firstName} ${p.lastName}`.trim(),
        isCompany: p.isCompany,
        country: p.country,
        docVerification: p.docVerification,
        submittedAt: new Date(submitted).toISOString(),
        documents: docs
          .filter((d) => d.userId === p.userId)
          .map((d) => ({
            id: d.id,
            name: d.name,
            mime: d.mime,
            bytes: d.bytes,
            uploadedAt: d.createdAt.toISOString(),
          })),
      }));
    },
  });

const transfersQueue: Queue<'transfers'> = (ctx, q) =>
  sqlQueue(ctx.db, 'transfers', q, {
    select: { r: transfers, email: users.email },
    from: transfers,
    joins: [{ table: users, on: eq(users.id, transfers.userId) }],
    where: isNull(transfers.confirmedAt),
    columns: { created: transfers.createdAt, account: users.email, reference: transfers.reference },
    // References are stored as capitals and digits; a customer may quote one with spaces or dashes.
    needle: { reference: (q) => q.toUpperCase().replace(/[^A-Z0-9]/g, '') },
    id: transfers.reference,
    toItems: (rows) =>
      rows.map(({ r, email }) => ({
        reference: r.reference,
        userId: r.userId,
        email,
        createdAt: r.createdAt.toISOString(),
        amountMicros: null,
      })),
  });

const payoutsQueue: Queue<'payouts'> = (ctx, q) =>
  sqlQueue(ctx.db, 'payouts', q, {
    select: { p: payouts, email: users.email },
    from: payouts,
    joins: [{ table: users, on: eq(users.id, payouts.userId) }],
    where: eq(payouts.status, q.state ?? 'requested'),
    columns: {
      requested: payouts.requestedAt,
      account: users.email,
      amount: payouts.amountMicros,
      method: payouts.method,
    },
    match: (q) => [idMatch(payouts.id, q)],
    id: payouts.id,
    toItems: (rows) =>
      rows.map(({ p, email }) => ({
        id: p.id,
        userId: p.userId,
        email,
        amountMicros: p.amountMicros.toString(),
        method: p.method,
        destination: fullDestination(p.method, p.destination),
        period: p.period,
        requestedAt: p.requestedAt.toISOString(),
        status: p.status,
        reference: p.reference,
        sentAt: iso(p.sentAt),
      })),
  });

const marketplaceQueue: Queue<'marketplace'> = (ctx, q) =>
  sqlQueue(ctx.db, 'marketplace', q, {
    select: {
      i: items,
      title: listings.title,
      unique: listings.unique,
      email: orders.email,
      created: orders.createdAt,
    },
    from: items,
    joins: [
      { table: orders, on: eq(orders.id, items.orderId) },
      { table: listings, on: eq(listings.id, items.listingId) },
    ],
    // Paid items that wait for the network: its own listings' (no seller) to accept, deliver or
    // settle once delivered, and any seller's delivered item whose proof check found a problem
    // (`marketplace complete` / `refund` settle it).
    where: and(
      isNotNull(items.holdId),
      or(
        and(isNull(items.sellerId), inArray(items.state, ['pending', 'accepted', 'delivered'])),
        and(eq(items.state, 'delivered'), sql`coalesce((${items.proofCheck}->>'broken')::boolean, false)`),
      ),
    ),
    columns: {
      created: orders.createdAt,
      status: items.state,
      price: items.priceMicros,
      listing: listings.title,
      buyer: orders.email,
    },
    match: (q) => [eq(orders.unique, q), idMatch(items.id, q)],
    id: items.id,
    toItems: (rows) =>
      rows.map(({ i, title, unique, email, created }) => ({
        id: i.id,
        state: i.state,
        priceMicros: i.priceMicros.toString(),
        listingTitle: title,
        listingUnique: unique,
        buyerEmail: email,
        acceptBy: iso(i.acceptBy),
        deliverBy: iso(i.deliverBy),
        completeBy: iso(i.completeBy),
        network: i.sellerId === null,
        proofProblem: i.proofCheck?.broken ? (i.proofCheck.problem ?? 'The proof check failed.') : null,
        createdAt: created.toISOString(),
      })),
  });

const trafficQueue: Queue<'traffic'> = async (ctx, q) =>
  listQueue('traffic', q, await flaggedTraffic(ctx), {
    columns: { share: (z) => z.share, filtered: (z) => z.filtered, domain: (z) => z.domain, zone: (z) => z.alias },
    match: (z, q) => z.zone === q,
    id: (z) => z.zoneId,
  });

const deadLettersQueue: Queue<'deadletters'> = async (ctx, q) =>
  listQueue('deadletters', q, await deadLetterRows(ctx.db), {
    columns: {
      first: (d) => d.firstFailedAt,
      last: (d) => d.lastFailedAt,
      attempts: (d) => d.attempts,
      error: (d) => d.error,
    },
    match: (d, _q, needle) =>
      [d.id, d.eventKind, d.campaignId, d.zoneId].some((v) => v !== null && String(v) === needle),
    id: (d) => d.id,
  });

/** Every queue by its name, as its endpoint and the overview read it. */
export const QUEUES: { [N in QueueName]: Queue<N> } = {
  campaigns: campaignsQueue,
  websites: websitesQueue,
  zones: zonesQueue,
  listings: listingsQueue,
  documents: documentsQueue,
  transfers: transfersQueue,
  payouts: payoutsQueue,
  marketplace: marketplaceQueue,
  traffic: trafficQueue,
  deadletters: deadLettersQueue,
};

/** The size of every queue, for the overview. */
export async function queueSizes(ctx: AppContext): Promise<Record<QueueName, number>> {
  const one = { page: 1, pageSize: 1 } as QueueQuery;
  const names = Object.keys(QUEUES) as QueueName[];
  const totals = await Promise.all(names.map(async (name) => (await QUEUES[name](ctx, one)).total));
  return Object.fromEntries(names.map((name, n) => [name, totals[n] ?? 0])) as Record<QueueName, number>;
}
