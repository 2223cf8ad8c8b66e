import type { DbOrTx, Tx } from '../../db/client';
import type { payments } from '../../db/schema/payments';

export type PaymentRow = typeof payments.$inferSelect;

/** What arrived for a paid payment (micro-euros): all of it, and what of it is credited. */
export type PaidAmounts = { paidMicros: bigint; creditedMicros: bigint };

/**
 * What a payment's purpose does once it is paid, registered where the app is composed
 * (wiring.ts: deposits, marketplace orders), so that payments imports none of the modules
 * it collects money for.
 */
export type PaidPurpose = {
  /**
   * In the transaction that marked the payment paid, its row locked; runs once per payment,
   * and only when something was credited.
   */
  paid: (tx: Tx, payment: PaymentRow, amounts: PaidAmounts) => Promise<void>;
  /**
   * `paid` for several payments of this purpose paid in one transaction (settlePaidMany), with
   * the outcome of calling `paid` for each, in one ledger posting.
   */
  paidMany?: (tx: Tx, paid: readonly { payment: PaymentRow; amounts: PaidAmounts }[]) => Promise<void>;
  /** Where the browser goes back to after the provider's page; null: the deposit tab of its method. */
  returnPath?: (db: DbOrTx, payment: PaymentRow) => Promise<string | null>;
};
