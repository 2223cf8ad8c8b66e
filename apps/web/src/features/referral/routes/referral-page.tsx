import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconCheck,
  IconCoin,
  IconCopy,
  IconDownload,
  IconGift,
  IconHourglass,
  IconUserCheck,
  IconUsers,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatEuros } from '@cryptads/contract/money';
import { REFERRAL_REWARD_EUROS, REFERRAL_SPEND_THRESHOLD_EUROS } from '@cryptads/contract/referral';
import { errorReason } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { type Column, DataTable } from '../../../ui/data-table';
import { useReferral } from '../api/get-referral';
import { PROMO_MATERIALS, type PromoMaterial } from '../promo-materials';

/** '7.5 %' with the en-GB decimal point. */
const formatShare = (share: number) =>
  `${new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 }).format(share)} %`;

/** Copied feedback lasts one second. */
const COPIED_MS = 1_000;

function Stat({ label, value, icon, testId }: { label: string; value: string; icon: ReactNode; testId: string }) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <Text fz={28} fw={750} className="tabular" lh={1.2} data-testid={testId}>
            {value}
          </Text>
        </Stack>
        <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
          {icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
}

const materialColumns: Column<PromoMaterial>[] = [
  { key: 'name', role: 'primary', header: 'Material', value: (m) => m.name },
  { key: 'kind', header: 'Type', value: (m) => m.kind },
  { key: 'size', header: 'Size', value: (m) => m.size },
  { key: 'format', header: 'Format', value: (m) => m.format },
  {
    key: 'download',
    role: 'actions',
    header: 'Download',
    sortable: false,
    value: (m) => m.file,
    render: (m) => (
      <Anchor href={m.file} download underline="always" aria-label={`Download ${m.name} (${m.format})`}>
        <Group gap={4} wrap="nowrap" component="span">
          <IconDownload size={16} aria-hidden />
          Download
        </Group>
      </Anchor>
    ),
  },
];

const TIPS = [
  'Add your invite link to your website, newsletter or the bio of your social profiles.',
  'Tell fellow founders and marketers what worked for your campaigns: a real result convinces more than a banner.',
  'Use the banners and the media kit below: they are ready to publish and describe the network accurately.',
  `A referral counts once the person signs up through your link and spends ${REFERRAL_SPEND_THRESHOLD_EUROS} EUR on advertising.`,
];

/** /referral-program/ 'Refer a Friend' (docs/product/account.md#referral). */
export function ReferralPage() {
  const referral = useReferral();
  const data = referral.data;

  return (
    <Stack gap="lg" maw={1100}>
      <Card withBorder radius="lg" padding="xl">
        <Group align="flex-start" gap="lg" wrap="nowrap">
          <ThemeIcon size={56} radius="xl" aria-hidden visibleFrom="xs">
            <IconGift size={30} />
          </ThemeIcon>
          <Stack gap={6}>
            <Title order={2}>
              Earn {REFERRAL_REWARD_EUROS} EUR when a referred user spends {REFERRAL_SPEND_THRESHOLD_EUROS} EUR
            </Title>
            <Text c="dimmed">
              Invite advertisers and publishers to the network. For every person who signs up with your link and spends{' '}
              {REFERRAL_SPEND_THRESHOLD_EUROS} EUR, {REFERRAL_REWARD_EUROS} EUR is credited to your balance.
            </Text>
            {data?.shareType ? (
              <Group gap="xs">
                <Badge size="lg" variant="filled" color="teal.9" data-testid="referral-share">
                  Preferred share: {formatShare(data.shareType)}
                </Badge>
                <Text size="sm" c="dimmed">
                  of what your referrals spend, agreed with your account manager.
                </Text>
              </Group>
            ) : null}
          </Stack>
        </Group>
      </Card>

      {referral.isError ? (
        <Alert
          color="red.9"
          icon={<IconAlertCircle size={18} />}
          title="We could not load your referral programme"
          role="alert"
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{errorReason(referral.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void referral.refetch()} loading={referral.isFetching}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
            {data ? (
              <>
                <Stat
                  label="Users referred"
                  value={formatNumber(data.usersReferred)}
                  icon={<IconUsers size={22} />}
                  testId="referral-users"
                />
                <Stat
                  label="Valid users"
                  value={formatNumber(data.usersValid)}
                  icon={<IconUserCheck size={22} />}
                  testId="referral-valid"
                />
                <Stat
                  label="Pending earnings"
                  value={formatEuros(data.pendingEarnings)}
                  icon={<IconHourglass size={22} />}
                  testId="referral-pending"
                />
                <Stat
                  label="Paid earnings"
                  value={formatEuros(data.paidEarnings)}
                  icon={<IconCoin size={22} />}
                  testId="referral-paid"
                />
              </>
            ) : (
              [1, 2, 3, 4].map((i) => <Skeleton key={i} h={104} radius="lg" />)
            )}
          </SimpleGrid>

          <Card withBorder radius="lg" padding="lg">
            <Title order={2} size="h4" mb="sm">
              Your invite link
            </Title>
            {data ? (
              <Group gap="sm" align="flex-end" wrap="wrap">
                <TextInput
                  label="Share this link"
                  value={data.inviteLink}
                  readOnly
                  onFocus={(e) => e.currentTarget.select()}
                  style={{ flex: '1 1 260px' }}
                  data-testid="referral-link"
                />
                <CopyButton value={data.inviteLink} timeout={COPIED_MS}>
                  {({ copied, copy }) => (
                    <Button
                      onClick={copy}
                      color={copied ? 'teal.8' : undefined}
                      leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                      data-testid="referral-copy"
                      aria-live="polite"
                    >
                      {copied ? 'Copied!' : 'Copy link'}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            ) : (
              <Skeleton h={60} />
            )}
          </Card>
        </>
      )}

      <Card withBorder radius="lg" padding="lg">
        <Title order={2} size="h4" mb="sm">
          Tips
        </Title>
        <List spacing="xs" size="sm" icon={<IconCheck size={16} aria-hidden />} center>
          {TIPS.map((tip) => (
            <List.Item key={tip}>{tip}</List.Item>
          ))}
        </List>
      </Card>

      <Card withBorder radius="lg" padding="lg">
        <Title order={2} size="h4" mb="sm">
          Promotional materials
        </Title>
        <DataTable
          label="Promotional materials"
          columns={materialColumns}
          rows={PROMO_MATERIALS}
          rowKey={(m) => m.id}
          data-testid="promo-materials"
        />
      </Card>
    </Stack>
  );
}
