import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconTimeline } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { BillingHistoryEntry } from '@cryptads/contract/billing-history';
import { BILLING_HISTORY_MESSAGES as M, PAYOUT_STEP_LABELS } from '@cryptads/contract/billing-history-messages';
import { paymentStatusLabel } from '@cryptads/contract/billing-messages';
import { formatEuros } from '@cryptads/contract/money';
import { type Column, DataTable } from '../../../ui/data-table';
import { DownloadButton } from './download-button';
import { HistoryStatus } from './history-status';
import { PayoutTimeline } from './payout-timeline';

const baseColumns: Column<BillingHistoryEntry>[] = [
  // 'YYYY-MM-DD' sorts, searches and exports well; the cell shows the printed date.
  { key: 'date', role: 'primary', header: 'Date', value: (r) => r.date.slice(0, 10), render: (r) => r.printDate },
  { key: 'type', header: 'Type', value: (r) => r.type },
  { key: 'method', header: 'Method', value: (r) => r.method },
  {
    key: 'amount',
    header: 'Amount',
    value: (r) => r.amount,
    render: (r) => formatEuros(r.amount),
    align: 'right',
  },
  {
    key: 'status',
    role: 'status',
    header: 'Status',
    value: (r) => paymentStatusLabel(r.valid),
    render: (r) => <HistoryStatus code={r.valid} />,
  },
  {
    key: 'invoice',
    role: 'actions',
    header: 'Invoice',
    value: (r) => r.number ?? '',
    render: (r) =>
      r.hasDocument ? (
        <Group gap="xs" wrap="nowrap">
          <DownloadButton unique={r.unique} number={r.number} />
          {r.number ? (
            <Text size="xs" c="dimmed" className="tabular">
              {r.number}
            </Text>
          ) : null}
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {M.noDocument}
        </Text>
      ),
  },
];

/**
 * The history in the shared table (docs/product/billing.md#history: 10/25/50/100 rows, search, sort, CSV,
 * 'No data available.'). Payout rows open their timeline in a dialog.
 */
export function HistoryTable({ rows }: { rows: BillingHistoryEntry[] }) {
  const [open, setOpen] = useState<BillingHistoryEntry | null>(null);
  const columns = useMemo<Column<BillingHistoryEntry>[]>(() => {
    if (!rows.some((r) => r.timeline)) return baseColumns;
    return [
      ...baseColumns,
      {
        key: 'timeline',
        role: 'actions',
        header: M.timeline,
        sortable: false,
        value: (r) => {
          const last = r.timeline?.at(-1);
          return last ? PAYOUT_STEP_LABELS[last.step] : '';
        },
        render: (r) =>
          r.timeline ? (
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconTimeline size={14} aria-hidden />}
              onClick={() => setOpen(r)}
              aria-label={`${M.timeline} of the payout of ${r.printDate}`}
              data-testid="history-timeline"
            >
              {M.timeline}
            </Button>
          ) : null,
      },
    ];
  }, [rows]);

  return (
    <>
      <DataTable
        label="Billing history"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.unique}
        csvFileName="billing-history.csv"
        data-testid="billing-history-table"
      />
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={open ? `Payout of ${formatEuros(open.amount)}, ${open.printDate}` : ''}
        centered
      >
        {open?.timeline ? (
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {open.method}
              {open.number ? ` · ${open.number}` : ''}
            </Text>
            <PayoutTimeline steps={open.timeline} />
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
