import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/users';
import { body, loginAs } from '../testing/helpers';
import { createTestApp, type TestApp } from '../testing/test-app';

describe('operator hand-off route', () => {
  let app: TestApp;
  const token = 'operator-secret-for-this-test';
  beforeAll(async () => {
    app = await createTestApp({}, { operatorToken: token });
  });
  afterAll(async () => {
    await app.closeAll();
  });

  const run = (headers: Record<string, string>, payload: { domain: string; action: string; args: string[] }) =>
    app.inject({ method: 'POST', url: '/api/operator/run', headers, payload, remoteAddress: '127.0.0.1' });

  it('refuses a call without the secret of this start', async () => {
    const res = await run(
      { 'x-operator-token': 'wrong' },
      { domain: 'user', action: 'disable', args: ['x@y.example'] },
    );
    expect(res.statusCode).toBe(403);
    expect(body(res).reason).toBe('Operator commands are local only.');
  });

  it('refuses a call from another address even with the secret', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/operator/run',
      headers: { 'x-operator-token': token },
      payload: { domain: 'user', action: 'disable', args: ['x@y.example'] },
      remoteAddress: '203.0.113.9',
    });
    expect(res.statusCode).toBe(403);
  });

  it('disables an account: its session ends and its login answers code 99', async () => {
    const { user, email, password, headers } = await loginAs(app, 'advertiser');
    const res = await run({ 'x-operator-token': token }, { domain: 'user', action: 'disable', args: [email] });
    expect(res.statusCode).toBe(200);
    expect(body<{ output: string }>(res).response.output).toContain('disabled');
    expect((await app.inject({ method: 'GET', url: '/api/user', headers })).statusCode).toBe(401);
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password, captcha: 'x' } });
    expect(login.statusCode).toBe(401);
    expect(body(login).code).toBe(99);
    const [row] = await app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.disabledAt).not.toBeNull();
  });

  it('answers an unknown command and a refused one with reasons', async () => {
    const unknown = await run({ 'x-operator-token': token }, { domain: 'user', action: 'explode', args: [] });
    expect(unknown.statusCode).toBe(404);
    const missing = await run(
      { 'x-operator-token': token },
      { domain: 'user', action: 'enable', args: ['nobody@x.example'] },
    );
    expect(missing.statusCode).toBe(400);
    expect(body(missing).reason).toBe('No account with email nobody@x.example.');
  });

  it('credits an account once per reference, through the ledger', async () => {
    const { email, headers } = await loginAs(app, 'advertiser');
    const credit = (args: string[]) => run({ 'x-operator-token': token }, { domain: 'user', action: 'credit', args });
    const first = await credit([email, '250.5', 'wire-4711']);
    expect(body<{ output: string }>(first).response.output).toBe(`Credited €250.50 to ${email}; balance €250.50.`);
    const again = await credit([email, '250.5', 'wire-4711']);
    expect(body<{ output: string }>(again).response.output).toContain('already credited');
    const me = await app.inject({ method: 'GET', url: '/api/user', headers });
    expect(body<{ balance: number }>(me).response.balance).toBe(250.5);
    const refused = await credit([email, '-5', 'wire-4712']);
    expect(refused.statusCode).toBe(400);
  });
});
