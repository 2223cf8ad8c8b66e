import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LegalDocumentSchema, PlatformTermsSchema } from '@cryptads/contract/terms';
import { users } from '../../db/schema/users';
import { body, loginAs, registerViaApi } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

let app: TestApp;
const token = 'operator-secret-terms';
beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT_MAX: '1000' }, { operatorToken: token });
});
afterAll(async () => {
  await app.closeAll();
});

const current = async () =>
  PlatformTermsSchema.parse(body(await app.inject({ method: 'GET', url: '/api/currentPlatformTerms' })).response);
const signed = async (headers: Record<string, string>) =>
  body<{ currentSignedTerms: number | null }>(await app.inject({ method: 'GET', url: '/api/user', headers })).response
    .currentSignedTerms;
const operator = (domain: string, action: string, args: string[]) =>
  app.inject({
    method: 'POST',
    url: '/api/operator/run',
    headers: { 'x-operator-token': token },
    payload: { domain, action, args },
    remoteAddress: '127.0.0.1',
  });

describe('platform terms', () => {
  it('has version 1 on a fresh database, readable without a session', async () => {
    const terms = await current();
    expect(terms.version).toBe(1);
    expect(terms.title).toBe('Terms of Service');
    expect(terms.body).toContain('Cryptads');
    expect(terms.body).not.toContain('{product}');
  });

  it('records the signature of the latest version', async () => {
    const me = await loginAs(app, 'advertiser');
    expect(await signed(me.headers)).toBeNull();
    const res = await app.inject({ method: 'POST', url: '/api/user/signNewTerms', headers: me.headers });
    expect(res.statusCode).toBe(200);
    expect(body(res).response).toEqual({ currentSignedTerms: 1 });
    expect(await signed(me.headers)).toBe(1);
  });

  it('signs a new user up to the version they accepted on the form', async () => {
    const { email } = await registerViaApi(app);
    const [row] = await app.ctx.db.select().from(users).where(eq(users.email, email));
    expect(row?.currentSignedTerms).toBe(1);
  });

  it('publishes a new version from a file; users must sign it again', async () => {
    const me = await loginAs(app, 'publisher');
    await app.inject({ method: 'POST', url: '/api/user/signNewTerms', headers: me.headers });
    const dir = mkdtempSync(path.join(tmpdir(), 'terms-'));
    const file = path.join(dir, 'terms-v2.md');
    writeFileSync(file, '# Terms of Service (2026)\n\n## 1. Accounts\n\nYou must be 18 or older to open an account.\n');
    const res = await operator('terms', 'publish', [file]);
    expect(res.statusCode).toBe(200);
    expect(body<{ output: string }>(res).response.output).toContain('version 2');
    const terms = await current();
    expect(terms).toMatchObject({ version: 2, title: 'Terms of Service (2026)' });
    expect(terms.body.startsWith('## 1. Accounts')).toBe(true);
    expect(await signed(me.headers)).toBe(1);

    const stale = await app.inject({
      method: 'POST',
      url: '/api/user/signNewTerms',
      headers: me.headers,
      payload: { version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    const ok = await app.inject({
      method: 'POST',
      url: '/api/user/signNewTerms',
      headers: me.headers,
      payload: { version: 2 },
    });
    expect(body(ok).response).toEqual({ currentSignedTerms: 2 });
  });

  it('refuses to publish a file that does not exist', async () => {
    const res = await operator('terms', 'publish', ['/nonexistent/terms.md']);
    expect(res.statusCode).toBe(400);
    expect(body(res).reason).toContain('Cannot read');
  });

  it('needs a session to sign', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/user/signNewTerms' })).statusCode).toBe(401);
  });

  it('serves the privacy policy', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/legal/privacy' });
    const doc = LegalDocumentSchema.parse(body(res).response);
    expect(doc.title).toBe('Privacy Policy');
    expect(doc.body).toContain('support@cryptads.example');
  });
});
