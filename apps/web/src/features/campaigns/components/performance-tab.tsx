import { Button, Card, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { PerformanceRow } from '@cryptads/contract/reports';
import { useMemo } from 'react';
import { errorReason } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { type Column, DataTable } from '../../../ui/data-table';
import { Notice } from '../../../ui/notice';
import { ReportControls } from '../../../ui/report-controls';
import { useReportDraft } from '../../../ui/report-selection';
import { usePerformanceReport } from '../api/get-performance-report';

type NumberedRow = PerformanceRow & { n: number };

const columns: Column<NumberedRow>[] = [
  { key: 'zone', role: 'primary', header: 'Zone', value: (r) => r.zone },
  { key: 'website', header: 'Website', value: (r) => r.website },
  { key: 'type', header: 'Type', value: (r) => r.type },
  { key: 'event', header: 'Event', value: (r) => r.event },
  { key: 'country', header: 'Country', value: (r) => r.country },
  { key: 'browser', header: 'Browser', value: (r) => r.browser },
  { key: 'os', header: 'OS', value: (r) => r.os },
  { key: 'date', header: 'Date', value: (r) => r.date },
  { key: 'time', header: 'Time (UTC)', value: (r) => r.time },
];

/** Performance (docs/product/campaigns.md#performance): the campaign's recent impressions and clicks, one row per event. */
export function PerformanceTab({ id }: { id: number }) {
  const { selection, draft, setDraft, generate } = useReportDraft();
  const report = usePerformanceReport(id, { startDate: selection.startDate, endDate: selection.endDate });
  // Two events can share every field (same second, zone and visitor kind): number them for React keys.
  const rows = useMemo(() => (report.data?.rows ?? []).map((r, n) => ({ ...r, n })), [report.data]);

  return (
    <Stack gap="md" data-testid="performance-tab">
      <ReportControls
        draft={draft}
        onDraftChange={setDraft}
        onGenerate={() => generate(() => report.refetch())}
        generating={report.isFetching}
      />
      {report.isPending ? (
        <Skeleton h={240} radius="lg" aria-busy="true" data-testid="report-loading" />
      ) : report.isError ? (
        <Notice color="red" icon={<IconAlertCircle size={18} />} role="alert" title="We could not load the events">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{errorReason(report.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void report.refetch()} loading={report.isFetching}>
              Try again
            </Button>
          </Stack>
        </Notice>
      ) : (
        <Card withBorder radius="lg" padding="md">
          <Text size="sm" c="dimmed" mb="sm" data-testid="retention-note">
            {`Single impressions and clicks are kept for ${report.data.retentionDays} days; older days show in Reports.`}
            {report.data.truncated ? ` Showing the newest ${formatNumber(report.data.rows.length)} events.` : ''}
          </Text>
          <DataTable
            label="Events of this campaign"
            columns={columns}
            rows={rows}
            rowKey={(r) => r.n}
            csvFileName={`campaign-${id}-events-${selection.startDate}-${selection.endDate}.csv`}
            data-testid="performance-table"
          />
        </Card>
      )}
    </Stack>
  );
}
