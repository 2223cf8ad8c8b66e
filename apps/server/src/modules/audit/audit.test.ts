import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, operatorApprovals } from '../../db/schema/audit';
import { users } from '../../db/schema/users';
import { commands } from '../../operator/registry';
import { runOperatorCommand } from '../../operator/run';
import { itOnPostgres } from '../../testing/postgres-only';
import { loginAs, loginAsOperator, uniqueEmail } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { decideApproval } from './approvals.service';
import { type Actor, actorOf, listAudit } from './audit.service';

/** The audit trail and the two-operator rule (docs/decisions/032). */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ APPROVAL_THRESHOLD_EUR: '1000' });
});
afterAll(async () => {
  await app.closeAll();
});

const CLI: Actor = { kind: 'command line' };
const entriesFor = (objectId: string) =>
  app.ctx.db.select().from(auditEntries).where(eq(auditEntries.objectId, objectId));
const balanceOf = async (userId: number) =>
  (await app.ctx.db.select({ b: users.balanceMicros }).from(users).where(eq(users.id, userId)))[0]?.b;
async function operator() {
  const op = await loginAsOperator(app);
  return { ...op, actor: actorOf({ user: op.user, session: op.session, token: op.token }) };
}

describe('the audit trail', () => {
  it('keeps one entry per successful command, with the operator and the result', async () => {
    const op = await operator();
    const { email } = await loginAs(app, 'advertiser');
    const result = await runOperatorCommand(app.ctx, op.actor, 'user', 'disable', [email, 'chargebacks']);
    const entries = await entriesFor(email);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: op.user.id,
      actorEmail: op.email,
      sessionId: op.session.id,
      via: 'screen',
      action: 'user disable',
      objectType: 'user',
      changes: { args: [email, 'chargebacks'], result: 'output' in result ? result.output : '' },
      approvalId: null,
    });
    const listed = await listAudit(app.ctx.db, { q: 'chargebacks', page: 1, pageSize: 10 });
    expect(listed.items.map((e) => e.objectId)).toEqual([email]);
    expect(listed.total).toBe(1);
    const byActor = await listAudit(app.ctx.db, { actorId: op.user.id, objectType: 'user', page: 1, pageSize: 10 });
    expect(byActor.items.map((e) => e.action)).toEqual(['user disable']);
    const none = await listAudit(app.ctx.db, {
      q: 'chargebacks',
      from: new Date(Date.now() + 60_000),
      page: 1,
      pageSize: 10,
    });
    expect(none).toEqual({ items: [], total: 0 });
  });

  it('a command that fails rolls back its change and leaves no entry', async () => {
    const { email, user } = await loginAs(app, 'advertiser');
    commands.test = {
      boom: {
        args: '<email>',
        help: 'changes a name, then fails',
        async run(ctx, [target]) {
          await ctx.db
            .update(users)
            .set({ firstName: 'Changed' })
            .where(eq(users.email, target ?? ''));
          throw new Error('It broke after the change.');
        },
      },
    };
    try {
      await expect(runOperatorCommand(app.ctx, CLI, 'test', 'boom', [email])).rejects.toMatchObject({
        status: 400,
        reason: 'It broke after the change.',
      });
    } finally {
      delete commands.test;
    }
    expect(await entriesFor(email)).toHaveLength(0);
    const [row] = await app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.firstName).toBe(user.firstName);
    // A refusal of an existing command: no entry either.
    const nobody = uniqueEmail('nobody');
    await expect(runOperatorCommand(app.ctx, CLI, 'user', 'enable', [nobody])).rejects.toMatchObject({ status: 400 });
    expect(await entriesFor(nobody)).toHaveLength(0);
    await expect(runOperatorCommand(app.ctx, CLI, 'user', 'explode', [])).rejects.toMatchObject({ status: 404 });
  });

  it('is append-only in the database: UPDATE, DELETE and TRUNCATE fail and the rows remain', async () => {
    const { email } = await loginAs(app, 'publisher');
    await runOperatorCommand(app.ctx, CLI, 'user', 'disable', [email]);
    // Each in a transaction of its own, as the application's writes are (on the embedded
    // database, an error outside a transaction also drops the test's connection).
    const attempt = (statement: ReturnType<typeof sql>) =>
      app.ctx.db
        .transaction((tx) => tx.execute(statement))
        .then(
          () => 'applied',
          (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
        );
    expect(await attempt(sql`update audit_entries set action = 'rewritten' where object_id = ${email}`)).toBe(
      'audit entries are append-only',
    );
    expect(await attempt(sql`delete from audit_entries where object_id = ${email}`)).toBe(
      'audit entries are append-only',
    );
    expect(await attempt(sql`truncate audit_entries`)).toBe('audit entries are append-only');
    const entries = await entriesFor(email);
    expect(entries.map((e) => e.action)).toEqual(['user disable']);
  });
});

describe('the two-operator rule', () => {
  it('applies a credit below the threshold at once', async () => {
    const op = await operator();
    const { email, user } = await loginAs(app, 'advertiser');
    const result = await runOperatorCommand(app.ctx, op.actor, 'user', 'credit', [email, '999.99', uniqueEmail('ref')]);
    expect(result).toHaveProperty('output');
    expect(await balanceOf(user.id)).toBe(999_990_000n);
  });

  it('holds a credit at the threshold until a second operator approves it', async () => {
    const first = await operator();
    const second = await operator();
    const { email, user } = await loginAs(app, 'advertiser');
    const reference = uniqueEmail('wire');
    const result = await runOperatorCommand(app.ctx, first.actor, 'user', 'credit', [email, '1000', reference]);
    if (!('pendingApproval' in result)) throw new Error('expected a pending approval');
    const { id } = result.pendingApproval;
    expect(result.pendingApproval.amountMicros).toBe('1000000000');
    expect(await balanceOf(user.id)).toBe(0n);
    const [requested] = await app.ctx.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'approval requested'), eq(auditEntries.approvalId, id)));
    expect(requested?.actorId).toBe(first.user.id);

    await expect(decideApproval(app.ctx, first.actor, id, 'approve')).rejects.toMatchObject({
      status: 403,
      reason: 'A second operator must approve this.',
    });
    await expect(decideApproval(app.ctx, CLI, id, 'approve')).rejects.toMatchObject({ status: 403 });
    expect(await balanceOf(user.id)).toBe(0n);

    const decided = await decideApproval(app.ctx, second.actor, id, 'approve');
    expect(decided.status).toBe('approved');
    expect(await balanceOf(user.id)).toBe(1_000_000_000n);
    const [row] = await app.ctx.db.select().from(operatorApprovals).where(eq(operatorApprovals.id, id));
    expect(row).toMatchObject({ status: 'approved', decidedBy: second.user.id, requestedBy: first.user.id });
    const applied = await app.ctx.db.select().from(auditEntries).where(eq(auditEntries.approvalId, id));
    expect(applied.map((e) => e.action).sort()).toEqual(['approval approved', 'approval requested', 'user credit']);
    expect(applied.find((e) => e.action === 'user credit')?.actorId).toBe(second.user.id);

    await expect(decideApproval(app.ctx, second.actor, id, 'approve')).rejects.toMatchObject({ status: 409 });
    expect(await balanceOf(user.id)).toBe(1_000_000_000n);
  });

  it('an approval id opens only its own pending request', async () => {
    const first = await operator();
    const { email, user } = await loginAs(app, 'advertiser');
    const result = await runOperatorCommand(app.ctx, first.actor, 'user', 'adjust', [email, '3000', 'bonus']);
    if (!('pendingApproval' in result)) throw new Error('expected a pending approval');
    const { id } = result.pendingApproval;
    const other = ['user', 'adjust', [email, '9000', 'bonus']] as const;
    await expect(
      runOperatorCommand(app.ctx, first.actor, other[0], other[1], [...other[2]], { approvalId: id }),
    ).rejects.toMatchObject({ status: 409 });
    await expect(
      runOperatorCommand(app.ctx, first.actor, 'user', 'adjust', [email, '3000', 'bonus'], { approvalId: id + 1000 }),
    ).rejects.toMatchObject({ status: 409 });
    expect(await balanceOf(user.id)).toBe(0n);
  });

  it('a rejected request changes nothing and keeps the reason', async () => {
    const first = await operator();
    const second = await operator();
    const { email, user } = await loginAs(app, 'advertiser');
    const result = await runOperatorCommand(app.ctx, CLI, 'user', 'adjust', [
      email,
      '5000',
      'typo',
      'in',
      'the',
      'wire',
    ]);
    if (!('pendingApproval' in result)) throw new Error('expected a pending approval');
    const { id } = result.pendingApproval;
    // Asked from the command line: any operator may decide.
    const decided = await decideApproval(app.ctx, first.actor, id, 'reject', 'No such wire.');
    expect(decided.status).toBe('rejected');
    await expect(decideApproval(app.ctx, second.actor, id, 'approve')).rejects.toMatchObject({ status: 409 });
    expect(await balanceOf(user.id)).toBe(0n);
    const [row] = await app.ctx.db.select().from(operatorApprovals).where(eq(operatorApprovals.id, id));
    expect(row).toMatchObject({ status: 'rejected', reason: 'No such wire.', requestedVia: 'command line' });
    const listed = await runOperatorCommand(app.ctx, CLI, 'approval', 'list', ['rejected']);
    expect('output' in listed && listed.output).toContain(`#${id} user adjust`);
  });

  itOnPostgres('two operators approving at once apply the credit once', async () => {
    const first = await operator();
    const second = await operator();
    const third = await operator();
    const { email, user } = await loginAs(app, 'advertiser');
    // An adjustment has no reference that would apply it once anyway: only the lock does.
    const result = await runOperatorCommand(app.ctx, first.actor, 'user', 'adjust', [email, '2500.5', 'wire']);
    if (!('pendingApproval' in result)) throw new Error('expected a pending approval');
    const { id } = result.pendingApproval;
    const outcomes = await Promise.allSettled([
      decideApproval(app.ctx, second.actor, id, 'approve'),
      decideApproval(app.ctx, third.actor, id, 'approve'),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected');
    expect(refused?.status === 'rejected' && refused.reason).toMatchObject({ status: 409 });
    expect(await balanceOf(user.id)).toBe(2_500_500_000n);
    const applied = await app.ctx.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.approvalId, id), eq(auditEntries.action, 'user adjust')));
    expect(applied).toHaveLength(1);
  });
});
