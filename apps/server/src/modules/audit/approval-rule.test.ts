import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users';
import { runOperatorCommand } from '../../operator/run';
import { loginAs, loginAsOperator } from '../../testing/helpers';
import { itOnPostgres } from '../../testing/postgres-only';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { actorOf } from './audit.service';

/** The two-operator rule counts money actions over 24 hours, so it cannot be split (docs/decisions/032). */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ APPROVAL_THRESHOLD_EUR: '1000' });
});
afterAll(async () => {
  await app.closeAll();
});

const balanceOf = async (userId: number) =>
  (await app.ctx.db.select({ b: users.balanceMicros }).from(users).where(eq(users.id, userId)))[0]?.b ?? 0n;
async function operator() {
  const op = await loginAsOperator(app);
  return actorOf({ user: op.user, session: op.session, token: op.token });
}
let ref = 0;
const credit = (actor: Awaited<ReturnType<typeof operator>>, email: string, euros: string) =>
  runOperatorCommand(app.ctx, actor, 'user', 'credit', [email, euros, `rule-${process.pid}-${++ref}`]);

describe('the two-operator rule over 24 hours', () => {
  it('adds up one operator’s credits: the one that reaches the threshold waits, on any account', async () => {
    const op = await operator();
    const a = await loginAs(app, 'advertiser');
    const b = await loginAs(app, 'advertiser');
    expect(await credit(op, a.email, '600')).toHaveProperty('output');
    expect(await credit(op, b.email, '399.99')).toHaveProperty('output');
    expect(await credit(op, b.email, '0.01')).toMatchObject({ pendingApproval: { amountMicros: '10000' } });
    expect(await balanceOf(b.user.id)).toBe(399_990_000n);
  });

  it('adds up what several operators credit to one account', async () => {
    const target = await loginAs(app, 'advertiser');
    expect(await credit(await operator(), target.email, '700')).toHaveProperty('output');
    expect(await credit(await operator(), target.email, '300')).toHaveProperty('pendingApproval');
    expect(await credit(await operator(), target.email, '299.99')).toHaveProperty('output');
    expect(await balanceOf(target.user.id)).toBe(999_990_000n);
  });

  itOnPostgres('five concurrent credits of 999.99 by one operator: never more than the threshold applied', async () => {
    const op = await operator();
    const targets = await Promise.all([1, 2, 3, 4, 5].map(() => loginAs(app, 'advertiser')));
    const results = await Promise.all(targets.map((t) => credit(op, t.email, '999.99')));
    expect(results.filter((r) => 'output' in r)).toHaveLength(1);
    expect(results.filter((r) => 'pendingApproval' in r)).toHaveLength(4);
    const applied = (await Promise.all(targets.map((t) => balanceOf(t.user.id)))).reduce((s, b) => s + b, 0n);
    expect(applied).toBe(999_990_000n);
  });
});
