import { Table, Text } from '@mantine/core';
import type { DepositBreakdown } from '@cryptads/contract/money-rules';
import { formatEuros, microsToEuros } from '@cryptads/contract/money';
import type { VatSummary } from '@cryptads/contract/vat';
import { formatPercent } from '../methods';

const euros = (micros: bigint) => formatEuros(microsToEuros(micros));

/**
 * What a deposit costs (docs/product/billing.md#deposits): the amount credited, the processing fee (crypto), VAT
 * on both, and the total the provider charges. A fee without a charge is left out; the VAT
 * line always says which VAT applies ('VAT 19 % (Germany)', 'Reverse charge', 'Outside the
 * scope of EU VAT'), as the invoice will.
 */
export function CostBreakdown({
  breakdown,
  feeLabel,
  vat,
}: {
  breakdown: DepositBreakdown;
  feeLabel: string;
  vat: VatSummary;
}) {
  const rows: [string, bigint, string][] = [
    ['Amount credited to your balance', breakdown.amountMicros, 'amount'],
    ...(breakdown.feePercent > 0
      ? ([[`${feeLabel} (${formatPercent(breakdown.feePercent)})`, breakdown.feeMicros, 'fee']] as [
          string,
          bigint,
          string,
        ][])
      : []),
    [vat.wording, breakdown.vatMicros, 'vat'],
  ];
  return (
    <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing={0} data-testid="cost-breakdown">
      <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
        <Text component="span" size="sm" fw={600}>
          Cost breakdown
        </Text>
      </Table.Caption>
      <Table.Tbody>
        {rows.map(([label, value, key]) => (
          <Table.Tr key={key}>
            <Table.Th scope="row" fw={400} c="dimmed">
              {label}
            </Table.Th>
            <Table.Td ta="right" className="tabular" data-testid={`breakdown-${key}`}>
              {euros(value)}
            </Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <Table.Th scope="row">Total to pay</Table.Th>
          <Table.Td ta="right" fw={700} className="tabular" data-testid="breakdown-total">
            {euros(breakdown.totalMicros)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
