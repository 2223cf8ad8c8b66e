import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconArchiveOff, IconArrowLeft, IconInfoCircle } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { paths } from '@cryptads/contract/paths';
import { CAMPAIGN_MESSAGES } from '@cryptads/contract/campaign-messages';
import { errorReason } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { DataTable } from '../../../ui/data-table';
import { PageLoader } from '../../../ui/page-loader';
import { showError, showSuccess } from '../../../ui/status-store';
import { useChangeCampaignStatus } from '../api/change-campaign-status';
import { type ArchivedCampaign, useArchivedCampaigns } from '../api/get-archived-campaigns';

/** /campaigns/all/archive/: archived campaigns with an Unarchive action (docs/product/campaigns.md#archive). */
export function ArchivePage() {
  const navigate = useNavigate();
  const archived = useArchivedCampaigns();
  const status = useChangeCampaignStatus();

  const unarchive = async (row: ArchivedCampaign) => {
    try {
      await status.mutateAsync({ id: row.id, action: 'unarchive' });
    } catch (error) {
      showError(errorReason(error));
      return;
    }
    showSuccess(CAMPAIGN_MESSAGES.unarchived);
    void navigate(paths.campaign.setup(row.id));
  };

  return (
    <Stack gap="md">
      <Alert color="brand" icon={<IconInfoCircle size={18} />} data-testid="archive-note">
        {CAMPAIGN_MESSAGES.archivedTabsNote}
      </Alert>
      <Card withBorder radius="lg" padding="lg">
        {archived.isPending ? (
          <PageLoader />
        ) : archived.isError ? (
          <Alert color="red.9" icon={<IconAlertCircle size={18} />} role="alert">
            {errorReason(archived.error)}
          </Alert>
        ) : (
          <DataTable
            label="Archived Campaigns"
            data-testid="archive-table"
            rows={archived.data}
            rowKey={(r) => r.id}
            initialSort={{ key: 'date', direction: 'desc' }}
            emptyText={<Text c="dimmed">You have no archived campaigns.</Text>}
            columns={[
              { key: 'date', header: 'Date', value: (r) => r.date, render: (r) => formatDate(r.date) },
              { key: 'name', role: 'primary', header: 'Name', value: (r) => r.name },
              {
                key: 'action',
                role: 'actions',
                header: 'Action',
                sortable: false,
                align: 'right',
                value: () => '',
                render: (r) => (
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconArchiveOff size={14} />}
                    onClick={() => void unarchive(r)}
                    loading={status.isPending && status.variables?.id === r.id}
                    aria-label={`Unarchive ${r.name}`}
                    data-testid={`unarchive-${r.id}`}
                  >
                    Unarchive
                  </Button>
                ),
              },
            ]}
          />
        )}
      </Card>
      <Group>
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
          onClick={() => void navigate(paths.campaigns.all)}
        >
          Go Back
        </Button>
      </Group>
    </Stack>
  );
}
