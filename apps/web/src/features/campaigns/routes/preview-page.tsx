import { Alert, Anchor, Box, Card, Container, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { PREVIEW_DEVICES, type PreviewDevice, paths } from '@cryptads/contract/paths';
import { AdFormat, isPermalink } from '@cryptads/contract/campaign-messages';
import type { CampaignPreview, Creative } from '@cryptads/contract/campaigns';
import { DEFAULT_PRODUCT_NAME } from '@cryptads/contract/ui';
import { errorReason } from '../../../lib/api-client';
import { usePublicConfig } from '../../../lib/api/get-public-config';
import { useSession } from '../../../lib/session';
import { Logo } from '../../../ui/logo';
import { NotFoundPage } from '../../../ui/not-found-page';
import { PageLoader } from '../../../ui/page-loader';
import { previewQuery, sharingQuery } from '../api/sharing';
import { AdblockModal, useAdblockDetected } from '../components/adblock-check';
import { type AdSlot, MockDesktopPage, MockMobilePage } from '../components/mock-publisher-page';
import { NativeAdPreview } from '../components/native-ad-preview';

type Device = PreviewDevice;

/**
 * /campaigns/preview/{id}/[{device}/] (docs/product/campaigns.md#preview-and-sharing). An id with a comma is a public
 * permalink and needs no login; a plain id is the logged-in owner's campaign, resolved to
 * its permalink. Outside the authenticated shell.
 */
export function CampaignPreviewPage() {
  const { id = '', device } = useParams();
  const session = useSession();
  if (device !== undefined && !(PREVIEW_DEVICES as readonly string[]).includes(device)) return <NotFoundPage />;
  const chosen = (device ?? 'desktop') as Device;
  if (isPermalink(id)) return <PreviewByPermalink permalink={id} device={chosen} routeId={id} />;
  const numeric = Number(id);
  if (!Number.isInteger(numeric) || numeric <= 0) return <NotFoundPage />;
  if (!session) return <Navigate to={paths.login} replace />;
  return <OwnerPreview id={numeric} device={chosen} />;
}

function OwnerPreview({ id, device }: { id: number; device: Device }) {
  const sharing = useQuery(sharingQuery(id));
  if (sharing.isPending) return <PageLoader fullScreen />;
  if (sharing.isError) return <PreviewError reason={errorReason(sharing.error)} />;
  return <PreviewByPermalink permalink={sharing.data.permalink} device={device} routeId={String(id)} ownerId={id} />;
}

function PreviewError({ reason }: { reason: string }) {
  return (
    <Container size="sm" py="xl" component="main" id="main">
      <Alert color="red.9" icon={<IconAlertCircle size={18} />} title="Preview unavailable" role="alert">
        {reason}
      </Alert>
    </Container>
  );
}

/** The slot a creative fills on the mock page. */
function slotOf(creative: Creative, mobile: boolean): AdSlot | null {
  if (creative.format === AdFormat.StickyBanner) return mobile ? 'stickymobile' : 'sticky';
  if (creative.format === AdFormat.HeaderBanner) return 'header';
  return creative.size ? (creative.size.toLowerCase() as AdSlot) : null;
}

function PreviewByPermalink({
  permalink,
  device,
  routeId,
  ownerId,
}: {
  permalink: string;
  device: Device;
  routeId: string;
  ownerId?: number;
}) {
  const navigate = useNavigate();
  const product = usePublicConfig().data?.productName ?? DEFAULT_PRODUCT_NAME;
  const preview = useQuery(previewQuery(permalink));
  const blocked = useAdblockDetected();
  if (preview.isPending) return <PageLoader fullScreen />;
  if (preview.isError) return <PreviewError reason={errorReason(preview.error)} />;
  const p = preview.data;
  const shown: Device = device === 'share' ? 'share' : device;

  return (
    <Box mih="100dvh" bg="var(--mantine-color-gray-light)">
      <Box
        component="header"
        px="md"
        py="sm"
        bg="var(--mantine-color-body)"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Group justify="space-between" gap="sm">
          <Group gap="md">
            <Logo name={product} />
            <Stack gap={0}>
              <Title order={1} size="h4" data-testid="preview-title">
                {p.name}
              </Title>
              <Text size="xs" c="dimmed">
                {p.kindLabel} preview
              </Text>
            </Stack>
          </Group>
          <Group gap="sm">
            <SegmentedControl
              aria-label="Device"
              value={shown}
              onChange={(v) => void navigate(paths.campaign.preview(routeId, v as Device))}
              data={[
                { value: 'desktop', label: 'Desktop' },
                { value: 'mobile', label: 'Mobile' },
                { value: 'share', label: 'Both' },
              ]}
              size="xs"
            />
            {ownerId ? (
              <Anchor component={Link} to={paths.campaign.setup(ownerId)} size="sm">
                Back to the campaign
              </Anchor>
            ) : null}
          </Group>
        </Group>
      </Box>
      <Container size={1240} py="lg" component="main" id="main">
        <PreviewBody preview={p} device={shown} />
      </Container>
      {blocked ? <AdblockModal opened /> : null}
    </Box>
  );
}

function PreviewBody({ preview, device }: { preview: CampaignPreview; device: Device }) {
  if (preview.kind === 'popunder')
    return (
      <Card withBorder radius="lg" padding="xl" maw={720} mx="auto" data-testid="popunder-preview">
        <Stack gap="sm">
          <Title order={2} size="h3">
            Popunder
          </Title>
          <Text>When a reader clicks on a publisher's page, your landing page opens in a new window behind it:</Text>
          <Anchor href={preview.landingUrl} target="_blank" rel="noopener noreferrer">
            <Group gap={4} component="span">
              {preview.landingUrl} <IconExternalLink size={14} aria-hidden />
            </Group>
          </Anchor>
        </Stack>
      </Card>
    );

  const native = preview.creatives.find((c) => c.native);
  const nativeAd = (compact: boolean): ReactNode =>
    native?.native ? (
      <NativeAdPreview
        compact={compact}
        ad={{ ...native.native, thumbnailUrl: native.native.thumbnail.url, coverUrl: native.native.cover.url }}
      />
    ) : null;
  const ad = (mobile: boolean) => (slot: AdSlot) => {
    const creative = preview.creatives.find((c) => !c.native && slotOf(c, mobile) === slot);
    return creative ? (
      <a href={preview.landingUrl} target="_blank" rel="noopener noreferrer">
        <img src={creative.url} alt={`${preview.name} ${creative.size}`} />
      </a>
    ) : null;
  };
  const hideEmpty = preview.kind !== 'display';
  const desktop = <MockDesktopPage ad={ad(false)} native={nativeAd(false)} hideEmpty={hideEmpty} />;
  const mobile = <MockMobilePage ad={ad(true)} native={nativeAd(true)} hideEmpty={hideEmpty} />;
  if (device === 'desktop') return desktop;
  if (device === 'mobile') return mobile;
  return (
    <Stack gap="xl">
      {desktop}
      {mobile}
    </Stack>
  );
}
