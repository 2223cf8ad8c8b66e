import { Button, Card, Group, Select, Stack } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { REPORT_BY_LABELS, type ReportBy } from '@cryptads/contract/report-messages';
import { DateRangePicker } from './date-range-picker';
import type { ReportSelection } from './report-selection';

/**
 * Period picker, Reports By (when the report has dimensions), any filters the screen adds,
 * and Generate Report, which runs the report with the chosen values.
 */
export function ReportControls({
  draft,
  onDraftChange,
  reportByOptions,
  onGenerate,
  generating = false,
  children,
}: {
  draft: ReportSelection;
  onDraftChange: (next: ReportSelection) => void;
  reportByOptions?: readonly ReportBy[];
  onGenerate: () => void;
  generating?: boolean;
  /** Extra filters (campaigns, websites, zones). */
  children?: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="md" data-testid="report-controls">
      <Stack gap="sm">
        <DateRangePicker
          value={{ preset: draft.preset, startDate: draft.startDate, endDate: draft.endDate }}
          onChange={(period) => onDraftChange({ ...draft, ...period })}
        />
        <Group gap="sm" align="flex-end" wrap="wrap">
          {reportByOptions ? (
            <Select
              label="Reports By"
              data={reportByOptions.map((by) => ({ value: by, label: REPORT_BY_LABELS[by] }))}
              value={draft.reportBy}
              onChange={(v) => onDraftChange({ ...draft, reportBy: (v ?? 'date') as ReportBy })}
              allowDeselect={false}
              w={{ base: '100%', xs: 200 }}
              data-testid="report-by"
            />
          ) : null}
          {children}
          <Button
            onClick={onGenerate}
            loading={generating}
            leftSection={<IconChartBar size={16} aria-hidden />}
            data-testid="generate-report"
          >
            Generate Report
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
