import { Button, Card, Checkbox, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { CAMPAIGN_MESSAGES, CampaignStatus } from '@cryptads/contract/campaign-messages';
import { formatEuros } from '@cryptads/contract/money';
import { REPORT_MESSAGES } from '@cryptads/contract/report-messages';
import type { OptimizationRow } from '@cryptads/contract/reports';
import { errorReason } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { type Column, DataTable } from '../../../ui/data-table';
import { Notice } from '../../../ui/notice';
import { ReportControls } from '../../../ui/report-controls';
import { useReportDraft } from '../../../ui/report-selection';
import { formatCtr } from '../../../ui/report-result';
import { useCampaign } from '../api/get-campaign';
import { useOptimizationReport } from '../api/get-optimization-report';
import { useUpdateCampaignExclusion } from '../api/update-campaign-exclusion';
import { isZoneChecked, toggledExcludeList } from '../lib/exclusion';

/**
 * Optimization (docs/product/campaigns.md#optimization): the zones that showed the campaign in the period, each
 * with a box that says whether the campaign may show there. A toggle sends the whole new
 * list; locked and archived campaigns cannot change it.
 */
export function OptimizationTab({ id }: { id: number }) {
  const campaign = useCampaign(id);
  const { selection, draft, setDraft, generate } = useReportDraft();
  const report = useOptimizationReport(id, { startDate: selection.startDate, endDate: selection.endDate });
  const exclusion = useUpdateCampaignExclusion();

  const detail = campaign.data;
  const archived = detail?.status === CampaignStatus.Archived;
  const readOnly = !detail || detail.isLocked || archived || exclusion.isPending;

  const columns: Column<OptimizationRow>[] = [
    {
      key: 'show',
      role: 'actions',
      header: 'Show ads',
      value: (r) => (detail && isZoneChecked(detail.excludeFlag, detail.excludeList, r.id) ? 1 : 0),
      render: (r) => (
        <Checkbox
          aria-label={`Show ads on zone ${r.id}`}
          checked={detail ? isZoneChecked(detail.excludeFlag, detail.excludeList, r.id) : false}
          disabled={readOnly}
          onChange={(e) => {
            if (!detail) return;
            exclusion.mutate({
              id,
              excludeList: toggledExcludeList(detail.excludeFlag, detail.excludeList, r.id, e.currentTarget.checked),
            });
          }}
          data-testid={`zone-toggle-${r.id}`}
        />
      ),
    },
    { key: 'id', role: 'primary', header: 'Zone', value: (r) => r.id },
    { key: 'website', header: 'Website', value: (r) => r.website },
    { key: 'type', header: 'Type', value: (r) => r.type },
    {
      key: 'impressions',
      header: 'Impressions',
      value: (r) => r.impressions,
      render: (r) => formatNumber(r.impressions),
      align: 'right',
    },
    { key: 'clicks', header: 'Clicks', value: (r) => r.clicks, render: (r) => formatNumber(r.clicks), align: 'right' },
    { key: 'ctr', header: 'CTR', value: (r) => r.ctr, render: (r) => formatCtr(r.ctr), align: 'right' },
    { key: 'money', header: 'Cost', value: (r) => r.money, render: (r) => formatEuros(r.money), align: 'right' },
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
  ];

  return (
    <Stack gap="md" data-testid="optimization-tab">
      <ReportControls
        draft={draft}
        onDraftChange={setDraft}
        onGenerate={() => generate(() => report.refetch())}
        generating={report.isFetching}
      />
      {detail?.isLocked || archived ? (
        <Notice color="gray" icon={<IconLock size={18} />} title="Zones cannot be changed">
          <Text size="sm">{archived ? CAMPAIGN_MESSAGES.archivedNoChanges : CAMPAIGN_MESSAGES.locked}</Text>
        </Notice>
      ) : null}
      {exclusion.isError ? (
        <Notice color="red" icon={<IconAlertCircle size={18} />} role="alert" title="The zone list was not saved">
          <Text size="sm">{errorReason(exclusion.error)}</Text>
        </Notice>
      ) : null}
      {report.isPending || campaign.isPending ? (
        <Skeleton h={240} radius="lg" aria-busy="true" data-testid="report-loading" />
      ) : report.isError || campaign.isError ? (
        <Notice color="red" icon={<IconAlertCircle size={18} />} role="alert" title="We could not load the zones">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{errorReason(report.error ?? campaign.error)}</Text>
            <Button
              size="xs"
              variant="default"
              onClick={() => void Promise.all([report.refetch(), campaign.refetch()])}
              loading={report.isFetching}
            >
              Try again
            </Button>
          </Stack>
        </Notice>
      ) : (
        <Card withBorder radius="lg" padding="md">
          <Text size="sm" c="dimmed" mb="sm">
            {detail?.excludeFlag === false
              ? 'This campaign runs only on the checked zones.'
              : 'Uncheck a zone to stop showing this campaign there.'}
          </Text>
          <DataTable
            label="Zones of this campaign"
            columns={columns}
            rows={report.data.rows}
            rowKey={(r) => r.id}
            initialSort={{ key: 'impressions', direction: 'desc' }}
            data-testid="optimization-table"
          />
        </Card>
      )}
    </Stack>
  );
}
