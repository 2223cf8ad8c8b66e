import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEDGER_MESSAGES } from '@cryptads/contract/billing-messages';
import type { Tx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { available, creditDeposit, hold, operatorCredit, platform, statementOf } from './ledger.service';
import { postLegs } from './posting';
import { depositFor } from './test-helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.closeAll();
});

const tx = <T>(work: (t: Tx) => Promise<T>) => app.ctx.db.transaction(work);
const newUser = async () => (await loginAs(app, 'advertiser')).user.id;

describe('an idempotency key replayed with another payload', () => {
  it('is refused with 409 and a reason, and the first posting stays as it was', async () => {
    const userId = await newUser();
    const credit = (amountMicros: bigint) =>
      tx((t) => operatorCredit(t, { userId, amountMicros, description: 'credit', idempotencyKey: 'rules:credit-1' }));
    await credit(5_000_000n);
    expect((await credit(5_000_000n)).applied).toBe(false);
    const error = await credit(6_000_000n).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 409, reason: LEDGER_MESSAGES.idempotencyKeyReused('rules:credit-1') });
    expect((await statementOf(app.ctx.db, available(userId))).map((l) => l.amountMicros)).toEqual([5_000_000n]);
  });

  it('is refused for a posting of several transfers (a deposit) and for a hold', async () => {
    const userId = await newUser();
    const d = {
      userId,
      provider: 'sandbox' as const,
      amountMicros: 100_000_000n,
      feeMicros: 1_000_000n,
      vatMicros: 23_230_000n,
      idempotencyKey: 'rules:deposit-1',
      reference: 'payment:rules-1',
    };
    await tx((t) => creditDeposit(t, d));
    expect((await tx((t) => creditDeposit(t, d))).applied).toBe(false);
    await expect(tx((t) => creditDeposit(t, { ...d, vatMicros: 0n }))).rejects.toMatchObject({ status: 409 });
    const reserve = (amountMicros: bigint) =>
      tx((t) =>
        hold(t, {
          userId,
          to: platform('payouts_in_transit'),
          amountMicros,
          kind: 'payout',
          description: 'payout',
          idempotencyKey: 'rules:hold-1',
          expiresAt: new Date(Date.now() + 86_400_000),
        }),
      );
    await reserve(10_000_000n);
    expect((await reserve(10_000_000n)).applied).toBe(false);
    await expect(reserve(20_000_000n)).rejects.toMatchObject({ status: 409 });
  });
});

describe('constraint failures', () => {
  it('answer 402 only for a balance going below zero; any other failed constraint is a server error', async () => {
    const userId = await newUser();
    await depositFor(app, userId, 10_000_000n);
    // A transfer that claims a hold phase without a hold breaks a CHECK that is not about balances.
    const error = await tx((t) =>
      postLegs(t, [
        {
          from: available(userId),
          to: platform('revenue'),
          amountMicros: 1n,
          kind: 'spend',
          description: 'broken',
          holdPhase: 'post',
        },
      ]),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(AppError);
    const short = await tx((t) =>
      postLegs(t, [
        {
          from: available(userId),
          to: platform('revenue'),
          amountMicros: 10_000_001n,
          kind: 'spend',
          description: 'x',
        },
      ]),
    ).catch((e: unknown) => e);
    expect(short).toMatchObject({ status: 402, reason: LEDGER_MESSAGES.insufficientBalance });
  });
});
