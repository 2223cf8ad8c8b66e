import { COPY_FEEDBACK_MS } from '@cryptads/contract/ui';
import { ActionIcon, Anchor, Button, CopyButton, Group, Stack, Switch, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconDeviceDesktop, IconDeviceMobile } from '@tabler/icons-react';
import { useState } from 'react';
import { campaignPreviewPath } from '@cryptads/contract/campaign-messages';
import type { CampaignDetail } from '@cryptads/contract/campaigns';
import { paths } from '@cryptads/contract/paths';
import { errorReason } from '../../../lib/api-client';
import { showError } from '../../../ui/status-store';
import { useSetSharing, useSharing } from '../api/sharing';

/** Copy feedback lasts 1 second (docs/product/limits.md#campaigns). */

/** Preview links and the public permalink with its on/off switch (owner only). */
export function SharingPanel({ campaign }: { campaign: CampaignDetail }) {
  const sharing = useSharing(campaign.id);
  const setSharing = useSetSharing();
  // The switch follows the click at once; the server's answer confirms it.
  const [wanted, setWanted] = useState<boolean | null>(null);
  const enabled = wanted ?? sharing.data?.status ?? campaign.sharingEnabled;
  const permalink = sharing.data?.permalink ?? campaign.permalink;
  const confirmed = wanted === null && enabled;
  const publicUrl = `${window.location.origin}${campaignPreviewPath(permalink, campaign.kind)}`;

  return (
    <Stack gap="sm" data-testid="sharing-panel">
      <Group gap="xs">
        <Button
          component="a"
          href={campaignPreviewPath(campaign.id, campaign.kind)}
          target="_blank"
          rel="noopener"
          size="xs"
          variant="light"
          leftSection={
            campaign.kind === 'application' ? <IconDeviceMobile size={14} /> : <IconDeviceDesktop size={14} />
          }
          data-testid="preview-link"
        >
          Preview
        </Button>
        {campaign.kind === 'popunder' || campaign.kind === 'application' ? null : (
          <Anchor href={paths.campaign.preview(campaign.id, 'mobile')} target="_blank" rel="noopener" size="sm">
            Mobile preview
          </Anchor>
        )}
      </Group>
      <Switch
        label="Share the preview with a public link"
        checked={enabled}
        disabled={wanted !== null || sharing.isPending}
        onChange={(e) => {
          const status = e.currentTarget.checked;
          setWanted(status);
          setSharing.mutate(
            { id: campaign.id, status },
            { onError: (error) => showError(errorReason(error)), onSettled: () => setWanted(null) },
          );
        }}
        data-testid="sharing-switch"
      />
      {confirmed ? (
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            label="Public preview link"
            value={publicUrl}
            readOnly
            style={{ flex: 1 }}
            data-testid="permalink"
            onFocus={(e) => e.currentTarget.select()}
          />
          <CopyButton value={publicUrl} timeout={COPY_FEEDBACK_MS}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : 'Copy link'} withArrow>
                <ActionIcon
                  size="lg"
                  variant={copied ? 'filled' : 'default'}
                  color={copied ? 'teal.9' : undefined}
                  onClick={copy}
                  aria-label={copied ? 'Copied' : 'Copy link'}
                  data-testid="copy-permalink"
                >
                  {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
      ) : (
        <Text size="xs" c="dimmed">
          Only you can see the preview while sharing is off.
        </Text>
      )}
    </Stack>
  );
}
