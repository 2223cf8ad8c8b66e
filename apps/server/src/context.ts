import type { Captcha } from './adapters/captcha/captcha';
import type { KycProvider } from './adapters/kyc/port';
import type { VatChecker } from './adapters/vat/port';
import type { Mailer } from './adapters/mail/port';
import type { Payments } from './adapters/payments/payments';
import type { Storage } from './adapters/storage/port';
import type { Config } from './config';
import type { Redis } from 'ioredis';
import type { Bus } from './lib/bus';
import type { SessionCache } from './modules/sessions/cache';
import type { Database, Db } from './db/client';
import type { EventWorker } from './modules/events/worker';
import type { PaidPurposes } from './modules/payments/paid-purposes';

/**
 * What services need from the outside world, passed explicitly (no globals). The parts a
 * module builds and that are typed by that module are declared where the app is composed
 * (app.ts: `delivery`), so that this file imports no module that imports it back.
 */
export interface AppContext {
  config: Config;
  db: Db;
  database: Database;
  mailer: Mailer;
  captcha: Captcha;
  /**
   * Invalidation messages to every process (lib/bus.ts, docs/decisions/026): in process on the
   * embedded database, LISTEN/NOTIFY on PostgreSQL, Redis pub/sub when REDIS_URL is set.
   */
  bus: Bus;
  /**
   * Sessions and their users for the auth check (modules/sessions/cache.ts); set by buildApp
   * when SESSION_CACHE_TTL_SECONDS is above 0. Writes emit `user.changed` (or `account.changed`),
   * whose commit invalidates the user (wiring.ts: afterCommit).
   */
  sessionCache?: SessionCache;
  /**
   * The process's shared Redis client (lib/redis.ts, docs/decisions/029) when REDIS_URL is set:
   * delivery state and rate limits. Blocking and subscribing clients are made apart.
   */
  redis?: Redis | null;
  /** Uploaded files (creatives); set by buildApp. */
  storage: Storage;
  /**
   * Billing profile adapters (modules/billing-profile): private identity documents, the VAT
   * number check, the identity provider (null: operators review by hand). Set by buildApp;
   * command-line tools get them from the configuration when they need them.
   */
  documents?: Storage;
  vat?: VatChecker;
  kyc?: KycProvider | null;
  /**
   * The domain event worker (docs/decisions/010-domain-events.md); set by buildApp. Absent in
   * command-line tools: their events wait in the outbox for a server's worker.
   */
  events?: EventWorker;
  /** Payment providers by method (docs/decisions/011); made from the configuration on first use. */
  payments?: Payments;
  /** What a paid payment does, by its purpose (deposit, marketplace order); made by wiring.ts. */
  paidPurposes: PaidPurposes;
}

/** Who is calling and from where: the part of a request a service may know. */
export type RequestMeta = { ip: string; userAgent: string | undefined };
