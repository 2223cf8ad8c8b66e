import { Stack } from '@mantine/core';
import { COMMON_REPORT_BY } from '@cryptads/contract/report-messages';
import { ReportControls } from '../../../ui/report-controls';
import { useReportDraft } from '../../../ui/report-selection';
import { ReportResult } from '../../../ui/report-result';
import { useCampaignReport } from '../api/get-campaign-report';

/** The campaign's Reports tab (docs/product/reports.md#report-tabs): by date, countries, operating systems or browsers. */
export function CampaignReportsTab({ id }: { id: number }) {
  const { selection, draft, setDraft, generate } = useReportDraft(COMMON_REPORT_BY);
  const report = useCampaignReport(id, {
    reportBy: selection.reportBy,
    startDate: selection.startDate,
    endDate: selection.endDate,
  });
  return (
    <Stack gap="md" data-testid="campaign-reports-tab">
      <ReportControls
        draft={draft}
        onDraftChange={setDraft}
        reportByOptions={COMMON_REPORT_BY}
        onGenerate={() => generate(() => report.refetch())}
        generating={report.isFetching}
      />
      <ReportResult
        query={report}
        moneyLabel="Cost"
        csvFileName={`campaign-${id}-${selection.reportBy}-${selection.startDate}-${selection.endDate}.csv`}
      />
    </Stack>
  );
}
