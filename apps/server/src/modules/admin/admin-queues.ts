import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { QUEUE_SORTS, type QueueName } from '@cryptads/contract/admin-messages';
import { DocumentStatus } from '@cryptads/contract/billing';
import { CampaignStatus } from '@cryptads/contract/campaigns';
import type {
  QueueCampaign,
  QueueDocuments,
  QueueListing,
  QueueDeadLetter,
  QueueMarketplaceItem,
  QueuePayout,
  QueueQuery,
  QueueTraffic,
  QueueTransfer,
  QueueWebsite,
  QueueZone,
} from '@cryptads/contract/endpoints/admin';
import { ListingStatus } from '@cryptads/contract/marketplace-messages';
import { WebsiteStatus, ZoneStatus } from '@cryptads/contract/websites';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { billingDocuments, billingProfiles } from '../../db/schema/billing-profile';
import { campaigns, creatives, uploads } from '../../db/schema/campaigns';
import { payouts } from '../../db/schema/ledger';
import { fullDestination } from '../payouts/payouts.service';
import { listings, marketplaceOrderItems as items, marketplaceOrders as orders } from '../../db/schema/marketplace';
import { bankTransferReferences } from '../../db/schema/payments';
import { users } from '../../db/schema/users';
import { websites, zones } from '../../db/schema/websites';
import { deadLetterRows } from '../../operator/commands/delivery';
import { flaggedTraffic } from '../../operator/commands/traffic';

/**
 * The back office's review queues (issue #14): what waits for an operator, searched, sorted
 * and paged. Reads only; every decision goes through the operator commands (admin.service.ts).
 */

export type Page<T> = { items: T[]; total: number };

const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const asId = (q: string) => (/^\d{1,9}$/.test(q) ? Number(q) : null);

/** The ORDER BY of a queue: the chosen column (the queue's first by default) then the id, for a stable page. */
function orderOf<N extends QueueName>(
  name: N,
  q: QueueQuery,
  columns: Record<(typeof QUEUE_SORTS)[N][number], AnyPgColumn | SQL>,
  id: AnyPgColumn,
) {
  const key = (q.sort ?? QUEUE_SORTS[name][0]) as (typeof QUEUE_SORTS)[N][number];
  const dir = q.dir === 'desc' ? desc : asc;
  return [dir(columns[key]), dir(id)];
}

const offsetOf = (q: QueueQuery) => (q.page - 1) * q.pageSize;

/** The row count of a queue's filtered query. */
async function totalOf(counted: Promise<{ n: number }[]>) {
  const [row] = await counted;
  return Number(row?.n ?? 0);
}

// ---------------------------------------------------------------- campaigns

export async function campaignsQueue(db: DbOrTx, q: QueueQuery): Promise<Page<QueueCampaign>> {
  const search = q.q
    ? or(
        ilike(campaigns.name, like(q.q)),
        ilike(users.email, like(q.q)),
        ilike(campaigns.landingUrl, like(q.q)),
        asId(q.q) === null ? undefined : eq(campaigns.id, asId(q.q) as number),
      )
    : undefined;
  const where = and(eq(campaigns.status, CampaignStatus.Pending), search);
  const rows = await db
    .select({ c: campaigns, email: users.email })
    .from(campaigns)
    .innerJoin(users, eq(users.id, campaigns.ownerId))
    .where(where)
    .orderBy(
      ...orderOf(
        'campaigns',
        q,
        { created: campaigns.createdAt, name: campaigns.name, advertiser: users.email, price: campaigns.priceMicros },
        campaigns.id,
      ),
    )
    .limit(q.pageSize)
    .offset(offsetOf(q));
  const total = await totalOf(
    db.select({ n: count() }).from(campaigns).innerJoin(users, eq(users.id, campaigns.ownerId)).where(where),
  );
  const ids = rows.map((r) => r.c.id);
  const creativeRows = ids.length
    ? await db
        .select({ cr: creatives, key: uploads.storageKey })
        .from(creatives)
        .leftJoin(uploads, eq(uploads.id, creatives.uploadId))
        .where(and(inArray(creatives.campaignId, ids), isNull(creatives.deletedAt)))
        .orderBy(asc(creatives.id))
    : [];
  return {
    total,
    items: rows.map(({ c, email }) => ({
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
    })),
  };
}

// ---------------------------------------------------------------- websites and zones

export async function websitesQueue(db: DbOrTx, q: QueueQuery): Promise<Page<QueueWebsite>> {
  const search = q.q
    ? or(
        ilike(websites.domain, like(q.q)),
        ilike(websites.name, like(q.q)),
        ilike(users.email, like(q.q)),
        asId(q.q) === null ? undefined : eq(websites.id, asId(q.q) as number),
      )
    : undefined;
  const where = and(eq(websites.status, WebsiteStatus.Pending), search);
  const pendingZones = sql<number>`(select count(*)::int from ${zones} z where z.website_id = ${websites.id} and z.status = ${ZoneStatus.Pending})`;
  const rows = await db
    .select({ w: websites, email: users.email, pendingZones })
    .from(websites)
    .innerJoin(users, eq(users.id, websites.ownerId))
    .where(where)
    .orderBy(
      ...orderOf(
        'websites',
        q,
        { created: websites.createdAt, domain: websites.domain, publisher: users.email },
        websites.id,
      ),
    )
    .limit(q.pageSize)
    .offset(offsetOf(q));
  const total = await totalOf(
    db.select({ n: count() }).from(websites).innerJoin(users, eq(users.id, websites.ownerId)).where(where),
  );
  return {
    total,
    items: rows.map(({ w, email, pendingZones }) => ({
      id: w.id,
      domain: w.domain,
      url: w.url,
      name: w.name,
      publisherId: w.ownerId,
      publisherEmail: email,
      createdAt: w.createdAt.toISOString(),
      verification: { verified: w.verifiedAt !== null, verifiedAt: w.verifiedAt?.toISOString() ?? null },
      pendingZones: Number(pendingZones),
    })),
  };
}

export async function zonesQueue(db: DbOrTx, q: QueueQuery): Promise<Page<QueueZone>> {
  const search = q.q
    ? or(
        ilike(websites.domain, like(q.q)),
        ilike(zones.alias, like(q.q)),
        eq(zones.unique, q.q),
        ilike(users.email, like(q.q)),
        asId(q.q) === null ? undefined : eq(zones.id, asId(q.q) as number),
      )
    : undefined;
  const where = and(eq(zones.status, ZoneStatus.Pending), search);
  const rows = await db
    .select({ z: zones, w: websites, email: users.email })
    .from(zones)
    .innerJoin(websites, eq(websites.id, zones.websiteId))
    .innerJoin(users, eq(users.id, websites.ownerId))
    .where(where)
    .orderBy(
      ...orderOf('zones', q, { created: zones.createdAt, domain: websites.domain, format: zones.format }, zones.id),
    )
    .limit(q.pageSize)
    .offset(offsetOf(q));
  const total = await totalOf(
    db
      .select({ n: count() })
      .from(zones)
      .innerJoin(websites, eq(websites.id, zones.websiteId))
      .innerJoin(users, eq(users.id, websites.ownerId))
      .where(where),
  );
  return {
    total,
    items: rows.map(({ z, w, email }) => ({
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
      verification: { verified: w.verifiedAt !== null, verifiedAt: w.verifiedAt?.toISOString() ?? null },
    })),
  };
}

// ---------------------------------------------------------------- listings

export async function listingsQueue(db: DbOrTx, q: QueueQuery): Promise<Page<QueueListing>> {
  const search = q.q
    ? or(
        ilike(listings.title, like(q.q)),
        ilike(listings.website, like(q.q)),
        eq(listings.unique, q.q),
        ilike(users.email, like(q.q)),
      )
    : undefined;
  const where = and(eq(listings.status, ListingStatus.Pending), search);
  const rows = await db
    .select({ l: listings, email: users.email })
    .from(listings)
    .leftJoin(users, eq(users.id, listings.ownerId))
    .where(where)
    .orderBy(
      ...orderOf(
        'listings',
        q,
        { created: listings.createdAt, title: listings.title, price: listings.priceMicros },
        listings.id,
      ),
    )
    .limit(q.pageSize)
    .offset(offsetOf(q));
  const total = await totalOf(
    db.select({ n: count() }).from(listings).leftJoin(users, eq(users.id, listings.ownerId)).where(where),
  );
  return {
    total,
    items: rows.map(({ l, email }) => ({
      id: l.id,
      unique: l.unique,
      title: l.title,
      category: l.category,
      website: l.website,
      priceMicros: l.priceMicros.toString(),
      ownerEmail: email,
      status: l.status,
      createdAt: l.createdAt.toISOString(),
    })),
  };
}

// ---------------------------------------------------------------- identity documents

export async function documentsQueue(db: DbOrTx, q: QueueQuery): Promise<Page<QueueDocuments>> {
  const submitted = sql<Date>`(select max(d.created_at) from ${billingDocuments} d where d.user_id = ${users.id})`;
  const search = q.q
    ? or(
        ilike(users.email, like(q.q)),
        ilike(billingProfiles.companyName, like(q.q)),
        ilike(billingProfiles.lastName, like(q.q)),
      )
    : undefined;
  const where = and(
    eq(billingProfiles.docVerification, DocumentStatus.Pending),
    sql`exists (select 1 from ${billingDocuments} d where d.user_id = ${users.id})`,
    search,
  );
  const rows = await db
    .select({ p: billingProfiles, email: users.email, submitted })
    .from(billingProfiles)
    .innerJoin(users, eq(users.id, billingProfiles.userId))
    .where(where)
    .orderBy(...orderOf('documents', q, { submitted, account: users.email }, users.id))
    .limit(q.pageSize)
    .offset(offsetOf(q));
  const total = await totalOf(
    db.select({ n: count() }).from(billingProfiles).innerJoin(users, eq(users.id, billingProfiles.userId)).where(where),
  );
  const ids = rows.map((r) => r.p.userId);
  const docs = ids.length
    ? await db
        .select()
        .from(billingDocuments)
        .where(inArray(billingDocuments.userId, ids))
        .orderBy(desc(billingDocuments.createdAt), desc(billingDocuments.id))
    : [];
  return {
    total,
    items: rows.map(({ p, email, submitted }) => ({
      userId: p.userId,
      email,
      name: p.isCompany ? p.companyName : `${p.firstName} ${p.lastName}`.trim(),
      isCompany: p.isCompany,
      country: p.country,
      docVerification: p.docVerification,
      submittedAt: new Date(submitted).toISOString(),
      documents: docs
        .filter((d) => d.userId === p.userId)
        .map((d) => ({ id: d.id, name: d.name, mime: d.mime, bytes: d.bytes, uploadedAt: d.createdAt.toISOString() })),
    })),
  };
}

// ---------------------------------------------------------------- bank transfers

export async function transfersQueue(db: DbOrTx, q: QueueQuery): Promise<Page<QueueTransfer>> {
  const search = q.q
    ? or(
        ilike(bankTransferReferences.reference, like(q.q.toUpperCase().replace(/[^A-Z0-9]/g, ''))),
        ilike(users.email, like(q.q)),
      )
    : undefined;
  const where = and(isNull(bankTransferReferences.confirmedAt), search);
  const rows = await db
    .select({ r: bankTransferReferences, email: users.email })
    .from(bankTransferReferences)
    .innerJoin(users, eq(users.id, bankTransferReferences.userId))
    .where(where)
    .orderBy(
      ...orderOf(
        'transfers',
        q,
        {
          created: bankTransferReferences.createdAt,
          account: users.email,
          reference: bankTransferReferences.reference,
        },
        bankTransferReferences.reference,
      ),
    )
    .limit(q.pageSize)
    .offset(offsetOf(q));
  const total = await totalOf(
    db
      .select({ n: count() })
      .from(bankTransferReferences)
      .innerJoin(users, eq(users.id, bankTransferReferences.userId))
      .where(where),
  );
  return {
    total,
    items: rows.map(({ r, email }) => ({
      reference: r.reference,
      userId: r.userId,
      email,
      createdAt: r.createdAt.toISOString(),
      amountMicros: null,
    })),
  };
}

// ---------------------------------------------------------------- payouts

export async function payoutsQueue(
  db: DbOrTx,
  q: QueueQuery & { state?: 'requested' | 'sent' },
): Promise<Page<QueuePayout>> {
  const search = q.q
    ? or(
        ilike(users.email, like(q.q)),
        ilike(payouts.method, like(q.q)),
        asId(q.q) === null ? undefined : eq(payouts.id, asId(q.q) as number),
      )
    : undefined;
  const where = and(eq(payouts.status, q.state ?? 'requested'), search);
  const rows = await db
    .select({ p: payouts, email: users.email })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.userId))
    .where(where)
    .orderBy(
      ...orderOf(
        'payouts',
        q,
        { requested: payouts.requestedAt, account: users.email, amount: payouts.amountMicros },
        payouts.id,
      ),
    )
    .limit(q.pageSize)
    .offset(offsetOf(q));
  const total = await totalOf(
    db.select({ n: count() }).from(payouts).innerJoin(users, eq(users.id, payouts.userId)).where(where),
  );
  return {
    total,
    items: rows.map(({ p, email }) => ({
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
      sentAt: p.sentAt?.toISOString() ?? null,
    })),
  };
}

// ---------------------------------------------------------------- marketplace

export async function marketplaceQueue(db: DbOrTx, q: QueueQuery): Promise<Page<QueueMarketplaceItem>> {
  const search = q.q
    ? or(
        ilike(listings.title, like(q.q)),
        ilike(orders.email, like(q.q)),
        eq(orders.unique, q.q),
        asId(q.q) === null ? undefined : eq(items.id, asId(q.q) as number),
      )
    : undefined;
  // Paid items that wait for the network: its own listings' (no seller) to accept, deliver or
  // settle once delivered, and any seller's delivered item whose proof check found a problem
  // (`marketplace complete` / `refund` settle it).
  const where = and(
    isNotNull(items.holdId),
    or(
      and(isNull(items.sellerId), inArray(items.state, ['pending', 'accepted', 'delivered'])),
      and(eq(items.state, 'delivered'), sql`coalesce((${items.proofCheck}->>'broken')::boolean, false)`),
    ),
    search,
  );
  const rows = await db
    .select({
      i: items,
      title: listings.title,
      unique: listings.unique,
      email: orders.email,
      created: orders.createdAt,
    })
    .from(items)
    .innerJoin(orders, eq(orders.id, items.orderId))
    .innerJoin(listings, eq(listings.id, items.listingId))
    .where(where)
    .orderBy(
      ...orderOf(
        'marketplace',
        q,
        { created: orders.createdAt, status: items.state, price: items.priceMicros },
        items.id,
      ),
    )
    .limit(q.pageSize)
    .offset(offsetOf(q));
  const total = await totalOf(
    db
      .select({ n: count() })
      .from(items)
      .innerJoin(orders, eq(orders.id, items.orderId))
      .innerJoin(listings, eq(listings.id, items.listingId))
      .where(where),
  );
  return {
    total,
    items: rows.map(({ i, title, unique, email, created }) => ({
      id: i.id,
      state: i.state,
      priceMicros: i.priceMicros.toString(),
      listingTitle: title,
      listingUnique: unique,
      buyerEmail: email,
      acceptBy: i.acceptBy?.toISOString() ?? null,
      deliverBy: i.deliverBy?.toISOString() ?? null,
      completeBy: i.completeBy?.toISOString() ?? null,
      network: i.sellerId === null,
      proofProblem: i.proofCheck?.broken ? (i.proofCheck.problem ?? 'The proof check failed.') : null,
      createdAt: created.toISOString(),
    })),
  };
}

// ---------------------------------------------------------------- traffic

export async function trafficQueue(ctx: AppContext, q: QueueQuery): Promise<Page<QueueTraffic>> {
  const needle = q.q?.toLowerCase();
  const all = (await flaggedTraffic(ctx)).filter(
    (z) =>
      !needle || z.domain.toLowerCase().includes(needle) || z.zone === q.q || z.alias.toLowerCase().includes(needle),
  );
  const key = q.sort ?? QUEUE_SORTS.traffic[0];
  const sign = q.dir === 'asc' ? 1 : -1;
  all.sort((a, b) => {
    const d =
      key === 'domain'
        ? a.domain.localeCompare(b.domain)
        : key === 'filtered'
          ? a.filtered - b.filtered
          : a.share - b.share;
    return sign * (d || a.zoneId - b.zoneId);
  });
  return { total: all.length, items: all.slice(offsetOf(q), offsetOf(q) + q.pageSize) };
}

// ---------------------------------------------------------------- dead letters

export async function deadLettersQueue(db: DbOrTx, q: QueueQuery): Promise<Page<QueueDeadLetter>> {
  const needle = q.q?.toLowerCase();
  const all = (await deadLetterRows(db)).filter(
    (d) =>
      !needle ||
      String(d.id) === needle ||
      d.error.toLowerCase().includes(needle) ||
      d.eventKind === needle ||
      String(d.campaignId) === needle ||
      String(d.zoneId) === needle,
  );
  const key = q.sort ?? QUEUE_SORTS.deadletters[0];
  const sign = q.dir === 'desc' ? -1 : 1;
  all.sort((a, b) => {
    const d =
      key === 'attempts'
        ? a.attempts - b.attempts
        : key === 'last'
          ? a.lastFailedAt.localeCompare(b.lastFailedAt)
          : a.firstFailedAt.localeCompare(b.firstFailedAt);
    return sign * (d || a.id - b.id);
  });
  return { total: all.length, items: all.slice(offsetOf(q), offsetOf(q) + q.pageSize) };
}

/** The size of every queue, for the overview. */
export async function queueSizes(ctx: AppContext) {
  const one = { page: 1, pageSize: 1 } as QueueQuery;
  const [c, w, z, l, d, t, p, m, f, x] = await Promise.all([
    campaignsQueue(ctx.db, one),
    websitesQueue(ctx.db, one),
    zonesQueue(ctx.db, one),
    listingsQueue(ctx.db, one),
    documentsQueue(ctx.db, one),
    transfersQueue(ctx.db, one),
    payoutsQueue(ctx.db, one),
    marketplaceQueue(ctx.db, one),
    trafficQueue(ctx, one),
    deadLettersQueue(ctx.db, one),
  ]);
  return {
    campaigns: c.total,
    websites: w.total,
    zones: z.total,
    listings: l.total,
    documents: d.total,
    transfers: t.total,
    payouts: p.total,
    marketplace: m.total,
    traffic: f.total,
    deadletters: x.total,
  };
}
