import { useState } from 'react';
import { BILLING_MESSAGES, depositAmountError, isWholeCents } from '@cryptads/contract/billing-messages';
import type { DepositOverview } from '@cryptads/contract/deposits';
import { eurosToMicros } from '@cryptads/contract/money';
import { type DepositBreakdown, depositBreakdown } from '@cryptads/contract/money-rules';
import { parseAmount } from '../methods';

/**
 * The amount typed on the crypto or card tab, checked with the contract's deposit rules
 * (the server checks them again): its message once the field was left or the form sent,
 * and the cost breakdown as soon as the amount is a number of whole cents.
 */
export function useAmount(
  text: string,
  method: 'crypto' | 'card',
  overview: Pick<DepositOverview, 'fees' | 'vatPercent' | 'cardDepositedToday'>,
) {
  const [touched, setTouched] = useState(false);
  const amount = parseAmount(text);
  const rule =
    amount === null
      ? BILLING_MESSAGES.fillInField
      : depositAmountError(method, amount, eurosToMicros(overview.cardDepositedToday));
  const breakdown: DepositBreakdown | null =
    amount !== null && amount > 0 && isWholeCents(amount)
      ? depositBreakdown({
          amountMicros: eurosToMicros(amount),
          method,
          vatRatePercent: overview.vatPercent,
          reverseCharge: false,
          fees: overview.fees,
        })
      : null;
  return {
    amount,
    breakdown,
    valid: rule === null,
    error: touched ? rule : null,
    touch: () => setTouched(true),
  };
}
