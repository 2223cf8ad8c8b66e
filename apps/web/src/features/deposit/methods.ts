import { DEPOSIT_METHOD_LABELS, type DepositMethod } from '@cryptads/contract/billing-messages';
import { paths } from '@cryptads/contract/paths';

/** The deposit tabs (docs/product/billing.md#deposits) and the paths that open them; /billing/deposit/ opens crypto. */
export const DEPOSIT_TABS: readonly { method: DepositMethod; path: string; label: string }[] = [
  { method: 'crypto', path: paths.billing.depositCrypto, label: DEPOSIT_METHOD_LABELS.crypto },
  { method: 'card', path: paths.billing.depositCard, label: DEPOSIT_METHOD_LABELS.card },
  { method: 'bank_transfer', path: paths.billing.depositBankTransfer, label: DEPOSIT_METHOD_LABELS.bank_transfer },
];

const trimSlash = (path: string) => path.replace(/\/+$/, '');

/**
 * The tab a path opens, or null for a path under /billing/deposit/ that names none.
 * /instant/ is the card tab: a card payment is credited as soon as it is paid.
 */
export function methodOfPath(pathname: string): DepositMethod | null {
  switch (trimSlash(pathname)) {
    case trimSlash(paths.billing.deposit):
    case trimSlash(paths.billing.depositCrypto):
      return 'crypto';
    case trimSlash(paths.billing.depositCard):
    case trimSlash(paths.billing.depositInstant):
      return 'card';
    case trimSlash(paths.billing.depositBankTransfer):
      return 'bank_transfer';
    default:
      return null;
  }
}

/**
 * An amount as typed ('1,250.50', '€ 300'): null when empty, NaN when it is not a number
 * (the contract's rule then says why).
 */
export function parseAmount(text: string): number | null {
  const clean = text.replace(/[,\s€]/g, '');
  if (clean === '') return null;
  if (!/^\d*\.?\d*$/.test(clean) || clean === '.') return Number.NaN;
  return Number(clean);
}

const percentFormat = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 4 });
/** '23 %' with a no-break space, so that a rate never wraps away from its sign. */
export const formatPercent = (value: number) => `${percentFormat.format(value)}\u00a0%`;
