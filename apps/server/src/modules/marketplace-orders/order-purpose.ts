import { paths } from '@cryptads/contract/paths';
import { depositPurpose } from '../payments/deposits.service';
import type { PaidPurpose } from '../payments/types';
import { fulfilOrderPayment, type Marketplace } from './order-fulfilment.service';
import { orderOfPayment } from './orders.service';

/**
 * A paid order payment (registered where the app is composed): credited like a deposit (same
 * ledger entries, invoice and notice), then held for the order if it still waits for this
 * payment; the browser comes back to the order.
 */
export function orderPurpose(marketplace: Marketplace): PaidPurpose {
  return {
    paid: async (tx, payment, amounts) => {
      await depositPurpose.paid(tx, payment, amounts);
      await fulfilOrderPayment(tx, payment, amounts.creditedMicros, marketplace);
    },
    returnPath: async (db, payment) => {
      const order = await orderOfPayment(db, payment.id);
      return order ? paths.marketplace.order(order.unique) : null;
    },
  };
}
