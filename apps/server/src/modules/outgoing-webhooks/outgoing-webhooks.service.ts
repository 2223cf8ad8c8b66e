import { createHash, randomBytes } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { and, count, desc, eq, gt, isNotNull, lt, sql } from 'drizzle-orm';
import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_HISTORY_DAYS,
  WEBHOOK_MESSAGES,
  WEBHOOK_PING,
  WEBHOOK_ROTATION_OVERLAP_HOURS,
  type WebhookAttempt,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@cryptads/contract/webhooks';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import {
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
  webhookStatusSeen,
} from '../../db/schema/outgoing-webhooks';
import { websites, zones } from '../../db/schema/websites';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { isPrivateAddress } from '../../lib/safe-fetch';
import { DAY_MS } from './rules';
import { newWebhookSecret, sealWebhookSecret } from './signing';

/**
 * Outgoing webhooks (docs/product/webhooks.md, docs/decisions/042-outgoing-webhooks.md): the
 * customer's endpoints, the events written for them, and the deliveries the sender sends.
 */

type Ctx = Pick<AppContext, 'db' | 'config'>;
type Row = typeof webhookEndpoints.$inferSelect;

/**
 * Checks an endpoint URL: https (plain http only with WEBHOOKS_ALLOW_PRIVATE), no credentials,
 * and no private or loopback address, written or resolved. A name that does not resolve now is
 * accepted: every delivery checks the address again (safe-fetch), so it never reaches inside.
 */
export async function checkEndpointUrl(raw: string, allowPrivate: boolean): Promise<string> {
  const url = new URL(raw);
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
    throw badRequest(WEBHOOK_MESSAGES.urlHttps);
  if (url.username || url.password) throw badRequest(WEBHOOK_MESSAGES.urlCredentials);
  if (allowPrivate) return url.toString();
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (host === 'localhost' || host.endsWith('.localhost')) throw badRequest(WEBHOOK_MESSAGES.urlPrivate);
  if (isIP(host)) {
    if (isPrivateAddress(host)) throw badRequest(WEBHOOK_MESSAGES.urlPrivate);
    return url.toString();
  }
  const answers = await lookup(host, { all: true, verbatim: true }).catch(() => []);
  if (answers.some((a) => isPrivateAddress(a.address))) throw badRequest(WEBHOOK_MESSAGES.urlPrivate);
  return url.toString();
}

async function lastDeliveries(db: DbOrTx, userId: number) {
  const rows = await db
    .selectDistinctOn([webhookAttempts.endpointId], {
      endpointId: webhookAttempts.endpointId,
      at: webhookAttempts.at,
      statusCode: webhookAttempts.statusCode,
      ok: webhookAttempts.ok,
    })
    .from(webhookAttempts)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookAttempts.endpointId))
    .where(eq(webhookEndpoints.userId, userId))
    .orderBy(webhookAttempts.endpointId, desc(webhookAttempts.at), desc(webhookAttempts.id));
  return new Map(rows.map((r) => [r.endpointId, r]));
}

function toEndpoint(row: Row, last?: { at: Date; statusCode: number | null; ok: boolean }): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEventType[],
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    createdAt: row.createdAt.toISOString(),
    lastDelivery: last ? { at: last.at.toISOString(), statusCode: last.statusCode, ok: last.ok } : null,
  };
}

export async function listEndpoints(ctx: Ctx, userId: number) {
  const rows = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId))
    .orderBy(webhookEndpoints.id);
  const last = await lastDeliveries(ctx.db, userId);
  return { endpoints: rows.map((r) => toEndpoint(r, last.get(r.id))), max: WEBHOOK_ENDPOINTS_MAX };
}

/** The customer's endpoint, or 404 (another account's endpoint is not found either). */
async function ownEndpoint(db: DbOrTx, userId: number, id: number, lock = false): Promise<Row> {
  const query = db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/**
 * The statuses of the account's campaigns, websites and zones as they are now: what a later
 * change is compared with (webhook-events.ts). Rows already seen are kept.
 */
async function rememberStatuses(db: DbOrTx, userId: number) {
  await db.execute(sql`
    insert into ${webhookStatusSeen} (kind, object_id, status)
    select 'campaign', id, status from ${campaigns} where owner_id = ${userId}
    union all select 'website', id, status from ${websites} where owner_id = ${userId}
    union all select 'zone', z.id, z.status from ${zones} z join ${websites} w on w.id = z.website_id
      where w.owner_id = ${userId}
    on conflict do nothing`);
}

export async function createEndpoint(ctx: Ctx, userId: number, input: { url: string; events: WebhookEventType[] }) {
  const url = await checkEndpointUrl(input.url, ctx.config.webhooks.allowPrivate);
  const secret = newWebhookSecret();
  const row = await ctx.db.transaction(async (tx) => {
    // Two creations at once must not pass the cap together.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`webhooks:${userId}`}, 0))`);
    const [n] = await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
    if ((n?.n ?? 0) >= WEBHOOK_ENDPOINTS_MAX) throw conflict(WEBHOOK_MESSAGES.tooMany);
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({
        userId,
        url,
        events: input.events,
        secretSealed: sealWebhookSecret(ctx.config.totp.encryptionKey, userId, secret),
      })
      .returning();
    await rememberStatuses(tx, userId);
    return created as Row;
  });
  return { endpoint: toEndpoint(row), secret };
}

export async function updateEndpoint(
  ctx: Ctx,
  userId: number,
  id: number,
  input: { url?: string | undefined; events?: WebhookEventType[] | undefined; enabled?: boolean | undefined },
) {
  const url = input.url === undefined ? undefined : await checkEndpointUrl(input.url, ctx.config.webhooks.allowPrivate);
  const row = await ctx.db.transaction(async (tx) => {
    const current = await ownEndpoint(tx, userId, id, true);
    const enabling = input.enabled === true && !current.enabled;
    const changes = {
      ...(url !== undefined ? { url } : {}),
      ...(input.events !== undefined ? { events: input.events } : {}),
      ...(input.enabled !== undefined ? { enabled: input.enabled, disabledReason: null } : {}),
      // Enabled again: three days of failures are counted from scratch.
      ...(enabling ? { failingSince: null } : {}),
    };
    // A PATCH that names nothing changes nothing: the endpoint as it is.
    if (!Object.keys(changes).length) return current;
    const [updated] = await tx
      .update(webhookEndpoints)
      .set(changes)
      .where(eq(webhookEndpoints.id, current.id))
      .returning();
    return updated as Row;
  });
  const last = await lastDeliveries(ctx.db, userId);
  return toEndpoint(row, last.get(row.id));
}

export async function deleteEndpoint(ctx: Ctx, userId: number, id: number) {
  const row = await ownEndpoint(ctx.db, userId, id);
  await ctx.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, row.id));
  return null;
}

/** A new secret; the current one becomes the previous one and signs too for 24 hours. */
export async function rotateSecret(ctx: Ctx, userId: number, id: number, now = new Date()) {
  const secret = newWebhookSecret();
  const row = await ctx.db.transaction(async (tx) => {
    const current = await ownEndpoint(tx, userId, id, true);
    const [updated] = await tx
      .update(webhookEndpoints)
      .set({
        secretSealed: sealWebhookSecret(ctx.config.totp.encryptionKey, userId, secret),
        previousSecretSealed: current.secretSealed,
        previousSecretExpiresAt: new Date(now.getTime() + WEBHOOK_ROTATION_OVERLAP_HOURS * 3_600_000),
      })
      .where(eq(webhookEndpoints.id, current.id))
      .returning();
    return updated as Row;
  });
  const last = await lastDeliveries(ctx.db, userId);
  return { endpoint: toEndpoint(row, last.get(row.id)), secret };
}

export async function listAttempts(ctx: Ctx, userId: number, id: number): Promise<{ attempts: WebhookAttempt[] }> {
  const endpoint = await ownEndpoint(ctx.db, userId, id);
  const rows = await ctx.db
    .select()
    .from(webhookAttempts)
    .where(
      and(
        eq(webhookAttempts.endpointId, endpoint.id),
        gt(webhookAttempts.at, new Date(Date.now() - WEBHOOK_HISTORY_DAYS * DAY_MS)),
      ),
    )
    .orderBy(desc(webhookAttempts.at), desc(webhookAttempts.id))
    .limit(200);
  return {
    attempts: rows.map((r) => ({
      id: r.id,
      deliveryId: r.deliveryId,
      eventId: r.eventId,
      eventType: r.eventType,
      at: r.at.toISOString(),
      attempt: r.attempt,
      statusCode: r.statusCode,
      ok: r.ok,
      error: r.error,
      durationMs: r.durationMs,
      responseBody: r.responseBody,
    })),
  };
}

const newEventId = () => `evt_${randomBytes(12).toString('hex')}`;

/** Delivers an existing event to an endpoint again, with the same event id. */
export async function resendDelivery(ctx: Ctx, userId: number, id: number, deliveryId: number) {
  const endpoint = await ownEndpoint(ctx.db, userId, id);
  const [delivery] = await ctx.db
    .select({ eventId: webhookDeliveries.eventId })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpoint.id)));
  if (!delivery) throw notFound();
  if (!endpoint.enabled) throw conflict(WEBHOOK_MESSAGES.disabled);
  const [row] = await ctx.db
    .insert(webhookDeliveries)
    .values({ endpointId: endpoint.id, eventId: delivery.eventId })
    .returning({ id: webhookDeliveries.id });
  return { deliveryId: row?.id ?? 0, eventId: delivery.eventId };
}

/** A `ping` event to one endpoint. */
export async function sendTest(ctx: Ctx, userId: number, id: number) {
  const endpoint = await ownEndpoint(ctx.db, userId, id);
  if (!endpoint.enabled) throw conflict(WEBHOOK_MESSAGES.disabled);
  return ctx.db.transaction(async (tx) => {
    const eventId = newEventId();
    await tx
      .insert(webhookEvents)
      .values({ id: eventId, userId, type: WEBHOOK_PING, data: { endpointId: endpoint.id, url: endpoint.url } });
    const [row] = await tx
      .insert(webhookDeliveries)
      .values({ endpointId: endpoint.id, eventId })
      .returning({ id: webhookDeliveries.id });
    return { deliveryId: row?.id ?? 0, eventId };
  });
}

/**
 * Writes an event for an account and one delivery per enabled endpoint subscribed to its type,
 * in the caller's transaction. `key` makes it idempotent: the event id is derived from it, so a
 * handler run twice (at least once) writes the event once. Returns the deliveries written.
 */
export async function publishWebhookEvent(
  tx: DbOrTx,
  userId: number,
  type: WebhookEventType,
  data: Record<string, unknown>,
  key?: string,
): Promise<number> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.userId, userId),
        eq(webhookEndpoints.enabled, true),
        sql`${type} = any(${webhookEndpoints.events})`,
      ),
    );
  if (endpoints.length === 0) return 0;
  const eventId = key ? `evt_${createIdFrom(`${userId}:${key}`)}` : newEventId();
  const inserted = await tx
    .insert(webhookEvents)
    .values({ id: eventId, userId, type, data })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  if (inserted.length === 0) return 0;
  await tx.insert(webhookDeliveries).values(endpoints.map((e) => ({ endpointId: e.id, eventId })));
  return endpoints.length;
}

const createIdFrom = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 24);

/** Whether the account has an endpoint at all (status changes are only tracked then). */
export async function hasEndpoints(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId))
    .limit(1);
  return row !== undefined;
}

/**
 * Forgets webhook history older than 30 days: attempts, finished deliveries, and events no
 * delivery refers to any more.
 */
export async function pruneWebhookHistory(ctx: Pick<AppContext, 'db'>, now = new Date()) {
  const before = new Date(now.getTime() - WEBHOOK_HISTORY_DAYS * DAY_MS);
  await ctx.db.delete(webhookAttempts).where(lt(webhookAttempts.at, before));
  await ctx.db
    .delete(webhookDeliveries)
    .where(and(isNotNull(webhookDeliveries.finishedAt), lt(webhookDeliveries.finishedAt, before)));
  await ctx.db.execute(sql`
    delete from ${webhookEvents} e where e.created_at < ${before.toISOString()}::timestamptz
      and not exists (select 1 from ${webhookDeliveries} d where d.event_id = e.id)`);
}
