import { createHash } from 'node:crypto';
import path from 'node:path';
import type { z } from 'zod';
import { bankBeneficiary } from './config-bank';
import { EnvSchema, parseKey } from './config-schema';
import { templateDirOf } from './db/template';

/**
 * The one place that reads the environment. Every variable is listed in .env.example.
 * Tests build their configuration with `loadConfig({...})` instead of touching process.env.
 */

/**
 * Demo issuer details outside production (production refuses to start without its own:
 * config-schema.ts). The VAT number is clearly not a real one and fails the format check, so
 * it is never sent to VIES as the requester.
 */
const DEMO_ISSUER_ADDRESS = '1 Example Street|Dublin 2, D02 XY00';
const DEMO_ISSUER_VAT = 'IE0000000DEMO';

/** Our details on every invoice (modules/invoices); the bank is printed when IBAN and BIC are set. */
function invoiceIssuer(env: z.output<typeof EnvSchema>) {
  const iban = env.INVOICE_ISSUER_IBAN?.replace(/\s+/g, '').toUpperCase();
  const bic = env.INVOICE_ISSUER_BIC?.trim().toUpperCase();
  return {
    name: env.INVOICE_ISSUER_NAME ?? `${env.PRODUCT_NAME} Ltd`,
    addressLines: (env.INVOICE_ISSUER_ADDRESS ?? DEMO_ISSUER_ADDRESS)
      .split('|')
      .map((line) => line.trim())
      .filter(Boolean),
    country: env.INVOICE_ISSUER_COUNTRY.toUpperCase(),
    vatNumber: env.INVOICE_ISSUER_VAT ?? (env.NODE_ENV === 'production' ? null : DEMO_ISSUER_VAT),
    registrationNumber: env.INVOICE_ISSUER_REGISTRATION ?? null,
    email: env.INVOICE_ISSUER_EMAIL ?? env.SUPPORT_EMAIL,
    bank: iban && bic ? { iban, bic, bankName: env.INVOICE_ISSUER_BANK_NAME ?? null } : null,
    website: env.INVOICE_ISSUER_WEBSITE ?? null,
  };
}

/** Who we are in sellers.json, ads.txt lines and the SupplyChain object (docs/product/programmatic.md). */
function sellersConfig(env: z.output<typeof EnvSchema>, publicUrl: string) {
  const host = new URL(publicUrl).hostname.toLowerCase();
  const issuer = invoiceIssuer(env);
  return {
    domain: env.ADS_TXT_DOMAIN ?? (host.startsWith('www.') ? host.slice(4) : host),
    certificationId: env.ADS_TXT_CERTIFICATION_ID ?? null,
    contactEmail: env.SELLERS_CONTACT_EMAIL ?? env.SUPPORT_EMAIL,
    contactAddress: env.SELLERS_CONTACT_ADDRESS ?? [issuer.name, ...issuer.addressLines].join(', '),
    cacheSeconds: env.SELLERS_JSON_CACHE_SECONDS,
  };
}

/**
 * Outside production, without TOTP_ENCRYPTION_KEY, a fixed development key: it is public (it
 * is in this file), so it protects nothing, but secrets written in development stay readable
 * across restarts and machines. Production refuses to start without a real key.
 */
const DEVELOPMENT_TOTP_KEY = createHash('sha256').update('cryptads development TOTP key (not a secret)').digest();

/** Environment variables as strings, the way process.env holds them. */
export type Env = { [K in keyof z.input<typeof EnvSchema>]?: string };

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(source: Record<string, string | undefined> = process.env) {
  // An empty variable (`DATABASE_URL=` in a copied .env.example) means unset.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'env'}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    /** False when PUBLIC_URL was not set: links back to the product then follow the request's loopback Host (lib/public-origin.ts). */
    publicUrlConfigured: env.PUBLIC_URL !== undefined,
    secureCookies: publicUrl.startsWith('https://'),
    dataDir,
    /** Where the embedded database's migrated templates are kept (db/template.ts). */
    pgliteTemplateDir: templateDirOf(env),
    databaseUrl: env.DATABASE_URL,
    /** Null without REDIS_URL: every piece of shared state then lives in this process. */
    redis: env.REDIS_URL ? { url: env.REDIS_URL, prefix: env.REDIS_PREFIX } : null,
    sessionCache: { maxEntries: env.SESSION_CACHE_MAX, ttlMs: env.SESSION_CACHE_TTL_SECONDS * 1000 },
    role: env.PROCESS_ROLE,
    operators: {
      idleMinutes: env.OPERATOR_IDLE_MINUTES,
      /** In micro-euros (1 € = 1 000 000). */
      approvalThresholdMicros: BigInt(env.APPROVAL_THRESHOLD_EUR) * 1_000_000n,
    },
    productName: env.PRODUCT_NAME,
    supportEmail: env.SUPPORT_EMAIL,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    demoSeed: env.DEMO_SEED,
    mail: { transport: env.MAIL_TRANSPORT, smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    captcha: { provider: env.CAPTCHA_PROVIDER, siteKey: env.CAPTCHA_SITE_KEY ?? null, secret: env.CAPTCHA_SECRET },
    rateLimit: {
      authMax: env.AUTH_RATE_LIMIT_MAX,
      authWindowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
      accountMaxFailures: env.ACCOUNT_MAX_FAILURES,
      accountLockoutMinutes: env.ACCOUNT_LOCKOUT_MINUTES,
    },
    publicApi: {
      perKey: env.API_RATE_LIMIT_PER_KEY,
      perAccount: env.API_RATE_LIMIT_PER_ACCOUNT,
      windowSeconds: env.API_RATE_LIMIT_WINDOW_SECONDS,
    },
    totp: {
      encryptionKey: (env.TOTP_ENCRYPTION_KEY && parseKey(env.TOTP_ENCRYPTION_KEY)) || DEVELOPMENT_TOTP_KEY,
    },
    webDist: env.WEB_DIST ?? path.resolve(import.meta.dirname, '../../web/dist'),
    deletionGraceDays: env.DELETION_GRACE_DAYS,
    news: {
      feedUrl: env.NEWS_FEED_URL ?? null,
      timeoutMs: env.NEWS_FEED_TIMEOUT_MS,
      cacheSeconds: env.NEWS_CACHE_SECONDS,
    },
    balanceLowEuros: env.BALANCE_LOW_EUROS,
    verification: { allowPrivate: env.VERIFY_ALLOW_PRIVATE, timeoutMs: env.VERIFY_TIMEOUT_MS },
    webhooks: { allowPrivate: env.WEBHOOKS_ALLOW_PRIVATE },
    sellers: sellersConfig(env, publicUrl),
    storage: {
      driver: env.STORAGE_DRIVER,
      dir: path.join(dataDir, 'uploads'),
      /** Identity and company documents: private, never under the public /uploads/ route. */
      documentsDir: path.join(dataDir, 'documents'),
    },
    uploads: {
      quotaFiles: env.UPLOAD_QUOTA_FILES,
      quotaBytes: env.UPLOAD_QUOTA_MB * 1_000_000,
      ratePerHour: env.UPLOAD_RATE_PER_HOUR,
      unattachedHours: env.UPLOAD_UNATTACHED_HOURS,
    },
    http: {
      connectionTimeoutMs: env.HTTP_CONNECTION_TIMEOUT_MS,
      requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS,
      headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_MS,
      keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    },
    campaigns: {
      minimumBids: {
        DISPLAY_TYPE_REGULAR: env.MIN_BID_DISPLAY_REGULAR,
        DISPLAY_TYPE_PREMIUM: env.MIN_BID_DISPLAY_PREMIUM,
        NATIVE: env.MIN_BID_NATIVE,
        APPLICATION: env.MIN_BID_APPLICATION,
        POPUNDER: env.MIN_BID_POPUNDER,
      },
      minimumBidsClick: { NATIVE: env.MIN_CPC_NATIVE },
      maxPrice: env.MAX_PRICE,
    },
    delivery: {
      revenueShare: env.REVENUE_SHARE,
      eventRetentionDays: env.EVENT_RETENTION_DAYS,
      flushMs: env.DELIVERY_FLUSH_MS,
      batchMax: env.DELIVERY_BATCH_MAX,
      stream:
        // auto: Redis Streams with Redis, the PostgreSQL queue on a PostgreSQL server, and on the
        // embedded database (one process) the local journal: the queue table's single connection
        // would make every /serve wait behind the recording transaction (docs/decisions/028, 039).
        // Tests run on an in-memory database that a crash loses anyway: there `auto` is the
        // buffer, and a test that wants the journal asks for it.
        env.DELIVERY_STREAM === 'auto'
          ? env.REDIS_URL
            ? ('redis' as const)
            : env.DATABASE_URL
              ? ('postgres' as const)
              : env.NODE_ENV === 'test'
                ? ('memory' as const)
                : ('journal' as const)
          : env.DELIVERY_STREAM,
      journal: {
        flushMs: env.DELIVERY_JOURNAL_FLUSH_MS,
        segmentBytes: env.DELIVERY_JOURNAL_SEGMENT_BYTES,
        sync: env.DELIVERY_JOURNAL_SYNC,
      },
      streamBatch: env.DELIVERY_STREAM_BATCH,
      geo: { provider: env.GEO_PROVIDER, header: env.GEO_HEADER.toLowerCase(), dbPath: env.GEOIP_DB_PATH ?? null },
      clickSecret: env.CLICK_SECRET ?? null,
      clickTtlHours: env.CLICK_TTL_HOURS,
      /** The geo header counts only behind a trusted proxy (TRUST_PROXY); else GeoIP or 'XX'. */
      trustGeoHeader: env.TRUST_PROXY,
      ivt: {
        enabled: env.IVT_ENABLED === '1' || env.IVT_ENABLED === 'true',
        visitorPerMinute: env.IVT_VISITOR_PER_MINUTE,
        visitorPerHour: env.IVT_VISITOR_PER_HOUR,
        ipPerMinute: env.IVT_IP_PER_MINUTE,
        ipPerHour: env.IVT_IP_PER_HOUR,
        ipMaxAgents: env.IVT_IP_MAX_AGENTS,
        ipClicksPerHour: env.IVT_IP_CLICKS_PER_HOUR,
        minClickMs: env.IVT_MIN_CLICK_MS,
        zoneSpikeFactor: env.IVT_ZONE_SPIKE_FACTOR,
        zoneSpikeFloor: env.IVT_ZONE_SPIKE_FLOOR,
        datacentreFile: env.IVT_DATACENTRE_FILE ?? null,
        flagShare: env.IVT_FLAG_SHARE,
        flagMinEvents: env.IVT_FLAG_MIN_EVENTS,
        flagWindowHours: env.IVT_FLAG_WINDOW_HOURS,
      },
    },
    demo: { traffic: env.DEMO_TRAFFIC, historyDays: env.DEMO_HISTORY_DAYS },
    payments: {
      card: env.PAYMENTS_CARD_PROVIDER,
      crypto: env.PAYMENTS_CRYPTO_PROVIDER,
      sandboxSecret: env.SANDBOX_PAYMENTS_SECRET ?? null,
      stripe:
        env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
          ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET }
          : null,
      coingate:
        env.COINGATE_API_TOKEN && env.COINGATE_CALLBACK_SECRET
          ? {
              apiToken: env.COINGATE_API_TOKEN,
              environment: env.COINGATE_ENVIRONMENT,
              callbackSecret: env.COINGATE_CALLBACK_SECRET,
            }
          : null,
      bankDepositExpiryDays: env.BANK_DEPOSIT_EXPIRY_DAYS,
      fees: { cryptoProcessingFeePercent: env.CRYPTO_PROCESSING_FEE_PERCENT, cardFeePercent: env.CARD_FEE_PERCENT },
    },
    invoiceIssuer: invoiceIssuer(env),
    bankBeneficiary: bankBeneficiary(env),
    vatCheck: {
      provider: env.VAT_CHECK_PROVIDER,
      viesApiUrl: env.VIES_API_URL ?? null,
      viesTimeoutMs: env.VIES_TIMEOUT_MS,
    },
    kyc: { provider: env.KYC_PROVIDER, sandboxSecret: env.KYC_SANDBOX_SECRET ?? null },
    holds: { expiryDays: env.HOLD_EXPIRY_DAYS },
    marketplace: {
      acceptWorkingDays: env.MARKETPLACE_ACCEPT_DAYS,
      deliverDays: env.MARKETPLACE_DELIVER_DAYS,
      reviewDays: env.MARKETPLACE_REVIEW_DAYS,
      commissionPercent: env.MARKETPLACE_COMMISSION_PERCENT,
    },
  };
}
