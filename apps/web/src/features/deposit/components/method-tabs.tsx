import { Stack, Tabs, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingBank, IconCreditCard, IconCurrencyBitcoin } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { type DepositMethod, isWholeCents } from '@cryptads/contract/billing-messages';
import type { DepositOverview } from '@cryptads/contract/deposits';
import { eurosToMicros, formatEuros, microsToEuros } from '@cryptads/contract/money';
import { type DepositBreakdown, depositBreakdown } from '@cryptads/contract/money-rules';
import { DEPOSIT_TABS, formatPercent } from '../methods';
import classes from './deposit.module.css';

const ICONS: Record<DepositMethod, ReactNode> = {
  crypto: <IconCurrencyBitcoin size={20} />,
  card: <IconCreditCard size={20} />,
  bank_transfer: <IconBuildingBank size={20} />,
};

/** What each method adds to the amount, in a few words. */
function costNote(method: DepositMethod, overview: Pick<DepositOverview, 'fees' | 'vatPercent'>): string {
  const vat = overview.vatPercent > 0 ? `${formatPercent(overview.vatPercent)} VAT` : 'no VAT';
  if (method === 'bank_transfer') return `1 to 5 business days, ${vat} included`;
  const fee = method === 'crypto' ? overview.fees.cryptoProcessingFeePercent : overview.fees.cardFeePercent;
  return fee > 0 ? `${formatPercent(fee)} processing fee + ${vat}` : `No fee, ${vat}`;
}

function totalFor(method: DepositMethod, amount: number | null, overview: DepositOverview): DepositBreakdown | null {
  if (method === 'bank_transfer' || amount === null || !(amount > 0) || !isWholeCents(amount)) return null;
  return depositBreakdown({
    amountMicros: eurosToMicros(amount),
    method,
    vatRatePercent: overview.vatPercent,
    reverseCharge: false,
    fees: overview.fees,
  });
}

/**
 * The tabs Cryptocurrency, Card Payment, Bank Transfer (docs/product/billing.md#deposits) as selectable method
 * cards, each with what it costs and, once an amount is typed, the total to pay. Each tab
 * has its own address; `children` is the chosen method's panel.
 */
export function MethodTabs({
  method,
  overview,
  amount,
  onChange,
  children,
}: {
  method: DepositMethod;
  overview: DepositOverview;
  amount: number | null;
  onChange: (method: DepositMethod) => void;
  children: ReactNode;
}) {
  return (
    <Tabs
      value={method}
      onChange={(value) => {
        const tab = DEPOSIT_TABS.find((t) => t.method === value);
        if (tab) onChange(tab.method);
      }}
      variant="unstyled"
      keepMounted={false}
      classNames={{ list: classes.list, tab: classes.tab, tabLabel: classes.tabLabel }}
    >
      <Tabs.List aria-label="Deposit method">
        {DEPOSIT_TABS.map((tab) => {
          const blocked =
            (tab.method === 'crypto' && overview.blocked.crypto) || (tab.method === 'card' && overview.blocked.card);
          const total = totalFor(tab.method, amount, overview);
          return (
            <Tabs.Tab key={tab.method} value={tab.method} data-testid={`deposit-tab-${tab.method}`}>
              <Stack gap={6} align="flex-start">
                <ThemeIcon variant="light" radius="md" size={36} aria-hidden>
                  {ICONS[tab.method]}
                </ThemeIcon>
                <Text fw={700}>{tab.label}</Text>
                <Text size="xs" c="dimmed">
                  {blocked ? 'Unavailable for your account' : costNote(tab.method, overview)}
                </Text>
                {total && !blocked ? (
                  <Text size="sm" className="tabular" data-testid={`deposit-tab-total-${tab.method}`}>
                    Total {formatEuros(microsToEuros(total.totalMicros))}
                  </Text>
                ) : null}
              </Stack>
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      {DEPOSIT_TABS.map((tab) => (
        <Tabs.Panel key={tab.method} value={tab.method} pt="lg">
          {tab.method === method ? children : null}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
