import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  Group,
  Image,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconEye, IconReplace, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { AdFormat, CAMPAIGN_MESSAGES, previewDeviceForSize } from '@cryptads/contract/campaign-messages';
import type { CampaignDetail, Creative } from '@cryptads/contract/campaigns';
import { paths } from '@cryptads/contract/paths';
import { errorReason } from '../../../lib/api-client';
import { showError, showSuccess } from '../../../ui/status-store';
import { useAddBanners, useChangeBanner, useDeleteCreative } from '../api/creatives';
import type { UploadedImage } from '../lib/wizard';
import { BannerUpload } from './banner-upload';
import classes from './campaigns.module.css';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { NativeAdPreview } from './native-ad-preview';
import { UploadErrors, UploadInput } from './upload-input';

function CreativeCard({
  campaign,
  creative,
  onChange,
  onDelete,
}: {
  campaign: CampaignDetail;
  creative: Creative;
  onChange: () => void;
  onDelete: () => void;
}) {
  const locked = creative.campaignLocked || campaign.isLocked;
  const banner = creative.format === AdFormat.Banner;
  const device = creative.size
    ? previewDeviceForSize(creative.size)
    : campaign.kind === 'application'
      ? 'mobile'
      : 'desktop';
  return (
    <Card withBorder padding="sm" data-testid={`creative-${creative.id}`}>
      <Stack gap={6}>
        {creative.native ? (
          <NativeAdPreview
            compact
            ad={{
              ...creative.native,
              thumbnailUrl: creative.native.thumbnail.url,
              coverUrl: creative.native.cover.url,
            }}
          />
        ) : (
          <Image
            src={creative.url}
            alt={`${creative.formatLabel} ${creative.size}`}
            className={classes.creativeThumb}
          />
        )}
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={0} miw={0}>
            <Text fw={600} size="sm">
              {creative.size || creative.formatLabel}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {creative.native?.title ?? creative.name}
            </Text>
          </Stack>
          <Group gap={2} wrap="nowrap">
            <Tooltip label="Preview">
              <ActionIcon
                component="a"
                href={paths.campaign.preview(campaign.id, device)}
                target="_blank"
                rel="noopener"
                variant="subtle"
                aria-label={`Preview creative ${creative.size || creative.id}`}
              >
                <IconEye size={16} />
              </ActionIcon>
            </Tooltip>
            {banner ? (
              <Tooltip label="Change banner">
                <ActionIcon
                  variant="subtle"
                  onClick={onChange}
                  disabled={locked}
                  aria-label={`Change banner ${creative.size}`}
                  data-testid={`change-banner-${creative.id}`}
                >
                  <IconReplace size={16} />
                </ActionIcon>
              </Tooltip>
            ) : null}
            <Tooltip label="Delete">
              <ActionIcon
                variant="subtle"
                color="red.9"
                onClick={onDelete}
                disabled={locked}
                aria-label={`Delete creative ${creative.size || creative.id}`}
                data-testid={`delete-creative-${creative.id}`}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}

/** The campaign's creatives: preview, change banner, delete (asks first), add banners. */
export function CreativesSection({ campaign }: { campaign: CampaignDetail }) {
  const [deleting, setDeleting] = useState<Creative | null>(null);
  const [changing, setChanging] = useState<Creative | null>(null);
  const [changeErrors, setChangeErrors] = useState<string[]>([]);
  const [adding, setAdding] = useState<UploadedImage[]>([]);
  const remove = useDeleteCreative();
  const change = useChangeBanner();
  const add = useAddBanners();
  const isDisplay = campaign.kind === 'display';

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync({ id: campaign.id, creativeId: deleting.id });
      setDeleting(null);
      showSuccess(CAMPAIGN_MESSAGES.creativeDeleted);
    } catch (error) {
      setDeleting(null);
      showError(errorReason(error));
    }
  };

  const saveNewBanners = async () => {
    try {
      await add.mutateAsync({
        id: campaign.id,
        creatives: adding.map((b) => ({ resource: b.resource, name: b.name })),
      });
      setAdding([]);
      showSuccess(CAMPAIGN_MESSAGES.bannerUpdated);
    } catch (error) {
      showError(errorReason(error));
    }
  };

  if (campaign.kind === 'popunder')
    return (
      <Card withBorder radius="lg" padding="lg">
        <Title order={3} size="h4">
          Creatives
        </Title>
        <Text size="sm" c="dimmed" mt={6}>
          A popunder campaign has no creatives: your landing page{' '}
          <Anchor href={campaign.landingUrl} target="_blank" rel="noopener noreferrer">
            {campaign.landingUrl}
          </Anchor>{' '}
          opens behind the page the visitor reads.
        </Text>
      </Card>
    );

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="creatives-section">
      <Stack gap="md">
        <Title order={3} size="h4">
          Creatives
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }}>
          {campaign.creatives.map((c) => (
            <CreativeCard
              key={c.id}
              campaign={campaign}
              creative={c}
              onChange={() => {
                setChangeErrors([]);
                setChanging(c);
              }}
              onDelete={() => setDeleting(c)}
            />
          ))}
        </SimpleGrid>
        {isDisplay && !campaign.isLocked ? (
          <Stack gap="sm">
            <Text fw={600} size="sm">
              Add banners
            </Text>
            <BannerUpload
              value={adding}
              onChange={setAdding}
              trafficType={campaign.trafficType}
              takenSizes={campaign.creatives.map((c) => c.size)}
            />
            {adding.length ? (
              <Group>
                <Button onClick={() => void saveNewBanners()} loading={add.isPending} data-testid="save-banners">
                  Add {adding.length} {adding.length === 1 ? 'banner' : 'banners'}
                </Button>
              </Group>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
      <ConfirmModal
        opened={deleting !== null}
        message="The creative stops showing at once and cannot be restored."
        onClose={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
        confirmLabel="Yes, delete it!"
        loading={remove.isPending}
      />
      <Modal
        opened={changing !== null}
        onClose={() => setChanging(null)}
        centered
        title={`Change banner ${changing?.size ?? ''}`}
        data-testid="change-banner-modal"
      >
        {changing ? (
          <Stack gap="sm">
            <UploadInput
              purpose="banner"
              label={`Upload a ${changing.size} banner`}
              hint={`${changing.size} or twice the size for Retina.`}
              size={changing.size}
              trafficType={campaign.trafficType === 1 ? 1 : 0}
              testId="change-banner-upload"
              onUploaded={(file) => {
                change.mutate(
                  { id: campaign.id, creativeId: changing.id, banner: { resource: file.resource, name: file.name } },
                  {
                    onSuccess: () => {
                      setChanging(null);
                      showSuccess(CAMPAIGN_MESSAGES.bannerUpdated);
                    },
                    onError: (error) => setChangeErrors([errorReason(error)]),
                  },
                );
                return null;
              }}
              onErrors={setChangeErrors}
            />
            <UploadErrors messages={changeErrors} />
          </Stack>
        ) : null}
      </Modal>
    </Card>
  );
}
