import { z } from 'zod';
import { checkBankBeneficiary } from './config-bank';

/**
 * The environment variables the server reads, their defaults and the combinations it refuses
 * (production without its safeguards, a split process without a shared database...). Only
 * config.ts parses it: see loadConfig.
 */

/** A 32-byte key written as 64 hex digits or as base64; null when it is neither. */
export function parseKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return null;
  const key = Buffer.from(trimmed, 'base64');
  return key.length === 32 ? key : null;
}

const bool = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('127.0.0.1'),
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: z.string().default('./data'),
    /** A migrated, empty embedded database a fresh DATA_DIR starts from (docs/decisions/050). Default: the user's cache folder. */
    PGLITE_TEMPLATE_DIR: z.string().optional(),
    XDG_CACHE_HOME: z.string().optional(),
    DATABASE_URL: z.string().optional(),
    /** Shared state of several processes (docs/decisions/029): counters, capping, clicks, rate limits, pub/sub. Unset = in-process. */
    REDIS_URL: z.string().optional(),
    /** Prefix of every Redis key this deployment writes, so several deployments (or tests) can share one Redis. */
    REDIS_PREFIX: z.string().min(1).default('cryptads:'),
    /** The in-process cache of sessions and their users (docs/decisions/026): entries, and seconds an entry lives (0: off). */
    SESSION_CACHE_MAX: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
    SESSION_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
    /** Back office (docs/decisions/032): an operator session unused this long ends. */
    OPERATOR_IDLE_MINUTES: z.coerce.number().int().min(1).max(240).default(15),
    /** Back office: a money action of at least this many euros needs a second operator's approval. */
    APPROVAL_THRESHOLD_EUR: z.coerce.number().int().min(0).max(1_000_000_000).default(1000),
    /**
     * What this process does (docs/decisions/030): 'all' (one process, the default), or one role
     * of a deployment of several: 'api' (the /api routes and the web app), 'delivery' (/serve,
     * /click, /tag.js) or 'worker' (the delivery stream's consumer, the jobs, the domain events).
     */
    PROCESS_ROLE: z.enum(['all', 'api', 'delivery', 'worker']).default('all'),
    PRODUCT_NAME: z.string().min(1).default('Cryptads'),
    SUPPORT_EMAIL: z.email().default('support@cryptads.example'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: bool,
    ALLOW_SANDBOX: bool,
    /** 'auto' seeds the demo world on first start with an empty embedded database. */
    DEMO_SEED: z.enum(['auto', 'off']).default('auto'),
    MAIL_TRANSPORT: z.enum(['outbox', 'smtp']).default('outbox'),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('Cryptads <no-reply@cryptads.example>'),
    CAPTCHA_PROVIDER: z.enum(['none', 'turnstile']).default('none'),
    CAPTCHA_SITE_KEY: z.string().optional(),
    CAPTCHA_SECRET: z.string().optional(),
    /** Per-IP request budget for endpoints that check a secret, per window. */
    AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(20),
    AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
    /** Requests of the public API (/api/v1) per key and per account in each window (docs/decisions/040). */
    API_RATE_LIMIT_PER_KEY: z.coerce.number().int().positive().default(600),
    API_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().positive().default(1200),
    API_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
    /** Failed guesses allowed per account within the lockout window. */
    ACCOUNT_MAX_FAILURES: z.coerce.number().int().positive().default(10),
    ACCOUNT_LOCKOUT_MINUTES: z.coerce.number().int().positive().default(15),
    /** Key of the TOTP secrets at rest (AES-256-GCM): 32 bytes as base64 or 64 hex digits; required in production. */
    TOTP_ENCRYPTION_KEY: z.string().optional(),
    /** Built SPA to serve; empty when only the API runs. */
    WEB_DIST: z.string().optional(),
    /** Days between a deletion request and the deletion of the account (docs/decisions/005). */
    DELETION_GRACE_DAYS: z.coerce.number().int().min(3).max(90).default(14),
    /** A JSON feed of news articles for the dashboard; the bundled file when unset. */
    NEWS_FEED_URL: z.url().optional(),
    NEWS_FEED_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
    NEWS_CACHE_SECONDS: z.coerce.number().int().min(0).default(600),
    /** Below this balance (euros) an advertiser gets a pinned 'balance low' notification. */
    BALANCE_LOW_EUROS: z.coerce.number().min(0).default(20),
    /** Website ownership checks may fetch private and loopback addresses (tests, local demos only). */
    VERIFY_ALLOW_PRIVATE: bool,
    /**
     * Outgoing webhooks may be sent to private and loopback addresses, over plain http
     * (tests, local demos only; production refuses it unless ALLOW_SANDBOX=1).
     */
    WEBHOOKS_ALLOW_PRIVATE: bool,
    /** Deadline of one website ownership check fetch, redirects included. */
    VERIFY_TIMEOUT_MS: z.coerce.number().int().positive().max(60_000).default(5000),
    /**
     * Our advertising-system domain in publishers' ads.txt lines, as the SupplyChain object's asi
     * and where /sellers.json answers (docs/product/programmatic.md). Default: PUBLIC_URL's host
     * without 'www.'.
     */
    ADS_TXT_DOMAIN: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9.-]+$/, 'ADS_TXT_DOMAIN must be a host name such as cryptads.com')
      .optional(),
    /** Our certification authority id (TAG-ID): the ads.txt line's fourth field and a sellers.json identifier. */
    ADS_TXT_CERTIFICATION_ID: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]+$/, 'ADS_TXT_CERTIFICATION_ID must be letters and digits')
      .optional(),
    /** sellers.json contact_email (default SUPPORT_EMAIL) and contact_address (default the invoice issuer's name and address). */
    SELLERS_CONTACT_EMAIL: z.email().optional(),
    SELLERS_CONTACT_ADDRESS: z.string().trim().min(1).optional(),
    /** Seconds a built /sellers.json is reused, in this process and by its readers (Cache-Control). */
    SELLERS_JSON_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
    /** Where uploaded creatives are kept: 'local' (files under DATA_DIR/uploads). */
    STORAGE_DRIVER: z.enum(['local']).default('local'),
    /** Per-account upload quota (files kept and megabytes kept) and uploads per hour (docs/decisions/023). */
    UPLOAD_QUOTA_FILES: z.coerce.number().int().positive().default(500),
    UPLOAD_QUOTA_MB: z.coerce.number().int().positive().default(100),
    UPLOAD_RATE_PER_HOUR: z.coerce.number().int().positive().default(60),
    /** An upload no creative or draft refers to is deleted (row and file) after this many hours. */
    UPLOAD_UNATTACHED_HOURS: z.coerce.number().int().min(1).max(2160).default(24),
    /** HTTP server timeouts in ms (docs/decisions/023): socket inactivity, whole request, headers, idle keep-alive. */
    HTTP_CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
    HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
    HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(72_000),
    /** Minimum CPM bids per campaign type (docs/product/limits.md#our-choices), minimum Native CPC, maximum price (euros). */
    MIN_BID_DISPLAY_REGULAR: z.coerce.number().positive().default(0.2),
    MIN_BID_DISPLAY_PREMIUM: z.coerce.number().positive().default(3),
    MIN_BID_NATIVE: z.coerce.number().positive().default(0.5),
    MIN_BID_APPLICATION: z.coerce.number().positive().default(0.5),
    MIN_BID_POPUNDER: z.coerce.number().positive().default(1),
    MIN_CPC_NATIVE: z.coerce.number().positive().default(0.05),
    MAX_PRICE: z.coerce.number().positive().default(20),
    /** Publisher's share of the advertiser's cost (docs/product/limits.md#our-choices: 70 %). */
    REVENUE_SHARE: z.coerce.number().min(0).max(1).default(0.7),
    /** Days raw impression and click events are kept (Performance tab); rollups stay. */
    EVENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(400).default(30),
    /** The recorder writes its buffer at least this often (ms); a crash loses at most this much. */
    DELIVERY_FLUSH_MS: z.coerce.number().int().min(50).max(10_000).default(250),
    /** A buffer this large is written at once, before the timer. */
    DELIVERY_BATCH_MAX: z.coerce.number().int().min(1).max(100_000).default(5000),
    /**
     * Where /serve and /click put their events before answering (docs/decisions/028): `auto`
     * is Redis Streams with REDIS_URL, else a PostgreSQL queue table with DATABASE_URL, else
     * (the embedded database) `journal`, a journal in DATA_DIR/journal (docs/decisions/039, 054);
     * `memory` is this process's buffer (a crash loses up to DELIVERY_FLUSH_MS of events).
     * `journal` and `memory` belong to one process: PROCESS_ROLE=all only.
     */
    DELIVERY_STREAM: z.enum(['auto', 'postgres', 'redis', 'journal', 'memory']).default('auto'),
    /** The journal's group flush: appends within this window share one write and one fdatasync (ms). */
    DELIVERY_JOURNAL_FLUSH_MS: z.coerce.number().int().min(0).max(100).default(2),
    /**
     * When /serve and /click answer on the journal (docs/decisions/054): `write`, once their
     * group is written (a killed process loses nothing answered; the fdatasync follows in the
     * background, as the embedded database's own commits reach the disk), or `fdatasync`, once
     * it is flushed too (a power cut loses nothing answered either; each answer waits for the disk).
     */
    DELIVERY_JOURNAL_SYNC: z.enum(['write', 'fdatasync']).default('write'),
    /** A journal segment is sealed at this size and deleted once wholly recorded (bytes). */
    DELIVERY_JOURNAL_SEGMENT_BYTES: z.coerce
      .number()
      .int()
      .min(64 * 1024)
      .max(1024 * 1024 * 1024)
      .default(16 * 1024 * 1024),
    /** Events the stream's consumer records per transaction (short transactions keep the embedded database responsive). */
    DELIVERY_STREAM_BATCH: z.coerce.number().int().min(1).max(100_000).default(1000),
    /** Where a visitor's country comes from: a trusted proxy header, or a GeoLite2-format database file. */
    GEO_PROVIDER: z.enum(['header', 'geolite2']).default('header'),
    GEO_HEADER: z.string().default('cf-ipcountry'),
    GEOIP_DB_PATH: z.string().optional(),
    /** Signs click links; generated and kept in DATA_DIR when unset. */
    CLICK_SECRET: z.string().min(32).optional(),
    /** A click link is honoured this long after its impression. */
    CLICK_TTL_HOURS: z.coerce.number().int().min(1).max(720).default(24),
    /** Invalid-traffic filter (docs/decisions/019-invalid-traffic.md); 0 turns every rule off. */
    IVT_ENABLED: z.enum(['0', '1', 'true', 'false']).default('1'),
    IVT_VISITOR_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    IVT_VISITOR_PER_HOUR: z.coerce.number().int().min(1).default(300),
    IVT_IP_PER_MINUTE: z.coerce.number().int().min(1).default(120),
    IVT_IP_PER_HOUR: z.coerce.number().int().min(1).default(2000),
    /** Distinct user agents one IP may present per hour (user-agent rotation). */
    IVT_IP_MAX_AGENTS: z.coerce.number().int().min(1).default(30),
    IVT_IP_CLICKS_PER_HOUR: z.coerce.number().int().min(1).default(20),
    /** A click sooner than this after its impression is no person's. */
    IVT_MIN_CLICK_MS: z.coerce.number().int().min(0).default(1000),
    /** A zone's requests this minute above factor × its trailing hourly average per minute and above the floor. */
    IVT_ZONE_SPIKE_FACTOR: z.coerce.number().min(1).default(10),
    IVT_ZONE_SPIKE_FLOOR: z.coerce.number().int().min(1).default(600),
    /** Extra data-centre ranges, one CIDR a line (# comments), added to the built-in list. */
    IVT_DATACENTRE_FILE: z.string().optional(),
    /** A zone is flagged to the operator when filtered / all events > share, over >= min events, in the window. */
    IVT_FLAG_SHARE: z.coerce.number().min(0).max(1).default(0.3),
    IVT_FLAG_MIN_EVENTS: z.coerce.number().int().min(1).default(100),
    IVT_FLAG_WINDOW_HOURS: z.coerce.number().int().min(1).max(720).default(24),
    /** Demo mode: a gentle live trickle of simulated traffic keeps today's numbers moving. */
    DEMO_TRAFFIC: z.enum(['auto', 'off']).default('auto'),
    /** Days of simulated history the demo world is seeded with. */
    DEMO_HISTORY_DAYS: z.coerce.number().int().min(0).max(366).default(90),
    /** Who takes each deposit method (docs/decisions/011): the embedded sandbox, or Stripe / CoinGate. */
    PAYMENTS_CARD_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
    PAYMENTS_CRYPTO_PROVIDER: z.enum(['sandbox', 'coingate']).default('sandbox'),
    /** Signs the sandbox page's webhooks (at least 32 characters); random per process when unset. */
    SANDBOX_PAYMENTS_SECRET: z.string().min(32).optional(),
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    COINGATE_API_TOKEN: z.string().min(1).optional(),
    COINGATE_ENVIRONMENT: z.enum(['live', 'sandbox']).default('sandbox'),
    /** Key of CoinGate's per-payment callback tokens (at least 32 characters). */
    COINGATE_CALLBACK_SECRET: z.string().min(32).optional(),
    /** Deposit fees in percent (docs/product/limits.md#our-choices). VAT rates come from modules/tax's table, by place of supply. */
    CRYPTO_PROCESSING_FEE_PERCENT: z.coerce.number().min(0).max(100).default(1),
    CARD_FEE_PERCENT: z.coerce.number().min(0).max(100).default(0),
    /**
     * Who issues our invoices (VAT Directive art. 226); address lines separated by '|'. Name,
     * address and VAT number are required in production; elsewhere demo details stand in.
     */
    INVOICE_ISSUER_NAME: z.string().min(1).optional(),
    INVOICE_ISSUER_ADDRESS: z.string().min(1).optional(),
    INVOICE_ISSUER_COUNTRY: z
      .string()
      .regex(/^[A-Za-z]{2}$/)
      .default('IE'),
    INVOICE_ISSUER_VAT: z.string().optional(),
    INVOICE_ISSUER_REGISTRATION: z.string().optional(),
    INVOICE_ISSUER_EMAIL: z.email().optional(),
    INVOICE_ISSUER_IBAN: z.string().optional(),
    INVOICE_ISSUER_BIC: z.string().optional(),
    INVOICE_ISSUER_BANK_NAME: z.string().optional(),
    INVOICE_ISSUER_WEBSITE: z.string().optional(),
    /**
     * Bank transfers (docs/product/billing.md#bank-transfer): 'on' shows the receiving account
     * on the deposit screen and lets operators import statements; 'off' says to contact us.
     * The beneficiary falls back to INVOICE_ISSUER_NAME / _IBAN / _BIC / _BANK_NAME; outside
     * production a demo account stands in; production refuses to start without a valid one.
     */
    BANK_TRANSFERS: z.enum(['on', 'off']).default('on'),
    /**
     * Days an announced bank-transfer deposit waits for its transfer before it expires
     * (docs/decisions/041); a transfer that arrives later waits for an operator. Above the
     * 14 days the product promises for a transfer to arrive.
     */
    BANK_DEPOSIT_EXPIRY_DAYS: z.coerce.number().int().min(14).max(365).default(30),
    BANK_BENEFICIARY_NAME: z.string().trim().min(1).optional(),
    BANK_BENEFICIARY_IBAN: z.string().trim().min(1).optional(),
    BANK_BENEFICIARY_BIC: z.string().trim().min(1).optional(),
    BANK_BENEFICIARY_BANK_NAME: z.string().trim().min(1).optional(),
    BANK_BENEFICIARY_BANK_ADDRESS: z.string().trim().min(1).optional(),
    /** VAT number checks: 'format' (embedded: pattern and check digits only) or 'vies' (the EU VIES REST API). */
    VAT_CHECK_PROVIDER: z.enum(['format', 'vies']).default('format'),
    VIES_API_URL: z.url().optional(),
    VIES_TIMEOUT_MS: z.coerce.number().int().positive().max(60_000).default(8000),
    /** Identity verification: 'sandbox' (a page of ours that decides) or 'manual' (operators review the documents). */
    KYC_PROVIDER: z.enum(['sandbox', 'manual']).default('sandbox'),
    /** Signs the KYC sandbox page's decisions (at least 32 characters); random per process when unset. */
    KYC_SANDBOX_SECRET: z.string().min(32).optional(),
    /** Marketplace timers (docs/decisions/018): a seller accepts within this many working days (Mon-Fri). */
    MARKETPLACE_ACCEPT_DAYS: z.coerce.number().int().min(1).max(30).default(3),
    /** Days a seller has to deliver after accepting an item. */
    MARKETPLACE_DELIVER_DAYS: z.coerce.number().int().min(1).max(365).default(14),
    /** Days a buyer has to review a delivered item before it completes on its own. */
    MARKETPLACE_REVIEW_DAYS: z.coerce.number().int().min(1).max(90).default(7),
    /**
     * Days a ledger hold without a deadline of its own (a payout waiting to be sent) stays
     * pending before the hold-expiry job voids it and the money is available again
     * (docs/decisions/041). Marketplace holds follow the marketplace's timers.
     */
    HOLD_EXPIRY_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** The platform's share of a marketplace item's price, in percent. */
    MARKETPLACE_COMMISSION_PERCENT: z.coerce.number().min(0).max(100).default(20),
  })
  .superRefine((env, ctx) => {
    // docs/decisions/021: secrets and production settings that hold whatever ALLOW_SANDBOX says.
    if (env.TOTP_ENCRYPTION_KEY && !parseKey(env.TOTP_ENCRYPTION_KEY))
      ctx.addIssue({
        code: 'custom',
        path: ['TOTP_ENCRYPTION_KEY'],
        message: 'TOTP_ENCRYPTION_KEY must be 32 bytes as base64 or 64 hex digits (openssl rand -base64 32)',
      });
    if (env.DATABASE_URL && !env.CLICK_SECRET)
      ctx.addIssue({
        code: 'custom',
        path: ['CLICK_SECRET'],
        message:
          'CLICK_SECRET is required when DATABASE_URL is set: every process sharing the database must sign click links with the same key',
      });
    // Several processes share one database and, for delivery, one Redis (docs/decisions/030).
    if (env.PROCESS_ROLE !== 'all' && !env.DATABASE_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_URL'],
        message: `PROCESS_ROLE=${env.PROCESS_ROLE} needs DATABASE_URL (PostgreSQL): the embedded database belongs to one process, which runs PROCESS_ROLE=all`,
      });
    if (env.DELIVERY_STREAM === 'redis' && !env.REDIS_URL)
      ctx.addIssue({ code: 'custom', path: ['REDIS_URL'], message: 'DELIVERY_STREAM=redis needs REDIS_URL' });
    if ((env.DELIVERY_STREAM === 'memory' || env.DELIVERY_STREAM === 'journal') && env.PROCESS_ROLE !== 'all')
      ctx.addIssue({
        code: 'custom',
        path: ['DELIVERY_STREAM'],
        message: `DELIVERY_STREAM=${env.DELIVERY_STREAM} keeps events in the process that served them: only with PROCESS_ROLE=all`,
      });
    if (env.PROCESS_ROLE === 'delivery' && !env.REDIS_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['REDIS_URL'],
        message:
          'PROCESS_ROLE=delivery needs REDIS_URL: delivery processes share budgets, capping and clicks through Redis (a single delivery process keeps them in memory with PROCESS_ROLE=all)',
      });
    if (env.NODE_ENV === 'production') {
      if (!env.PUBLIC_URL?.startsWith('https://'))
        ctx.addIssue({
          code: 'custom',
          path: ['PUBLIC_URL'],
          message: 'production needs PUBLIC_URL set to an https:// address (session cookies and links travel over it)',
        });
      if (!env.TOTP_ENCRYPTION_KEY)
        ctx.addIssue({
          code: 'custom',
          path: ['TOTP_ENCRYPTION_KEY'],
          message:
            'production needs TOTP_ENCRYPTION_KEY (openssl rand -base64 32) to keep two-factor secrets encrypted',
        });
      for (const key of ['INVOICE_ISSUER_NAME', 'INVOICE_ISSUER_ADDRESS', 'INVOICE_ISSUER_VAT'] as const)
        if (!env[key]?.trim())
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: `production needs ${key}: every invoice must carry the issuer's name, address and VAT number (set INVOICE_ISSUER_NAME, INVOICE_ISSUER_ADDRESS with lines separated by '|', INVOICE_ISSUER_VAT and INVOICE_ISSUER_COUNTRY)`,
          });
    }
    checkBankBeneficiary(env, ctx);
    if (env.HTTP_HEADERS_TIMEOUT_MS > env.HTTP_REQUEST_TIMEOUT_MS)
      ctx.addIssue({
        code: 'custom',
        path: ['HTTP_HEADERS_TIMEOUT_MS'],
        message: 'HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS',
      });
    if (env.MAIL_TRANSPORT === 'smtp' && !env.SMTP_URL)
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'SMTP_URL is required when MAIL_TRANSPORT=smtp' });
    if (env.CAPTCHA_PROVIDER === 'turnstile' && (!env.CAPTCHA_SECRET || !env.CAPTCHA_SITE_KEY))
      ctx.addIssue({
        code: 'custom',
        path: ['CAPTCHA_SECRET'],
        message: 'CAPTCHA_SITE_KEY and CAPTCHA_SECRET are required when CAPTCHA_PROVIDER=turnstile',
      });
    if (env.GEO_PROVIDER === 'geolite2' && !env.GEOIP_DB_PATH)
      ctx.addIssue({
        code: 'custom',
        path: ['GEOIP_DB_PATH'],
        message: 'GEOIP_DB_PATH is required when GEO_PROVIDER=geolite2',
      });
    if (env.PAYMENTS_CARD_PROVIDER === 'stripe' && (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET))
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required when PAYMENTS_CARD_PROVIDER=stripe',
      });
    if (env.PAYMENTS_CRYPTO_PROVIDER === 'coingate' && (!env.COINGATE_API_TOKEN || !env.COINGATE_CALLBACK_SECRET))
      ctx.addIssue({
        code: 'custom',
        path: ['COINGATE_API_TOKEN'],
        message: 'COINGATE_API_TOKEN and COINGATE_CALLBACK_SECRET are required when PAYMENTS_CRYPTO_PROVIDER=coingate',
      });
    if (env.NODE_ENV === 'production' && !env.ALLOW_SANDBOX) {
      if (env.CAPTCHA_PROVIDER === 'none')
        ctx.addIssue({
          code: 'custom',
          path: ['CAPTCHA_PROVIDER'],
          message: 'production refuses CAPTCHA_PROVIDER=none; set a real provider or ALLOW_SANDBOX=1',
        });
      if (env.MAIL_TRANSPORT === 'outbox')
        ctx.addIssue({
          code: 'custom',
          path: ['MAIL_TRANSPORT'],
          message: 'production refuses MAIL_TRANSPORT=outbox; set SMTP or ALLOW_SANDBOX=1',
        });
      if (env.PAYMENTS_CARD_PROVIDER === 'sandbox' || env.PAYMENTS_CRYPTO_PROVIDER === 'sandbox')
        ctx.addIssue({
          code: 'custom',
          path: ['PAYMENTS_CARD_PROVIDER'],
          message:
            'production refuses sandbox payments; set PAYMENTS_CARD_PROVIDER=stripe and PAYMENTS_CRYPTO_PROVIDER=coingate, or ALLOW_SANDBOX=1',
        });
      if (env.KYC_PROVIDER === 'sandbox')
        ctx.addIssue({
          code: 'custom',
          path: ['KYC_PROVIDER'],
          message: 'production refuses KYC_PROVIDER=sandbox; set KYC_PROVIDER=manual or ALLOW_SANDBOX=1',
        });
      if (env.WEBHOOKS_ALLOW_PRIVATE)
        ctx.addIssue({
          code: 'custom',
          path: ['WEBHOOKS_ALLOW_PRIVATE'],
          message:
            'production refuses WEBHOOKS_ALLOW_PRIVATE=1 (private network reachable); unset it or ALLOW_SANDBOX=1',
        });
      if (env.VERIFY_ALLOW_PRIVATE)
        ctx.addIssue({
          code: 'custom',
          path: ['VERIFY_ALLOW_PRIVATE'],
          message: 'production refuses VERIFY_ALLOW_PRIVATE=1 (private network reachable); unset it or ALLOW_SANDBOX=1',
        });
    }
  });
