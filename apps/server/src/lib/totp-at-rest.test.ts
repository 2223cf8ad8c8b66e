import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TwoFactorRequestSchema, TwoFactorRequiredSchema } from '@cryptads/contract/auth';
import { users } from '../db/schema/users';
import { body, loginAs } from '../testing/helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { currentTotp, newTotpSecret, openTotpSecret, sealPlaintextTotpSecrets, sealTotpSecret } from './totp';

/** TOTP secrets are encrypted at rest with TOTP_ENCRYPTION_KEY (docs/decisions/021). */
const KEY = randomBytes(32);
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT_MAX: '1000', TOTP_ENCRYPTION_KEY: KEY.toString('base64') });
});
afterAll(async () => {
  await app.closeAll();
});

const codeAt = (secret: string, steps = 0) => currentTotp(secret, Math.floor(Date.now() / 1000) + steps * 30);
const storedOf = async (userId: number) => {
  const [row] = await app.ctx.db
    .select({ secret: users.twoFactorSecret, pending: users.twoFactorPendingSecret })
    .from(users)
    .where(eq(users.id, userId));
  return row;
};
/** Password, then the authenticator's code: the whole two-factor login. */
async function twoFactorLogin(email: string, password: string, code: string) {
  const first = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password, captcha: 'x' } });
  expect(first.statusCode).toBe(403);
  const { credentialsToken } = TwoFactorRequiredSchema.parse(body(first).response);
  return app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { credentialsToken, twoFactorCode: code, captcha: 'x' },
  });
}

describe('TOTP secrets at rest', () => {
  it('stores the secret sealed, never the plaintext, and two-factor still works end to end', async () => {
    const me = await loginAs(app, 'advertiser');
    const requested = await app.inject({ method: 'GET', url: '/api/user/twoFactor/request', headers: me.headers });
    const { secret } = TwoFactorRequestSchema.parse(body(requested).response);
    const pending = (await storedOf(me.user.id))?.pending ?? '';
    expect(pending.startsWith('enc:v1:')).toBe(true);
    expect(pending).not.toContain(secret);

    const enabled = await app.inject({
      method: 'POST',
      url: '/api/user/twoFactor/validate',
      headers: me.headers,
      payload: { code: await codeAt(secret, -1) },
    });
    expect(enabled.statusCode).toBe(200);
    const stored = (await storedOf(me.user.id))?.secret ?? '';
    expect(stored.startsWith('enc:v1:')).toBe(true);
    expect(stored).not.toContain(secret);
    expect(openTotpSecret(KEY, me.user.id, stored)).toBe(secret);

    const res = await twoFactorLogin(me.email, me.password, await codeAt(secret));
    expect(res.statusCode).toBe(200);
  });

  it('seals the plaintext secrets written before, and they keep working', async () => {
    const me = await loginAs(app, 'publisher');
    const secret = newTotpSecret();
    await app.ctx.db.update(users).set({ twoFactorSecret: secret }).where(eq(users.id, me.user.id));
    // Read as it is until sealed: a start that has not sealed it yet still lets the owner in.
    expect((await twoFactorLogin(me.email, me.password, await codeAt(secret, -1))).statusCode).toBe(200);

    expect(await sealPlaintextTotpSecrets(app.ctx)).toBeGreaterThanOrEqual(1);
    const stored = (await storedOf(me.user.id))?.secret ?? '';
    expect(stored.startsWith('enc:v1:')).toBe(true);
    expect(stored).not.toContain(secret);
    // Sealing again changes nothing.
    await sealPlaintextTotpSecrets(app.ctx);
    expect((await storedOf(me.user.id))?.secret).toBe(stored);

    expect((await twoFactorLogin(me.email, me.password, await codeAt(secret))).statusCode).toBe(200);
  });

  it('opens a sealed secret only with its key and for its user', () => {
    const sealed = sealTotpSecret(KEY, 7, 'JBSWY3DPEHPK3PXP');
    expect(sealTotpSecret(KEY, 7, 'JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(openTotpSecret(KEY, 7, sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => openTotpSecret(randomBytes(32), 7, sealed)).toThrow();
    expect(() => openTotpSecret(KEY, 8, sealed)).toThrow();
  });
});
