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

  /** Where the browser goes back to after paying, when the purpose says (else null). */
  async returnPath(db: DbOrTx, payment: PaymentRow): Promise<string | null> {
    return (await this.byPurpose.get(payment.purpose)?.returnPath?.(db, payment)) ?? null;
  }
}
