import { eurosToMicros, formatEuros, microsToEuros } from '@cryptads/contract/money';
import { confirmBankTransfer } from '../../modules/payments/deposits.service';
import type { OperatorCommand } from '../types';

const euros = (micros: bigint) => formatEuros(microsToEuros(micros));

/** Money that reaches us outside the payment providers (docs/product/billing.md#deposits Bank Transfer). */
export const depositCommands: Record<string, OperatorCommand> = {
  'confirm-bank': {
    args: '<reference> <euros>',
    help: 'a bank transfer with this reference arrived: credit the account (VAT included in the euros received); once per reference',
    // Two-operator rule (docs/decisions/032): the euros received.
    amount(_ctx, [, amount]) {
      const n = Number(amount);
      return Number.isFinite(n) && n > 0 && n <= 1_000_000_000 ? eurosToMicros(n) : null;
    },
    async run(ctx, [reference, amount]) {
      if (!reference || amount === undefined) throw new Error('Give the reference and the euros received.');
      const result = await confirmBankTransfer(ctx, reference, Number(amount));
      if (result.kind === 'already')
        return `Reference ${reference.toUpperCase()} was already confirmed on ${result.confirmedAt.toISOString()} (payment ${result.paymentId}); nothing changed. The account's current reference is ${result.nextReference}.`;
      const { payment } = result;
      const vat = payment.vatMicros > 0n ? ` + ${euros(payment.vatMicros)} VAT` : '';
      return `Credited ${euros(payment.creditedMicros ?? 0n)}${vat} to ${result.email} (payment ${payment.id}); balance ${euros(result.balanceMicros)}. Their next reference is ${result.nextReference}.`;
    },
  },
};
