import { Select, Stack } from '@mantine/core';
import { COMMON_REPORT_BY } from '@cryptads/contract/report-messages';
import type { WebsiteDetail } from '@cryptads/contract/websites';
import { ReportControls } from '../../../ui/report-controls';
import { useReportDraft } from '../../../ui/report-selection';
import { ReportResult } from '../../../ui/report-result';
import { useWebsiteReport } from '../api/get-website-report';

const ALL = 'all';

/** Earnings of one website, or of one of its zones, by date, country, OS or browser. */
export function WebsiteReport({ website }: { website: WebsiteDetail }) {
  const { selection, draft, setDraft, generate } = useReportDraft(COMMON_REPORT_BY);
  // The website is the page's; a zone from the URL counts only when it is one of its zones.
  const zone = website.zones.some((z) => z.unique === selection.zone) ? selection.zone : null;
  const report = useWebsiteReport(website.id, {
    zone,
    reportBy: selection.reportBy,
    startDate: selection.startDate,
    endDate: selection.endDate,
  });
  return (
    <Stack gap="md" data-testid="website-reports-tab">
      <ReportControls
        draft={draft}
        onDraftChange={setDraft}
        reportByOptions={COMMON_REPORT_BY}
        onGenerate={() => generate(() => report.refetch())}
        generating={report.isFetching}
      >
        <Select
          label="Zone"
          data={[
            { value: ALL, label: 'All zones' },
            ...website.zones.map((z) => ({ value: z.unique, label: `${z.alias} (${z.unique})` })),
          ]}
          value={draft.zone ?? ALL}
          // The selection keeps a zone only beside a website: this tab's website.
          onChange={(v) =>
            setDraft({ ...draft, website: !v || v === ALL ? null : website.id, zone: !v || v === ALL ? null : v })
          }
          allowDeselect={false}
          w={{ base: '100%', xs: 260 }}
          data-testid="zones-filter"
        />
      </ReportControls>
      <ReportResult
        query={report}
        moneyLabel="Earnings"
        csvFileName={`website-${website.id}-${selection.reportBy}-${selection.startDate}-${selection.endDate}.csv`}
      />
    </Stack>
  );
}
