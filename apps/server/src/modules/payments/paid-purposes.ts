import type { PaymentPurpose } from '../../adapters/payments/port';
import type { DbOrTx, Tx } from '../../db/client';
import type { PaidAmounts, PaidPurpose, PaymentRow } from './types';

/**
 * The purposes a payment can be made for and what each does when paid (AppContext.paidPurposes):
 * filled where the app is composed, read by `settlePaid` and the sandbox page.
 */
export class PaidPurposes {
  private readonly byPurpose = new Map<string, PaidPurpose>();

  register(purpose: PaymentPurpose, handler: PaidPurpose): this {
    if (this.byPurpose.has(purpose)) throw new Error(`payments: purpose ${purpose} registered twice`);
    this.byPurpose.set(purpose, handler);
    return this;
  }

  /** A payment was paid: its purpose's fulfilment, in the caller's transaction. */
  async paid(tx: Tx, payment: PaymentRow, amounts: PaidAmounts): Promise<void> {
    const handler = this.byPurpose.get(payment.purpose);
    if (!handler) throw new Error(`payment ${payment.id}: no fulfilment for purpose ${payment.purpose}`);
    await handler.paid(tx, payment, amounts);
  }

  /**
   * `paid` for several payments in one transaction, one call per purpose. A purpose without
   * `paidMany` takes one payment at a time: its fulfilments would otherwise post to the ledger
   * several times in one transaction, which the ledger's lock order does not allow.
   */
  async paidMany(tx: Tx, paid: readonly { payment: PaymentRow; amounts: PaidAmounts }[]): Promise<void> {
    const byPurpose = new Map<string, { payment: PaymentRow; amounts: PaidAmounts }[]>();
    for (const p of paid) {
      const list = byPurpose.get(p.payment.purpose) ?? [];
      list.push(p);
      byPurpose.set(p.payment.purpose, list);
    }
    for (const [purpose, list] of byPurpose) {
      const handler = this.byPurpose.get(purpose);
      if (!handler) throw new Error(`payment ${list[0]?.payment.id}: no fulfilment for purpose ${purpose}`);
      const [only] = list;
      if (handler.paidMany) await handler.paidMany(tx, list);
      else if (only && list.length === 1) await handler.paid(tx, only.payment, only.amounts);
      else throw new Error(`payments: purpose ${purpose} fulfils one payment per transaction`);
    }
  }

  /** Where the browser goes back to after paying, when the purpose says (else null). */
  async returnPath(db: DbOrTx, payment: PaymentRow): Promise<string | null> {
    return (await this.byPurpose.get(payment.purpose)?.returnPath?.(db, payment)) ?? null;
  }
}
