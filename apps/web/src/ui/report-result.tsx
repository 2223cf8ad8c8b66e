import { Button, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatEuros } from '@cryptads/contract/money';
import { REPORT_BY_LABELS, REPORT_MESSAGES, type ReportBy } from '@cryptads/contract/report-messages';
import type { FilteredByReason, Report, ReportRow, ReportTotals } from '@cryptads/contract/reports';
import { errorReason } from '../lib/api-client';
import { formatNumber } from '../lib/format';
import { type Column, DataTable } from './data-table';
import { Notice } from './notice';
import { ReportChart } from './report-chart';

export const formatCtr = (ctr: number) => `${ctr.toFixed(2)}%`;

/** Impressions, clicks, CTR, cost or earnings and eCPM of the whole period. */
export function ReportTotalsLine({ totals, moneyLabel }: { totals: ReportTotals; moneyLabel: string }) {
  const items = [
    { label: 'Impressions', value: formatNumber(totals.impressions), id: 'impressions' },
    { label: 'Clicks', value: formatNumber(totals.clicks), id: 'clicks' },
    { label: 'CTR', value: formatCtr(totals.ctr), id: 'ctr' },
    { label: moneyLabel, value: formatEuros(totals.money), id: 'money' },
    { label: 'eCPM', value: formatEuros(totals.eCpm), id: 'ecpm' },
    {
      label: REPORT_MESSAGES.filteredImpressions,
      value: formatNumber(totals.filteredImpressions ?? 0),
      id: 'filtered-impressions',
    },
    { label: REPORT_MESSAGES.filteredClicks, value: formatNumber(totals.filteredClicks ?? 0), id: 'filtered-clicks' },
  ];
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 4, lg: 7 }}
      spacing="sm"
      data-testid="report-totals"
      aria-label="Totals of the period"
    >
      {items.map((i) => (
        <Card key={i.id} withBorder radius="md" padding="sm">
          <Text size="xs" c="dimmed" fw={600}>
            {i.label}
          </Text>
          <Text fz="lg" fw={700} className="tabular" data-testid={`total-${i.id}`}>
            {i.value}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** An advertiser's conversion columns (absent from publishers' answers). */
const conversionColumns: Column<ReportRow>[] = [
  {
    key: 'conversions',
    header: 'Conversions',
    value: (r) => r.conversions ?? 0,
    render: (r) => formatNumber(r.conversions ?? 0),
    align: 'right',
  },
  {
    key: 'conversionRate',
    header: 'Conversion rate',
    value: (r) => r.conversionRate ?? 0,
    render: (r) => formatCtr(r.conversionRate ?? 0),
    align: 'right',
  },
  {
    key: 'costPerConversion',
    header: 'Cost per conversion',
    value: (r) => r.costPerConversion ?? 0,
    render: (r) => formatEuros(r.costPerConversion ?? 0),
    align: 'right',
  },
  {
    key: 'conversionValue',
    header: 'Conversion value',
    value: (r) => r.conversionValue ?? 0,
    render: (r) => formatEuros(r.conversionValue ?? 0),
    align: 'right',
  },
  {
    key: 'roas',
    header: 'ROAS',
    value: (r) => r.roas ?? 0,
    render: (r) => (r.roas ?? 0).toFixed(2),
    align: 'right',
  },
];

export function reportColumns(reportBy: ReportBy, moneyLabel: string, withConversions = false): Column<ReportRow>[] {
  return [
    {
      key: 'dimension',
      header: REPORT_BY_LABELS[reportBy],
      role: 'primary',
      // Dates sort by their ISO key; the other dimensions by the name people read.
      value: (r) => (reportBy === 'date' ? r.key : r.label),
      render: (r) => r.label,
    },
    {
      key: 'impressions',
      header: 'Impressions',
      value: (r) => r.impressions,
      render: (r) => formatNumber(r.impressions),
      align: 'right',
    },
    { key: 'clicks', header: 'Clicks', value: (r) => r.clicks, render: (r) => formatNumber(r.clicks), align: 'right' },
    { key: 'ctr', header: 'CTR', value: (r) => r.ctr, render: (r) => formatCtr(r.ctr), align: 'right' },
    { key: 'money', header: moneyLabel, value: (r) => r.money, render: (r) => formatEuros(r.money), align: 'right' },
    { key: 'ecpm', header: 'eCPM', value: (r) => r.eCpm, render: (r) => formatEuros(r.eCpm), align: 'right' },
    {
      key: 'filteredImpressions',
      header: REPORT_MESSAGES.filteredImpressions,
      value: (r) => r.filteredImpressions ?? 0,
      render: (r) => formatNumber(r.filteredImpressions ?? 0),
      align: 'right',
    },
    {
      key: 'filteredClicks',
      header: REPORT_MESSAGES.filteredClicks,
      value: (r) => r.filteredClicks ?? 0,
      render: (r) => formatNumber(r.filteredClicks ?? 0),
      align: 'right',
    },
    ...(withConversions ? conversionColumns : []),
  ];
}

const filteredColumns: Column<FilteredByReason>[] = [
  { key: 'reason', header: REPORT_MESSAGES.filteredReason, value: (r) => r.label, role: 'primary' },
  {
    key: 'impressions',
    header: REPORT_MESSAGES.filteredImpressions,
    value: (r) => r.impressions,
    render: (r) => formatNumber(r.impressions),
    align: 'right',
  },
  {
    key: 'clicks',
    header: REPORT_MESSAGES.filteredClicks,
    value: (r) => r.clicks,
    render: (r) => formatNumber(r.clicks),
    align: 'right',
  },
];

/** Filtered traffic of the period by reason: counted, shown, never billed. */
export function FilteredReasons({ filtered }: { filtered: FilteredByReason[] }) {
  return (
    <Card withBorder radius="lg" padding="md" data-testid="report-filtered">
      <Stack gap="xs">
        <Title order={2} size="h5">
          {REPORT_MESSAGES.filteredTitle}
        </Title>
        <Text size="sm" c="dimmed">
          {REPORT_MESSAGES.filteredNote}
        </Text>
        <DataTable
          label={REPORT_MESSAGES.filteredTitle}
          columns={filteredColumns}
          rows={filtered}
          rowKey={(r) => r.reason}
          emptyText={REPORT_MESSAGES.filteredNone}
          initialSort={{ key: 'impressions', direction: 'desc' }}
        />
      </Stack>
    </Card>
  );
}

/**
 * A generated report: totals, the chart of the period and the table with CSV export, or
 * its loading and error states. An empty period shows zeros and 'No data available.'.
 */
export function ReportResult({
  query,
  moneyLabel,
  csvFileName,
}: {
  query: UseQueryResult<Report>;
  moneyLabel: string;
  csvFileName: string;
}) {
  if (query.isPending)
    return (
      <Stack gap="md" aria-busy="true" data-testid="report-loading">
        <Skeleton h={64} radius="md" />
        <Skeleton h={200} radius="lg" />
        <Skeleton h={240} radius="lg" />
      </Stack>
    );
  if (query.isError)
    return (
      <Notice color="red" icon={<IconAlertCircle size={18} />} role="alert" title="We could not load this report">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorReason(query.error)}</Text>
          <Button size="xs" variant="default" onClick={() => void query.refetch()} loading={query.isFetching}>
            Try again
          </Button>
        </Stack>
      </Notice>
    );
  const report = query.data;
  const reportBy = report.reportBy as ReportBy;
  return (
    <Stack gap="md" data-testid="report-result" aria-busy={query.isFetching}>
      <ReportTotalsLine totals={report.totals} moneyLabel={moneyLabel} />
      <ReportChart daily={report.daily} moneyLabel={moneyLabel} />
      <Card withBorder radius="lg" padding="md">
        <DataTable
          label={`Report by ${REPORT_BY_LABELS[reportBy] ?? 'Date'}`}
          columns={reportColumns(
            REPORT_BY_LABELS[reportBy] ? reportBy : 'date',
            moneyLabel,
            report.totals.conversions !== undefined,
          )}
          rows={report.rows}
          rowKey={(r) => r.key}
          csvFileName={csvFileName}
          csvNote={REPORT_MESSAGES.csvNote}
          initialSort={
            reportBy === 'date' ? { key: 'dimension', direction: 'desc' } : { key: 'impressions', direction: 'desc' }
          }
          phoneDetails={4}
          data-testid="report-table"
        />
      </Card>
      <FilteredReasons filtered={report.filtered ?? []} />
    </Stack>
  );
}
