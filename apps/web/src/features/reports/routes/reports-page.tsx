import { Stack, Text, Title } from '@mantine/core';
import { AccountType } from '@cryptads/contract/account-types';
import { ADVERTISER_REPORT_BY, COMMON_REPORT_BY } from '@cryptads/contract/report-messages';
import { useSession } from '../../../lib/session';
import { ReportControls } from '../../../ui/report-controls';
import { useReportDraft } from '../../../ui/report-selection';
import { ReportResult } from '../../../ui/report-result';
import { useReport } from '../api/get-report';
import { CampaignsFilter } from '../components/campaigns-filter';
import { WebsitesFilter } from '../components/websites-filter';

/**
 * /reports/ for both roles (docs/product/reports.md#reports-page): advertisers see the cost of their campaigns by
 * date, country, OS, browser, campaign or zone; publishers the earnings of their websites
 * (or one website, or one of its zones) by date, country, OS or browser.
 */
export function ReportsPage() {
  const session = useSession();
  const advertiser = session?.userType === AccountType.Advertiser;
  const { selection, draft, setDraft, generate } = useReportDraft(advertiser ? ADVERTISER_REPORT_BY : COMMON_REPORT_BY);
  const scope = advertiser
    ? { campaignIds: selection.campaigns }
    : { websiteId: selection.website, zoneId: selection.zone };
  const report = useReport(scope, {
    reportBy: selection.reportBy,
    startDate: selection.startDate,
    endDate: selection.endDate,
  });
  const moneyLabel = advertiser ? 'Cost' : 'Earnings';

  return (
    <Stack gap="md" data-testid="reports-page">
      <div>
        <Title order={1} size="h2">
          Reports
        </Title>
        <Text size="sm" c="dimmed">
          {advertiser
            ? 'Impressions, clicks and cost of your campaigns, archived ones included.'
            : 'Impressions, clicks and earnings of your websites.'}
        </Text>
      </div>
      <ReportControls
        draft={draft}
        onDraftChange={setDraft}
        reportByOptions={advertiser ? ADVERTISER_REPORT_BY : COMMON_REPORT_BY}
        onGenerate={() => generate(() => report.refetch())}
        generating={report.isFetching}
      >
        {advertiser ? (
          <CampaignsFilter value={draft.campaigns} onChange={(campaigns) => setDraft({ ...draft, campaigns })} />
        ) : (
          <WebsitesFilter
            website={draft.website}
            zone={draft.zone}
            onChange={(next) => setDraft({ ...draft, ...next })}
          />
        )}
      </ReportControls>
      <ReportResult
        query={report}
        moneyLabel={moneyLabel}
        csvFileName={`report-${selection.reportBy}-${selection.startDate}-${selection.endDate}.csv`}
      />
    </Stack>
  );
}
