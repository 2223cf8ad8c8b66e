import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountType } from '@cryptads/contract/account';
import { AppCode, GENERIC_MESSAGES } from '@cryptads/contract/api';
import { AUTH_MESSAGES } from '@cryptads/contract/auth';
import { auditEntries } from '../db/schema/audit';
import { sessions, users } from '../db/schema/users';
import { currentTotp } from '../lib/totp';
import { userChanged } from '../modules/sessions/cache';
import { body, lastMailTo, loginAs, loginAsOperator, registerViaApi, uniqueEmail } from '../testing/helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { runOperatorCommand } from './run';

/** Back-office operators (docs/decisions/032): creation, the two-factor gate, idle expiry. */
let app: TestApp;
const token = 'operator-secret-for-this-test';
beforeAll(async () => {
  app = await createTestApp(
    { AUTH_RATE_LIMIT_MAX: '1000', PUBLIC_URL: 'https://ads.example', OPERATOR_IDLE_MINUTES: '15' },
    { operatorToken: token },
  );
});
afterAll(async () => {
  await app.closeAll();
});

const cli = (domain: string, action: string, args: string[]) =>
  runOperatorCommand(app.ctx, { kind: 'command line' }, domain, action, args);
const get = (url: string, headers: Record<string, string>) => app.inject({ method: 'GET', url, headers });
const login = (email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/login', payload: { email, password, captcha: 'x' } });

describe('operator create', () => {
  it('creates a verified type-3 account and mails a link that sets its password', async () => {
    const email = uniqueEmail('op');
    const result = await cli('operator', 'create', [email, 'Olga', 'Ops']);
    expect(result).toEqual({ output: `Operator ${email} created; a link to set the password was mailed.` });
    const [row] = await app.ctx.db.select().from(users).where(eq(users.email, email));
    expect(row?.type).toBe(AccountType.Operator);
    expect(row?.emailVerifiedAt).not.toBeNull();
    expect(row?.firstName).toBe('Olga');
    // No password works before the link is used.
    expect((await login(email, '')).statusCode).toBe(400);
    expect((await login(email, 'Str0ng!Passw0rd')).statusCode).toBe(401);

    const mail = await lastMailTo(app, email);
    const code = mail?.text.match(/password-recovery\/([A-Za-z0-9_-]+)/)?.[1];
    expect(code).toBeTruthy();
    const reset = await app.inject({
      method: 'POST',
      url: '/api/recovery-validate',
      payload: { code, password: 'N3w!Password', captcha: 'x' },
    });
    expect(reset.statusCode).toBe(200);
    const ok = await login(email, 'N3w!Password');
    expect(ok.statusCode).toBe(200);
    expect(body<{ userType: number }>(ok).response.userType).toBe(AccountType.Operator);
  });

  it('refuses an email that has an account, and leaves no audit entry', async () => {
    const { email } = await loginAs(app, 'advertiser');
    await expect(cli('operator', 'create', [email])).rejects.toMatchObject({
      status: 400,
      reason: `An account with email ${email} already exists.`,
    });
    const entries = await app.ctx.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'operator create'), eq(auditEntries.objectId, email)));
    expect(entries).toHaveLength(0);
    const [row] = await app.ctx.db.select().from(users).where(eq(users.email, email));
    expect(row?.type).toBe(AccountType.Advertiser);
  });

  it('lists operators', async () => {
    const { email } = await loginAsOperator(app);
    const result = await cli('operator', 'list', []);
    expect('output' in result && result.output).toContain(email);
  });

  it('sign-up never creates an operator', async () => {
    const { res, email } = await registerViaApi(app, { userType: 3 });
    expect(res.statusCode).toBe(400);
    expect(await app.ctx.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });
});

describe('an operator without two-factor authentication', () => {
  it('reaches only the set-up endpoints; the others answer 403 TwoFactorSetupRequired', async () => {
    const { headers, user } = await loginAsOperator(app, { twoFactor: false });
    const me = await get('/api/user', headers);
    expect(me.statusCode).toBe(200);
    expect(body<{ type: number }>(me).response.type).toBe(AccountType.Operator);
    expect(body<{ status: number }>(await get('/api/user/twoFactor', headers)).response.status).toBe(0);

    const refused = await get('/api/campaigns', headers);
    expect(refused.statusCode).toBe(403);
    expect(body(refused).code).toBe(AppCode.TwoFactorSetupRequired);
    expect(body(refused).reason).toBe(AUTH_MESSAGES.operatorTwoFactorRequired);

    // Turning it on through the ordinary set-up opens the back office.
    const request = await get('/api/user/twoFactor/request', headers);
    expect(request.statusCode).toBe(200);
    const { secret } = body<{ secret: string }>(request).response;
    const enable = await app.inject({
      method: 'POST',
      url: '/api/user/twoFactor/validate',
      headers,
      payload: { code: await currentTotp(secret) },
    });
    expect(enable.statusCode).toBe(200);
    const after = await get('/api/campaigns', headers);
    // No longer the set-up gate: now the ordinary role check (operators are not advertisers).
    expect(after.statusCode).toBe(403);
    expect(body(after).code).not.toBe(AppCode.TwoFactorSetupRequired);
    const [row] = await app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.twoFactorSecret).not.toBeNull();
  });

  it('logs out', async () => {
    const { headers } = await loginAsOperator(app, { twoFactor: false });
    expect((await app.inject({ method: 'POST', url: '/api/user/logout', headers })).statusCode).toBe(200);
    expect((await get('/api/user', headers)).statusCode).toBe(401);
  });
});

describe('roles', () => {
  it('an operator with two-factor reads /api/user but no customer endpoint, and cannot turn two-factor off', async () => {
    const { headers, totpSecret } = await loginAsOperator(app);
    expect((await get('/api/user', headers)).statusCode).toBe(200);
    const campaigns = await get('/api/campaigns', headers);
    expect(campaigns.statusCode).toBe(403);
    expect(body(campaigns).reason).toBe(GENERIC_MESSAGES.forbiddenRole);
    const disable = await app.inject({
      method: 'DELETE',
      url: '/api/user/twoFactor/disable',
      headers,
      payload: { code: await currentTotp(totpSecret ?? '') },
    });
    expect(disable.statusCode).toBe(403);
  });

  it('customers keep their endpoints', async () => {
    const { headers } = await loginAs(app, 'advertiser');
    expect((await get('/api/campaigns', headers)).statusCode).toBe(200);
    expect((await get('/api/user', headers)).statusCode).toBe(200);
  });
});

describe('idle operator sessions', () => {
  it('end after OPERATOR_IDLE_MINUTES without activity', async () => {
    const { headers, session, user } = await loginAsOperator(app);
    expect((await get('/api/user', headers)).statusCode).toBe(200);
    await app.ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(sessions.id, session.id));
    // As a write to sessions does (docs/decisions/026): the cache forgets the old row.
    await userChanged(app.ctx, user.id);
    const idle = await get('/api/user', headers);
    expect(idle.statusCode).toBe(401);
    expect(body(idle).reason).toBe('Your session ended after 15 minutes without activity. Log in again.');
    const [row] = await app.ctx.db.select().from(sessions).where(eq(sessions.id, session.id));
    expect(row?.revokedAt).not.toBeNull();
    expect(body(await get('/api/user', headers)).reason).toBe(GENERIC_MESSAGES.unauthorized);
  });

  it('do not apply to customers', async () => {
    const { headers, user } = await loginAs(app, 'publisher');
    await app.ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(sessions.userId, user.id));
    await userChanged(app.ctx, user.id);
    expect((await get('/api/user', headers)).statusCode).toBe(200);
  });
});

describe('the command line hand-off', () => {
  it('is audited as the command line', async () => {
    const { email } = await loginAs(app, 'advertiser');
    const res = await app.inject({
      method: 'POST',
      url: '/api/operator/run',
      headers: { 'x-operator-token': token },
      payload: { domain: 'user', action: 'disable', args: [email, 'fraud'] },
      remoteAddress: '127.0.0.1',
    });
    expect(res.statusCode).toBe(200);
    const entries = await app.ctx.db.select().from(auditEntries).where(eq(auditEntries.objectId, email));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      via: 'command line',
      actorId: null,
      action: 'user disable',
      objectType: 'user',
      changes: { args: [email, 'fraud'], result: body<{ output: string }>(res).response.output },
    });
  });
});
