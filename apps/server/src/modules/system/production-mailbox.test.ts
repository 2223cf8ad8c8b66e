import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERIC_MESSAGES } from '@cryptads/contract/api';
import { PublicConfigSchema } from '@cryptads/contract/system';
import { body, registerViaApi } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * Anyone could read anyone's reset link in the dev mailbox of a production
 * server started with ALLOW_SANDBOX=1. In production it never exists (docs/decisions/021).
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({
    NODE_ENV: 'production',
    ALLOW_SANDBOX: '1',
    PUBLIC_URL: 'https://ads.example',
    TOTP_ENCRYPTION_KEY: 'ab'.repeat(32),
    INVOICE_ISSUER_NAME: 'Cryptads Ltd',
    INVOICE_ISSUER_ADDRESS: '1 Harbour Road|Dublin 2',
    INVOICE_ISSUER_VAT: 'IE6388047V',
    BANK_TRANSFERS: 'off',
    AUTH_RATE_LIMIT_MAX: '1000',
    DEMO_TRAFFIC: 'off',
  });
});
afterAll(async () => {
  await app.closeAll();
});

describe('the dev mailbox in production with ALLOW_SANDBOX=1', () => {
  it('does not exist, as JSON or as a page, though mail still goes to the outbox', async () => {
    expect(app.ctx.mailer.kind).toBe('outbox');
    const { email } = await registerViaApi(app);
    for (const url of ['/api/dev/mailbox', `/api/dev/mailbox?to=${encodeURIComponent(email)}`]) {
      const json = await app.inject({ method: 'GET', url });
      expect(json.statusCode).toBe(404);
      expect(body(json)).toEqual({ code: 404, response: null, reason: GENERIC_MESSAGES.routeNotFound });
    }
    const page = await app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain(email);
  });

  it('is not offered to the web app', async () => {
    const config = PublicConfigSchema.parse(body(await app.inject({ method: 'GET', url: '/api/config' })).response);
    expect(config.devMailbox).toBe(false);
  });
});
