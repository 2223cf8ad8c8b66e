import { and, eq, isNull } from 'drizzle-orm';
import { DEPOSIT_METHOD_LABELS, type DepositMethod } from '@cryptads/contract/billing-messages';
import { formatEuros, microsToEuros } from '@cryptads/contract/money';
import { NotificationType } from '@cryptads/contract/notifications';
import { paths } from '@cryptads/contract/paths';
import type { AppContext } from '../../context';
import { payments } from '../../db/schema/payments';
import { type EventHandler, on } from '../events/worker';
import { notify } from '../notifications/notify';

export const DEPOSIT_RECEIVED_TITLE = 'Deposit received';

/**
 * After a deposit is paid: the user is told, once (the payment row remembers it, so a retried
 * event does not tell twice). Campaigns stopped for lack of funds come back from the
 * `balance.credited` the ledger wrote; the invoice comes from the invoices module's handler.
 */
export function depositEventHandlers(ctx: Pick<AppContext, 'db'>): EventHandler[] {
  return [
    on('deposit.paid', 'deposit-notice', async (e) => {
      await ctx.db.transaction(async (tx) => {
        const [payment] = await tx
          .update(payments)
          .set({ notifiedAt: new Date() })
          .where(and(eq(payments.id, e.paymentId), isNull(payments.notifiedAt)))
          .returning();
        if (!payment || payment.creditedMicros === null) return;
        const method = DEPOSIT_METHOD_LABELS[payment.method as DepositMethod] ?? payment.method;
        await notify(tx, payment.userId, {
          type: NotificationType.Success,
          title: DEPOSIT_RECEIVED_TITLE,
          message: `${formatEuros(microsToEuros(payment.creditedMicros))} were added to your balance (${method}).`,
          link: paths.billing.deposit,
        });
      });
    }),
  ];
}
