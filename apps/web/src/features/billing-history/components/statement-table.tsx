import { Text } from '@mantine/core';
import { STATEMENT_TYPE_LABELS, type StatementLine } from '@cryptads/contract/statement';
import { formatDay } from '@cryptads/contract/dates';
import { microsToEuros } from '@cryptads/contract/money';
import { formatMicros } from '../../../lib/format';
import { type Column, DataTable, type ServerSide, type TableState } from '../../../ui/data-table';

/**
 * Amounts and balances to the cent, rounded as the header's balance is (`formatMicros`: the
 * contract's microsToEuros); the CSV has them exact to the micro-euro as well.
 */
const signed = (value: string) => {
  const text = formatMicros(value);
  return microsToEuros(BigInt(value)) > 0 ? `+${text}` : text;
};

const columns: Column<StatementLine>[] = [
  { key: 'day', header: 'Date', render: (l) => formatDay(l.at), sortable: false },
  { key: 'description', role: 'primary', header: 'Description', render: (l) => l.description, sortable: false },
  { key: 'type', header: 'Type', render: (l) => STATEMENT_TYPE_LABELS[l.type], sortable: false },
  {
    key: 'amount',
    header: 'Amount',
    align: 'right',
    sortable: false,
    render: (l) => (
      <Text span size="sm" className="tabular" fw={BigInt(l.amountMicros) > 0n ? 600 : undefined}>
        {signed(l.amountMicros)}
      </Text>
    ),
  },
  {
    key: 'balance',
    header: 'Balance',
    align: 'right',
    sortable: false,
    render: (l) => (
      <Text span size="sm" className="tabular">
        {formatMicros(l.balanceMicros)}
      </Text>
    ),
  },
];

/** The statement's lines, oldest first, a page at a time from the server (docs/product/billing.md#statement). */
export function StatementTable({
  lines,
  server,
  state,
}: {
  lines: StatementLine[];
  server: ServerSide;
  state: TableState;
}) {
  return (
    <DataTable
      label="Statement of account"
      columns={columns}
      rows={lines}
      rowKey={(l) => l.id}
      server={server}
      state={state}
      searchBox={{ label: 'Search descriptions', maxLength: 100, testId: 'statement-search' }}
      rowProps={(l) => ({ 'data-testid': 'statement-line', 'data-line': l.id })}
      countLabel={(n) => `${n} ${n === 1 ? 'line' : 'lines'}`}
      emptyText="No movements in this period."
      phoneDetails={4}
      data-testid="statement-table"
    />
  );
}
