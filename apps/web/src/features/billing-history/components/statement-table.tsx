import { Text } from '@mantine/core';
import { STATEMENT_TYPE_LABELS, type StatementLine } from '@cryptads/contract/statement';
import { formatDay } from '@cryptads/contract/dates';
import { formatEuros, microsToEuros } from '@cryptads/contract/money';
import { type Column, DataTable, type ServerSide, type TableState } from '../../../ui/data-table';

/**
 * Euros to the cent, or with as many decimals as a fraction of a cent needs (ad spend is billed
 * per impression, in micro-euros): exact, never rounded.
 */
export function formatMicros(value: string): string {
  const micros = BigInt(value);
  let decimals = 6;
  for (let unit = 10n; decimals > 2 && micros % unit === 0n; unit *= 10n) decimals--;
  return formatEuros(microsToEuros(micros, decimals), decimals);
}

const signed = (value: string) => {
  const text = formatMicros(value);
  return BigInt(value) > 0n ? `+${text}` : text;
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
