import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../db/schema/invoices';
import { loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { EventOf } from '../events/events';
import { invoiceDeposit, selfBillPayout } from './invoices.service';
import { formatInvoiceNumber, seriesOf, takeInvoiceNumber } from './numbering';
import { micros } from './test-helpers';

/**
 * Gapless numbers under concurrency. On PostgreSQL (project server-postgres) the
 * finalisations really run at once on separate connections of the pool; on the embedded
 * database they queue on its one connection, and the same assertions hold.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.closeAll();
});

const deposit = (userId: number, paymentId: string): EventOf<'deposit.paid'> => ({
  type: 'deposit.paid',
  paymentId,
  userId,
  amountMicros: String(micros(100)),
  feeMicros: '0',
  vatMicros: String(micros(23)),
  totalMicros: String(micros(123)),
  method: 'card',
  provider: 'sandbox',
});

const numbersOf = async (prefix: string) =>
  (
    await app.ctx.db
      .select({ seq: invoices.seq, number: invoices.number, issuedAt: invoices.issuedAt })
      .from(invoices)
      .where(like(invoices.number, `${prefix}-%`))
      .orderBy(asc(invoices.seq))
  ).map((r) => ({ seq: r.seq ?? 0, number: r.number ?? '', issuedAt: r.issuedAt ?? new Date(0) }));

describe('invoice numbers', () => {
  it('run 1, 2, 3 … in each series without a gap or a repeat when many invoices are made at once', async () => {
    const users = await Promise.all([
      loginAs(app, 'advertiser'),
      loginAs(app, 'advertiser'),
      loginAs(app, 'publisher'),
    ]);
    const [a, b, publisher] = users.map((u) => u.user.id) as [number, number, number];
    const payments = Array.from({ length: 40 }, (_, i) => ({ userId: i % 2 ? a : b, id: `pay_conc_${i}` }));
    // Every deposit twice (a repeated delivery at the same time), and payouts in their own series alongside.
    const results = await Promise.all([
      ...payments.flatMap((p) => [
        invoiceDeposit(app.ctx, deposit(p.userId, p.id)),
        invoiceDeposit(app.ctx, deposit(p.userId, p.id)),
      ]),
      ...Array.from({ length: 10 }, (_, i) =>
        selfBillPayout(app.ctx, {
          type: 'payout.requested',
          payoutId: 9000 + i,
          userId: publisher,
          amountMicros: String(micros(50)),
        }),
      ),
    ]);
    expect(results.filter((r) => r.created)).toHaveLength(50);

    const series = seriesOf('invoice', new Date());
    const numbered = await numbersOf(series);
    expect(numbered.map((n) => n.seq)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(numbered.map((n) => n.number)).toEqual(numbered.map((n) => formatInvoiceNumber(series, n.seq)));
    // Later numbers never carry an earlier date.
    const dates = numbered.map((n) => n.issuedAt.getTime());
    expect(dates).toEqual([...dates].sort((x, y) => x - y));
    // One invoice per deposit, whichever of its two deliveries made it.
    for (const p of payments) {
      const rows = await app.ctx.db
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.sourceType, 'deposit'), eq(invoices.sourceId, p.id)));
      expect(rows, p.id).toHaveLength(1);
    }
    expect((await numbersOf(seriesOf('self_billing', new Date()))).map((n) => n.seq)).toEqual(
      Array.from({ length: 10 }, (_, i) => i + 1),
    );
  });

  it('are given back by a transaction that rolls back, so the next invoice takes the same number', async () => {
    const series = seriesOf('credit_note', new Date());
    const failed = app.ctx.db.transaction(async (tx) => {
      const taken = await takeInvoiceNumber(tx, 'credit_note');
      expect(taken.number).toBe(formatInvoiceNumber(series, 1));
      throw new Error('the finalising transaction fails after taking its number');
    });
    await expect(failed).rejects.toThrow(/fails after taking/);
    const kept = await app.ctx.db.transaction((tx) => takeInvoiceNumber(tx, 'credit_note'));
    expect(kept).toMatchObject({ series, seq: 1, number: `${series}-000001` });
  });

  it('date a finalisation that waited across New Year on the last instant of its series year', async () => {
    const times = [new Date('2030-12-31T23:59:59.900Z'), new Date('2031-01-01T00:00:00.200Z')];
    const taken = await app.ctx.db.transaction((tx) =>
      takeInvoiceNumber(tx, 'invoice', () => times.shift() ?? new Date()),
    );
    expect(taken).toMatchObject({ series: 'INV-2030', seq: 1, issuedAt: new Date('2030-12-31T23:59:59.999Z') });
  });
});
