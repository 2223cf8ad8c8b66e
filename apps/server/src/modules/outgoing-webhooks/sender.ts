import { and, asc, eq, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { NotificationType } from '@cryptads/contract/notifications';
import { paths } from '@cryptads/contract/paths';
import {
  STANDARD_WEBHOOK_HEADERS,
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_MESSAGES,
  WEBHOOK_SIGNATURE_HEADER,
} from '@cryptads/contract/webhooks';
import type { AppContext } from '../../context';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema/outgoing-webhooks';
import { DrainLoop } from '../../lib/drain-loop';
import { SafeFetchError, safeFetch } from '../../lib/safe-fetch';
import { notify } from '../notifications/notify';
import { ATTEMPT_TIMEOUT_MS, outcomeOf, RESPONSE_KEPT_BYTES, RETRY_WINDOW_MS, retryDelayMs } from './rules';
import { openWebhookSecret, signatureHeader, standardWebhooksSignature } from './signing';

type Log = { error: (o: object, m: string) => void };

export type WebhookSenderOptions = {
  /** Deliveries written by other processes and retries are found this often. */
  pollMs?: number;
  batchSize?: number;
  /** A taken delivery comes back to every sender after this long (its process crashed). */
  leaseMs?: number;
  /** The jitter's randomness (tests pass a fixed one). */
  random?: () => number;
  /** The HTTP client (tests may pass another); safe-fetch refuses private addresses. */
  fetcher?: typeof safeFetch;
  log?: Log;
};

export type SendResult = { sent: number; failed: number };

/**
 * Sends pending webhook deliveries (docs/decisions/042-outgoing-webhooks.md). Several server
 * processes may run one each on PostgreSQL: a delivery is taken with FOR UPDATE SKIP LOCKED and
 * leased (its `next_attempt_at` moves to the end of the lease, its attempt counted), so two
 * senders never send it at the same time and a crashed sender's deliveries come back. Rounds
 * never overlap within a process: they run in a DrainLoop (lib/drain-loop.ts), like the domain
 * event worker's.
 */
export class WebhookSender {
  private readonly loop: DrainLoop<SendResult>;

  constructor(
    private readonly ctx: Pick<AppContext, 'db' | 'config'>,
    private readonly opts: WebhookSenderOptions = {},
  ) {
    this.loop = new DrainLoop({
      round: (now) => this.round(now),
      zero: () => ({ sent: 0, failed: 0 }),
      pollMs: opts.pollMs,
      log: opts.log,
      failureMessage: 'webhook sender round failed; will retry',
    });
  }

  start() {
    this.loop.start();
  }

  stop() {
    return this.loop.stop();
  }

  /** Deliveries were written: send soon (one queued round covers many wakes). */
  wake() {
    this.loop.wake();
  }

  /**
   * Sends every delivery due at `now` (default: the clock) until none is left. Tests await it
   * instead of sleeping; a `now` in the future runs retries whose backoff has not elapsed.
   */
  drain(opts: { now?: Date } = {}): Promise<SendResult> {
    return this.loop.drain(opts.now);
  }

  /** Takes a batch of due deliveries and sends them. */
  async round(now?: Date): Promise<SendResult> {
    const { db } = this.ctx;
    const at: SQL = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
    const due = db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, at)))
      .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id))
      .limit(this.opts.batchSize ?? 20)
      .for('update', { skipLocked: true });
    const taken = await db
      .update(webhookDeliveries)
      .set({
        nextAttemptAt: sql`${at} + ${this.opts.leaseMs ?? 60_000} * interval '1 millisecond'`,
        attempts: sql`${webhookDeliveries.attempts} + 1`,
      })
      .where(inArray(webhookDeliveries.id, due))
      .returning();
    const result: SendResult = { sent: 0, failed: 0 };
    for (const delivery of taken.sort((a, b) => a.id - b.id)) {
      const ok = await this.send(delivery, now ?? new Date());
      if (ok) result.sent++;
      else result.failed++;
    }
    return result;
  }

  private async send(delivery: typeof webhookDeliveries.$inferSelect, now: Date): Promise<boolean> {
    const { db, config } = this.ctx;
    const [row] = await db
      .select({ endpoint: webhookEndpoints, event: webhookEvents })
      .from(webhookEndpoints)
      .innerJoin(webhookEvents, eq(webhookEvents.id, delivery.eventId))
      .where(eq(webhookEndpoints.id, delivery.endpointId));
    if (!row) {
      await db.delete(webhookDeliveries).where(eq(webhookDeliveries.id, delivery.id));
      return false;
    }
    const { endpoint, event } = row;
    if (!endpoint.enabled) {
      await finish(this.ctx, delivery.id, 'failed', now);
      return false;
    }
    const key = config.totp.encryptionKey;
    const secrets = [openWebhookSecret(key, endpoint.userId, endpoint.secretSealed)];
    if (endpoint.previousSecretSealed && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now)
      secrets.push(openWebhookSecret(key, endpoint.userId, endpoint.previousSecretSealed));
    const body = JSON.stringify({
      id: event.id,
      type: event.type,
      createdAt: event.createdAt.toISOString(),
      data: event.data,
    });
    const timestamp = Math.floor(now.getTime() / 1000);
    const started = performance.now();
    let statusCode: number | null = null;
    let responseBody = '';
    let error: string | null = null;
    try {
      const answer = await (this.opts.fetcher ?? safeFetch)(endpoint.url, {
        timeoutMs: ATTEMPT_TIMEOUT_MS,
        maxBytes: RESPONSE_KEPT_BYTES,
        truncate: true,
        maxRedirects: 0,
        allowPrivate: config.webhooks.allowPrivate,
        post: {
          body,
          headers: {
            'content-type': 'application/json',
            'user-agent': 'Cryptads-Webhooks/1.0',
            [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(secrets, timestamp, body),
            [WEBHOOK_EVENT_ID_HEADER]: event.id,
            // The event's id, like Cryptads-Event-Id: the same on every retry and resend, so
            // receivers' Standard Webhooks libraries and idempotency checks see one message.
            [STANDARD_WEBHOOK_HEADERS.id]: event.id,
            [STANDARD_WEBHOOK_HEADERS.timestamp]: String(timestamp),
            [STANDARD_WEBHOOK_HEADERS.signature]: standardWebhooksSignature(secrets, event.id, timestamp, body),
          },
        },
      });
      statusCode = answer.status;
      responseBody = answer.body.slice(0, RESPONSE_KEPT_BYTES);
    } catch (err) {
      error =
        err instanceof SafeFetchError && err.kind === 'blocked-address'
          ? WEBHOOK_MESSAGES.urlPrivate
          : err instanceof Error
            ? err.message.slice(0, 300)
            : 'The endpoint could not be reached.';
    }
    const durationMs = Math.round(performance.now() - started);
    const outcome = outcomeOf(statusCode, now.getTime() - delivery.createdAt.getTime());
    await db.insert(webhookAttempts).values({
      deliveryId: delivery.id,
      endpointId: endpoint.id,
      eventId: event.id,
      eventType: event.type,
      attempt: delivery.attempts,
      at: now,
      statusCode,
      ok: outcome === 'succeeded',
      error,
      durationMs,
      responseBody,
    });
    if (outcome === 'succeeded') {
      await finish(this.ctx, delivery.id, 'succeeded', now);
      await db.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpoint.id));
      return true;
    }
    if (outcome === 'gone') {
      await finish(this.ctx, delivery.id, 'failed', now);
      await disableEndpoint(this.ctx, endpoint.id, endpoint.userId, WEBHOOK_MESSAGES.disabledGone);
      return false;
    }
    // The first failure since the last success starts the endpoint's three days.
    const [marked] = await db
      .update(webhookEndpoints)
      .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)` })
      .where(eq(webhookEndpoints.id, endpoint.id))
      .returning({ failingSince: webhookEndpoints.failingSince });
    if (marked?.failingSince && now.getTime() - marked.failingSince.getTime() >= RETRY_WINDOW_MS) {
      await finish(this.ctx, delivery.id, 'failed', now);
      await disableEndpoint(this.ctx, endpoint.id, endpoint.userId, WEBHOOK_MESSAGES.disabledAfterFailures);
      return false;
    }
    if (outcome === 'failed') {
      await finish(this.ctx, delivery.id, 'failed', now);
      return false;
    }
    const next = new Date(now.getTime() + retryDelayMs(delivery.attempts, this.opts.random));
    await db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: next })
      .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.status, 'pending')));
    return false;
  }
}

async function finish(ctx: Pick<AppContext, 'db'>, deliveryId: number, status: 'succeeded' | 'failed', now: Date) {
  await ctx.db
    .update(webhookDeliveries)
    .set({ status, finishedAt: now })
    .where(and(eq(webhookDeliveries.id, deliveryId), isNull(webhookDeliveries.finishedAt)));
}

/** Disables an endpoint once and tells its owner; its pending deliveries fail. */
async function disableEndpoint(ctx: Pick<AppContext, 'db'>, endpointId: number, userId: number, reason: string) {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ enabled: false, disabledReason: reason })
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)))
      .returning({ url: webhookEndpoints.url });
    if (!row) return;
    await tx
      .update(webhookDeliveries)
      .set({ status: 'failed', finishedAt: sql`now()` })
      .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')));
    await notify(tx, userId, {
      type: NotificationType.Error,
      title: WEBHOOK_MESSAGES.notifyTitle,
      message: `${row.url}: ${reason} Fix it, then enable it again on the Webhooks page.`,
      link: paths.settings.webhooks,
    });
  });
}
