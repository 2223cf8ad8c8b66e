import { Button, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatEuros } from '@cryptads/contract/money';
import { formatRoas, REPORT_BY_LABELS, REPORT_MESSAGES, type ReportBy } from '@cryptads/contract/report-messages';
import type { FilteredByReason, Report, ReportRow, ReportTotals } from '@cryptads/contract/reports';
import { formatViewability } from '@cryptads/contract/viewability';
import { errorReason } from '../lib/api-client';
import { formatNumber } from '../lib/format';
import { type Column, DataTable } from './data-table';
import { Notice } from './notice';
import { ReportChart } from './report-chart';

export const formatCtr = (ctr: number) => `${ctr.toFixed(2)}%`;

/**
 * Impressions, clicks, CTR, cost or earnings, eCPM and viewability of the whole period; for an
 * advertiser also its conversions, their cost and value (publishers' answers carry none).
 */
export function ReportTotalsLine({ totals, moneyLabel }: { totals: ReportTotals; moneyLabel: string }) {
  const converted = totals.conversions !== undefined;
  const items: { label: string; value: string; id: string; note?: string }[] = [
    { label: 'Impressions', value: formatNumber(totals.impressions), id: 'impressions' },
    { label: 'Clicks', value: formatNumber(totals.clicks), id: 'clicks' },
    { label: 'CTR', value: formatCtr(totals.ctr), id: 'ctr' },
    { label: moneyLabel, value: formatEuros(totals.money), id: 'money' },
    { label: 'eCPM', value: formatEuros(totals.eCpm), id: 'ecpm' },
    {
      label: REPORT_MESSAGES.viewabilityRate,
      value: formatViewability(totals.viewabilityRate),
      id: 'viewability',
      note: `${formatNumber(totals.viewableImpressions ?? 0)} of ${formatNumber(totals.measuredImpressions ?? 0)} measured`,
    },
    {
      label: REPORT_MESSAGES.filteredImpressions,
      value: formatNumber(totals.filteredImpressions ?? 0),
      id: 'filtered-impressions',
    },
    { label: REPORT_MESSAGES.filteredClicks, value: formatNumber(totals.filteredClicks ?? 0), id: 'filtered-clicks' },
    ...(converted
      ? [
          { label: 'Conversions', value: formatNumber(totals.conversions ?? 0), id: 'conversions' },
          {
            label: 'Cost per conversion',
            value: formatEuros(totals.costPerConversion ?? 0),
            id: 'cost-per-conversion',
          },
          { label: 'Conversion value', value: formatEuros(totals.conversionValue ?? 0), id: 'conversion-value' },
        ]
      : []),
  ];
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 4, lg: converted ? 6 : 8 }}
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
          {i.note ? (
            <Text size="xs" c="dimmed" className="tabular" data-testid={`total-${i.id}-note`}>
              {i.note}
            </Text>
          ) : null}
        </Card>
      ))}
    </SimpleGrid>
  );
}

type Figure<R> = { [K in keyof R]: R[K] extends number | undefined ? K : never }[keyof R] & string;

/** A right-aligned figure column; a figure a row does not carry (publishers' conversions) reads 0. */
function figure<R>(key: Figure<R>, header: string, format: (n: number) => string): Column<R> {
  const of = (r: R) => (r[key] as number | undefined) ?? 0;
  return { key, header, value: of, render: (r) => format(of(r)), align: 'right' };
}

/** An advertiser's conversion columns (absent from publishers' answers). */
const conversionColumns: Column<ReportRow>[] = [
  figure('conversions', 'Conversions', formatNumber),
  figure('conversionRate', 'Conversion rate', formatCtr),
  figure('costPerConversion', 'Cost per conversion', formatEuros),
  figure('conversionValue', 'Conversion value', formatEuros),
  figure('roas', REPORT_MESSAGES.roasHeader, formatRoas),
];

/**
 * Measured and viewable impressions and the viewability rate (docs/product/programmatic.md#viewability):
 * '—' when nothing was measured, an empty cell in the CSV.
 */
const viewabilityColumns: Column<ReportRow>[] = [
  figure('measuredImpressions', REPORT_MESSAGES.measuredImpressions, formatNumber),
  figure('viewableImpressions', REPORT_MESSAGES.viewableImpressions, formatNumber),
  {
    key: 'viewabilityRate',
    header: REPORT_MESSAGES.viewabilityRate,
    value: (r) => r.viewabilityRate ?? null,
    render: (r) => formatViewability(r.viewabilityRate),
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
    figure('impressions', 'Impressions', formatNumber),
    figure('clicks', 'Clicks', formatNumber),
    figure('ctr', 'CTR', formatCtr),
    figure('money', moneyLabel, formatEuros),
    { ...figure('eCpm', 'eCPM', formatEuros), key: 'ecpm' },
    ...viewabilityColumns,
    figure('filteredImpressions', REPORT_MESSAGES.filteredImpressions, formatNumber),
    figure('filteredClicks', REPORT_MESSAGES.filteredClicks, formatNumber),
    ...(withConversions ? conversionColumns : []),
  ];
}

const filteredColumns: Column<FilteredByReason>[] = [
  { key: 'reason', header: REPORT_MESSAGES.filteredReason, value: (r) => r.label, role: 'primary' },
  figure('impressions', REPORT_MESSAGES.filteredImpressions, formatNumber),
  figure('clicks', REPORT_MESSAGES.filteredClicks, formatNumber),
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
