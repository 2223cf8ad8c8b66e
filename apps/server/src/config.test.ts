import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const realProviders = {
  CAPTCHA_PROVIDER: 'turnstile',
  CAPTCHA_SITE_KEY: 'site',
  CAPTCHA_SECRET: 'secret',
  MAIL_TRANSPORT: 'smtp',
  SMTP_URL: 'smtp://mail.example:587',
  PAYMENTS_CARD_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  PAYMENTS_CRYPTO_PROVIDER: 'coingate',
  COINGATE_API_TOKEN: 'token',
  COINGATE_CALLBACK_SECRET: 'c'.repeat(32),
  KYC_PROVIDER: 'manual',
  PUBLIC_URL: 'https://ads.example',
  TOTP_ENCRYPTION_KEY: 'k'.repeat(43).concat('='),
  BANK_BENEFICIARY_IBAN: 'IE29 AIBK 9311 5212 3456 78',
  BANK_BENEFICIARY_BIC: 'AIBKIE2D',
  BANK_BENEFICIARY_BANK_NAME: 'AIB',
  BANK_BENEFICIARY_BANK_ADDRESS: '7 Baggot Street, Dublin 2',
  INVOICE_ISSUER_NAME: 'Cryptads Ltd',
  INVOICE_ISSUER_ADDRESS: '1 Harbour Road|Dublin 2',
  INVOICE_ISSUER_VAT: 'IE6388047V',
};
/** A valid 32-byte key in each accepted spelling. */
const KEY_HEX = 'ab'.repeat(32);
const KEY_BASE64 = Buffer.alloc(32, 7).toString('base64');

describe('loadConfig', () => {
  it('runs on one machine with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      isProduction: false,
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      secureCookies: false,
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      productName: 'Cryptads',
      logLevel: 'info',
      trustProxy: false,
      demoSeed: 'auto',
      mail: { transport: 'outbox' },
      captcha: { provider: 'none', siteKey: null },
      rateLimit: { authMax: 20, authWindowSeconds: 60, accountMaxFailures: 10, accountLockoutMinutes: 15 },
    });
  });

  it('reads numbers, flags and the public URL from strings', () => {
    const config = loadConfig({
      PORT: '8080',
      TRUST_PROXY: '1',
      PUBLIC_URL: 'https://ads.example/',
      ACCOUNT_MAX_FAILURES: '3',
      PRODUCT_NAME: 'Other',
    });
    expect(config).toMatchObject({
      port: 8080,
      trustProxy: true,
      publicUrl: 'https://ads.example',
      secureCookies: true,
      productName: 'Other',
      rateLimit: { accountMaxFailures: 3 },
    });
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it.each([
    ['a port that is not a number', { PORT: 'eighty' }, 'PORT'],
    ['an unknown log level', { LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    ['a public URL that is not a URL', { PUBLIC_URL: 'ads.example' }, 'PUBLIC_URL'],
    ['SMTP without its URL', { MAIL_TRANSPORT: 'smtp' }, 'SMTP_URL'],
    ['Turnstile without its keys', { CAPTCHA_PROVIDER: 'turnstile' }, 'CAPTCHA_SECRET'],
    ['a zero rate limit', { AUTH_RATE_LIMIT_MAX: '0' }, 'AUTH_RATE_LIMIT_MAX'],
  ])('refuses %s and names the variable', (_why, env, variable) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`Invalid configuration:[\\s\\S]*${variable}`));
  });

  it('refuses to start in production with the captcha turned off', () => {
    expect(() => loadConfig({ ...realProviders, NODE_ENV: 'production', CAPTCHA_PROVIDER: 'none' })).toThrow(
      /CAPTCHA_PROVIDER.*ALLOW_SANDBOX=1/,
    );
  });

  it('refuses to start in production with mail going to the outbox', () => {
    expect(() => loadConfig({ ...realProviders, NODE_ENV: 'production', MAIL_TRANSPORT: 'outbox' })).toThrow(
      /MAIL_TRANSPORT.*ALLOW_SANDBOX=1/,
    );
  });

  it('refuses to start in production with sandbox payments', () => {
    expect(() => loadConfig({ ...realProviders, NODE_ENV: 'production', PAYMENTS_CARD_PROVIDER: 'sandbox' })).toThrow(
      /PAYMENTS_CARD_PROVIDER.*ALLOW_SANDBOX=1/,
    );
    expect(() => loadConfig({ ...realProviders, NODE_ENV: 'production', PAYMENTS_CRYPTO_PROVIDER: 'sandbox' })).toThrow(
      /PAYMENTS_CARD_PROVIDER.*ALLOW_SANDBOX=1/,
    );
  });

  it('refuses a real payment provider without its secrets', () => {
    expect(() => loadConfig({ PAYMENTS_CARD_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ PAYMENTS_CRYPTO_PROVIDER: 'coingate', COINGATE_API_TOKEN: 't' })).toThrow(
      /COINGATE_API_TOKEN/,
    );
  });

  it('takes deposits through the sandbox with 1 % crypto fee, no card fee, by default', () => {
    expect(loadConfig({}).payments).toMatchObject({
      card: 'sandbox',
      crypto: 'sandbox',
      stripe: null,
      coingate: null,
      fees: { cryptoProcessingFeePercent: 1, cardFeePercent: 0 },
    });
  });

  it('refuses the KYC sandbox in production and checks VAT numbers by format by default', () => {
    expect(() => loadConfig({ ...realProviders, NODE_ENV: 'production', KYC_PROVIDER: 'sandbox' })).toThrow(
      /KYC_PROVIDER.*ALLOW_SANDBOX=1/,
    );
    expect(loadConfig({})).toMatchObject({
      kyc: { provider: 'sandbox', sandboxSecret: null },
      vatCheck: { provider: 'format', viesApiUrl: null, viesTimeoutMs: 8000 },
    });
  });

  it('gives marketplace sellers 3 working days to accept, 14 days to deliver, buyers 7 days to review, 20 % commission', () => {
    expect(loadConfig({}).marketplace).toEqual({
      acceptWorkingDays: 3,
      deliverDays: 14,
      reviewDays: 7,
      commissionPercent: 20,
    });
    expect(
      loadConfig({
        MARKETPLACE_ACCEPT_DAYS: '5',
        MARKETPLACE_DELIVER_DAYS: '30',
        MARKETPLACE_REVIEW_DAYS: '3',
        MARKETPLACE_COMMISSION_PERCENT: '12.5',
      }).marketplace,
    ).toEqual({ acceptWorkingDays: 5, deliverDays: 30, reviewDays: 3, commissionPercent: 12.5 });
    expect(() => loadConfig({ MARKETPLACE_COMMISSION_PERCENT: '101' })).toThrow(/MARKETPLACE_COMMISSION_PERCENT/);
    expect(() => loadConfig({ MARKETPLACE_ACCEPT_DAYS: '0' })).toThrow(/MARKETPLACE_ACCEPT_DAYS/);
  });

  it('reports every sandbox in production at once', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/CAPTCHA_PROVIDER[\s\S]*MAIL_TRANSPORT/);
  });

  it('starts in production with the sandboxes when ALLOW_SANDBOX=1 says so on purpose', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      ALLOW_SANDBOX: '1',
      BANK_TRANSFERS: 'off',
      PUBLIC_URL: 'https://ads.example',
      TOTP_ENCRYPTION_KEY: KEY_BASE64,
      INVOICE_ISSUER_NAME: 'Cryptads Ltd',
      INVOICE_ISSUER_ADDRESS: '1 Harbour Road|Dublin 2',
      INVOICE_ISSUER_VAT: 'IE6388047V',
    });
    expect(config).toMatchObject({ isProduction: true, captcha: { provider: 'none' }, mail: { transport: 'outbox' } });
  });

  it('refuses production without the invoice issuer, and prints demo details elsewhere', () => {
    for (const key of ['INVOICE_ISSUER_NAME', 'INVOICE_ISSUER_ADDRESS', 'INVOICE_ISSUER_VAT'])
      expect(() => loadConfig({ ...realProviders, NODE_ENV: 'production', [key]: undefined })).toThrow(
        new RegExp(
          `${key}: production needs ${key}: every invoice must carry the issuer's name, address and VAT number`,
        ),
      );
    expect(loadConfig({}).invoiceIssuer).toMatchObject({
      name: 'Cryptads Ltd',
      addressLines: ['1 Example Street', 'Dublin 2, D02 XY00'],
      country: 'IE',
      vatNumber: 'IE0000000DEMO',
    });
  });

  it('starts in production with real providers', () => {
    const config = loadConfig({ ...realProviders, NODE_ENV: 'production' });
    expect(config).toMatchObject({
      isProduction: true,
      captcha: { provider: 'turnstile', siteKey: 'site' },
      mail: { transport: 'smtp', smtpUrl: 'smtp://mail.example:587' },
    });
  });
});

describe('production and shared-database secrets (docs/decisions/021)', () => {
  it('refuses an http:// or missing PUBLIC_URL in production, whatever ALLOW_SANDBOX says', () => {
    for (const extra of [{}, { ALLOW_SANDBOX: '1' }]) {
      expect(() =>
        loadConfig({ ...realProviders, ...extra, NODE_ENV: 'production', PUBLIC_URL: 'http://ads.example' }),
      ).toThrow(/PUBLIC_URL: production needs PUBLIC_URL set to an https:\/\/ address/);
      expect(() => loadConfig({ ...realProviders, ...extra, NODE_ENV: 'production', PUBLIC_URL: undefined })).toThrow(
        /PUBLIC_URL: production needs/,
      );
    }
    // Outside production an http:// address is fine (one machine, no TLS).
    expect(loadConfig({ PUBLIC_URL: 'http://ads.example' }).publicUrl).toBe('http://ads.example');
  });

  it('refuses production without TOTP_ENCRYPTION_KEY, whatever ALLOW_SANDBOX says', () => {
    for (const extra of [{}, { ALLOW_SANDBOX: '1' }])
      expect(() =>
        loadConfig({ ...realProviders, ...extra, NODE_ENV: 'production', TOTP_ENCRYPTION_KEY: undefined }),
      ).toThrow(/TOTP_ENCRYPTION_KEY: production needs TOTP_ENCRYPTION_KEY/);
  });

  it('reads a 32-byte TOTP key as hex or base64 and refuses anything else', () => {
    expect(loadConfig({ TOTP_ENCRYPTION_KEY: KEY_HEX }).totp.encryptionKey).toEqual(Buffer.from(KEY_HEX, 'hex'));
    expect(loadConfig({ TOTP_ENCRYPTION_KEY: KEY_BASE64 }).totp.encryptionKey).toEqual(Buffer.alloc(32, 7));
    for (const bad of ['short', 'ab'.repeat(31), Buffer.alloc(16).toString('base64'), `${KEY_HEX}00`])
      expect(() => loadConfig({ TOTP_ENCRYPTION_KEY: bad })).toThrow(/TOTP_ENCRYPTION_KEY must be 32 bytes/);
    // Without one, outside production: a fixed development key, the same on every start.
    expect(loadConfig({}).totp.encryptionKey).toHaveLength(32);
    expect(loadConfig({}).totp.encryptionKey).toEqual(loadConfig({ NODE_ENV: 'test' }).totp.encryptionKey);
  });

  it('requires CLICK_SECRET whenever DATABASE_URL is set, in every environment', () => {
    for (const env of ['development', 'test', 'production'])
      expect(() => loadConfig({ ...realProviders, NODE_ENV: env, DATABASE_URL: 'postgres://db/cryptads' })).toThrow(
        /CLICK_SECRET: CLICK_SECRET is required when DATABASE_URL is set/,
      );
    const config = loadConfig({ DATABASE_URL: 'postgres://db/cryptads', CLICK_SECRET: 'c'.repeat(32) });
    expect(config.delivery.clickSecret).toBe('c'.repeat(32));
    // The embedded database is one process: the generated secret in DATA_DIR is enough.
    expect(loadConfig({}).delivery.clickSecret).toBeNull();
  });

  it('keeps delivery events in the journal on the embedded default, and in memory only when asked or under test', () => {
    expect(loadConfig({}).delivery).toMatchObject({ stream: 'journal', journal: { flushMs: 2, sync: 'write' } });
    expect(loadConfig({ DELIVERY_JOURNAL_FLUSH_MS: '5' }).delivery.journal.flushMs).toBe(5);
    expect(loadConfig({ DELIVERY_JOURNAL_SYNC: 'fdatasync' }).delivery.journal.sync).toBe('fdatasync');
    expect(() => loadConfig({ DELIVERY_JOURNAL_SYNC: 'never' })).toThrow(/DELIVERY_JOURNAL_SYNC/);
    expect(loadConfig({ DELIVERY_STREAM: 'memory' }).delivery.stream).toBe('memory');
    expect(loadConfig({ NODE_ENV: 'test' }).delivery.stream).toBe('memory');
    const pg = { DATABASE_URL: 'postgres://db/cryptads', CLICK_SECRET: 'c'.repeat(32) };
    expect(loadConfig(pg).delivery.stream).toBe('postgres');
    expect(() => loadConfig({ ...pg, PROCESS_ROLE: 'worker', DELIVERY_STREAM: 'journal' })).toThrow(
      /DELIVERY_STREAM=journal keeps events in the process that served them/,
    );
  });
});
