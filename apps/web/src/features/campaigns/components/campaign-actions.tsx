import { Button, Group } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconCopy, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { paths } from '@cryptads/contract/paths';
import { CAMPAIGN_MESSAGES, campaignActions, type StatusAction } from '@cryptads/contract/campaign-messages';
import type { CampaignDetail } from '@cryptads/contract/campaigns';
import { errorReason } from '../../../lib/api-client';
import { showError, showSuccess } from '../../../ui/status-store';
import { useChangeCampaignStatus } from '../api/change-campaign-status';
import { useDuplicateCampaign } from '../api/duplicate-campaign';

const SUCCESS: Partial<Record<StatusAction, string>> = {
  archive: CAMPAIGN_MESSAGES.archived,
  unarchive: CAMPAIGN_MESSAGES.unarchived,
};

/**
 * Pause / Run / Archive / Duplicate / Unarchive as the contract's rules offer them for the
 * campaign's status and lock (docs/product/campaigns.md#statuses-and-actions); refusals show the server's reason as given.
 */
export function CampaignActions({ campaign }: { campaign: CampaignDetail }) {
  const navigate = useNavigate();
  const status = useChangeCampaignStatus();
  const duplicate = useDuplicateCampaign();
  const offered = campaignActions(campaign);
  const busy = status.isPending || duplicate.isPending;

  const change = async (action: StatusAction) => {
    try {
      await status.mutateAsync({ id: campaign.id, action });
    } catch (error) {
      showError(errorReason(error));
      return;
    }
    const text = SUCCESS[action];
    if (action === 'archive') showSuccess(text, () => void navigate(paths.campaigns.all));
    else if (text) showSuccess(text);
  };

  const copy = async () => {
    try {
      const { id } = await duplicate.mutateAsync(campaign.id);
      showSuccess(CAMPAIGN_MESSAGES.duplicated);
      void navigate(paths.campaign.setup(id));
    } catch (error) {
      showError(errorReason(error));
    }
  };

  const isLocked = campaign.isLocked;
  return (
    <Group gap="xs" data-testid="campaign-actions">
      {offered.pause ? (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPlayerPause size={14} />}
          onClick={() => void change('pause')}
          disabled={busy}
        >
          Pause Campaign
        </Button>
      ) : null}
      {offered.run ? (
        <Button size="xs" leftSection={<IconPlayerPlay size={14} />} onClick={() => void change('run')} disabled={busy}>
          Run Campaign
        </Button>
      ) : null}
      {campaign.status === 9 ? (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconArchiveOff size={14} />}
          onClick={() => void change('unarchive')}
          disabled={busy || !offered.unarchive}
        >
          Unarchive
        </Button>
      ) : offered.archive || isLocked ? (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconArchive size={14} />}
          onClick={() => void change('archive')}
          disabled={busy || !offered.archive}
        >
          Archive
        </Button>
      ) : null}
      {offered.duplicate || isLocked ? (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconCopy size={14} />}
          onClick={() => void copy()}
          disabled={busy || !offered.duplicate}
        >
          Duplicate
        </Button>
      ) : null}
    </Group>
  );
}
