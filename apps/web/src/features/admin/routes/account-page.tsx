import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ACCOUNT_TYPE_LABELS, type AccountType } from '@cryptads/contract/account-types';
import { campaignStatusLabel } from '@cryptads/contract/campaign-messages';
import type { AdminAccountDetail } from '@cryptads/contract/endpoints/admin-accounts';
import { paths } from '@cryptads/contract/paths';
import { WebsiteStatus, websiteStatusBadge } from '@cryptads/contract/websites-messages';
import { useCurrentUser } from '../../../lib/api/get-current-user';
import { formatDate, formatDateTime, formatMicros } from '../../../lib/format';
import { Notice } from '../../../ui/notice';
import { type AccountAction, type ItemAction, useAccountAction, useAdminAccount } from '../api/accounts';
import { ADMIN_MESSAGES } from '@cryptads/contract/admin-messages';
import { accountFields, ActionModal, isPendingApproval } from '../components/action-modal';
import { ReferralShareModal } from '../components/referral-share-modal';
import { ErrorNotice, LoadingCard } from '../components/states';
import { type Column, DataTable } from '../../../ui/data-table';

type Transfer = AdminAccountDetail['transfers'][number];
type Session = AdminAccountDetail['sessions'][number];
type Campaign = AdminAccountDetail['campaigns'][number];
type Website = AdminAccountDetail['websites'][number];

const transferColumns: Column<Transfer>[] = [
  { key: 'when', header: 'When', render: (t) => formatDateTime(t.createdAt) },
  { key: 'kind', header: 'Kind', render: (t) => t.kind },
  { key: 'description', header: 'Description', render: (t) => t.description, role: 'primary' },
  { key: 'reference', header: 'Reference', render: (t) => t.reference ?? '—' },
  // On a phone card the amount sits beside the description, whole, like a status.
  { key: 'amount', header: 'Amount', render: (t) => formatMicros(t.amountMicros), align: 'right', role: 'status' },
];

const sessionColumns: Column<Session>[] = [
  {
    key: 'device',
    header: 'Device',
    role: 'primary',
    // The device text often names the browser and system already ('Chrome on Windows').
    render: (s) =>
      [s.device, s.browser, s.os]
        .filter((part): part is string => Boolean(part))
        .filter((part, i, all) => i === 0 || !all[0]?.includes(part))
        .join(' · ') || 'Unknown',
  },
  { key: 'ip', header: 'IP address', render: (s) => s.ip ?? '—' },
  { key: 'created', header: 'Started', render: (s) => formatDateTime(s.createdAt) },
  { key: 'seen', header: 'Last seen', render: (s) => formatDateTime(s.lastSeenAt) },
  {
    key: 'active',
    header: 'State',
    role: 'status',
    render: (s) => (
      <Badge variant="dot" color={s.active ? 'teal' : 'gray'}>
        {s.active ? 'Active' : 'Ended'}
      </Badge>
    ),
  },
];

type OpenItem = { action: ItemAction; id: number; label: string };

const campaignColumns = (act: (item: OpenItem) => void): Column<Campaign>[] => [
  { key: 'id', header: 'ID', render: (c) => c.id, align: 'right' },
  { key: 'name', header: 'Campaign', render: (c) => c.name, role: 'primary' },
  { key: 'status', header: 'Status', render: (c) => campaignStatusLabel(c.status), role: 'status' },
  { key: 'managed', header: 'Managed', render: (c) => (c.locked ? 'Locked' : '—') },
  { key: 'created', header: 'Created', render: (c) => formatDate(c.createdAt) },
  {
    key: 'actions',
    header: 'Actions',
    align: 'right',
    role: 'actions',
    render: (c) => (
      <Button
        size="compact-xs"
        variant="default"
        onClick={() => act({ action: c.locked ? 'unlockCampaign' : 'lockCampaign', id: c.id, label: c.name })}
        data-testid={`campaign-${c.locked ? 'unlock' : 'lock'}-${c.id}`}
      >
        {c.locked ? 'Unlock' : 'Lock'}
      </Button>
    ),
  },
];

/** Pause the approved websites; approve again the paused or rejected ones (pending: the queue). */
const websiteAction = (status: number): 'pauseWebsite' | 'approveWebsite' | null =>
  status === WebsiteStatus.Active
    ? 'pauseWebsite'
    : status === WebsiteStatus.Paused || status === WebsiteStatus.Denied || status === WebsiteStatus.FraudDenied
      ? 'approveWebsite'
      : null;

const websiteColumns = (act: (item: OpenItem) => void): Column<Website>[] => [
  { key: 'id', header: 'ID', render: (w) => w.id, align: 'right' },
  { key: 'domain', header: 'Website', render: (w) => w.domain || w.name, role: 'primary' },
  { key: 'status', header: 'Status', render: (w) => websiteStatusBadge(w.status).label, role: 'status' },
  { key: 'created', header: 'Added', render: (w) => formatDate(w.createdAt) },
  {
    key: 'actions',
    header: 'Actions',
    align: 'right',
    role: 'actions',
    render: (w) => {
      const action = websiteAction(w.status);
      if (!action) return null;
      const pause = action === 'pauseWebsite';
      return (
        <Button
          size="compact-xs"
          variant="default"
          onClick={() => act({ action, id: w.id, label: w.domain || w.name })}
          data-testid={`website-${pause ? 'pause' : 'approve'}-${w.id}`}
        >
          {pause ? 'Pause' : 'Approve'}
        </Button>
      );
    },
  },
];

const ITEM_ACTIONS: Record<ItemAction, (label: string) => Omit<ActionSpec, 'reason' | 'amount'>> = {
  pauseWebsite: (label) => ({
    title: `Pause ${label}`,
    message: 'Its ad codes stop serving; the publisher is told by a notification.',
    confirmLabel: 'Pause',
    danger: true,
  }),
  approveWebsite: (label) => ({
    title: `Approve ${label}`,
    message: 'Its ad codes serve again and its pending zones are activated; the publisher is told.',
    confirmLabel: 'Approve',
    danger: false,
  }),
  lockCampaign: (label) => ({
    title: `Lock ${label}`,
    message: 'The campaign becomes managed: the advertiser can only change its status.',
    confirmLabel: 'Lock',
    danger: false,
  }),
  unlockCampaign: (label) => ({
    title: `Unlock ${label}`,
    message: 'The advertiser can edit the campaign again.',
    confirmLabel: 'Unlock',
    danger: false,
  }),
};

type ActionSpec = {
  title: string;
  message: string;
  confirmLabel: string;
  reason: 'required' | 'none';
  amount: 'positive' | 'signed' | 'none';
  danger: boolean;
};

const ACTIONS: Record<AccountAction, ActionSpec> = {
  disable: {
    title: 'Disable this account',
    message: 'The customer is logged out at once and cannot log in until the account is enabled again.',
    confirmLabel: 'Disable',
    reason: 'required',
    amount: 'none',
    danger: true,
  },
  enable: {
    title: 'Enable this account',
    message: 'The customer can log in again.',
    confirmLabel: 'Enable',
    reason: 'none',
    amount: 'none',
    danger: false,
  },
  credit: {
    title: 'Credit the balance',
    message:
      'Adds euros to the available balance from the operator credits account. Large amounts wait for a second operator.',
    confirmLabel: 'Credit',
    reason: 'required',
    amount: 'positive',
    danger: false,
  },
  adjust: {
    title: 'Adjust the balance',
    message: 'A correction of the available balance, up or down; it can never go below zero.',
    confirmLabel: 'Adjust',
    reason: 'required',
    amount: 'signed',
    danger: false,
  },
  endSessions: {
    title: 'End every session',
    message: 'Logs the customer out on every device.',
    confirmLabel: 'End sessions',
    reason: 'none',
    amount: 'none',
    danger: true,
  },
};

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {children}
      </Text>
    </div>
  );
}

/** /admin/accounts/{id}/: an account's profile, money, activity and sessions, and the actions on it. */
export function AccountPage() {
  const id = Number(useParams().id);
  const account = useAdminAccount(id);
  const action = useAccountAction(id);
  const me = useCurrentUser();
  const [open, setOpen] = useState<AccountAction | null>(null);
  const [item, setItem] = useState<OpenItem | null>(null);
  const [sharing, setSharing] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const back = (
    <Anchor component={Link} to={paths.admin.accounts} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        All accounts
      </Group>
    </Anchor>
  );

  if (account.isPending)
    return (
      <Stack gap="lg">
        {back}
        <LoadingCard label="Loading the account" rows={5} />
      </Stack>
    );
  if (account.isError)
    return (
      <Stack gap="lg">
        {back}
        <ErrorNotice
          title="We could not load this account"
          error={account.error}
          onRetry={() => void account.refetch()}
          retrying={account.isFetching}
        />
      </Stack>
    );

  const a = account.data;
  const spec = open ? ACTIONS[open] : null;
  const isAdvertiser = a.type === 1;
  const isPublisher = a.type === 2;
  // The server refuses an operator disabling or crediting itself: another operator does it.
  const isSelf = me.data?.email === a.email;
  const itemSpec = item ? ITEM_ACTIONS[item.action](item.label) : null;

  return (
    <Stack gap="lg">
      {back}
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }} data-testid="account-email">
            {a.email}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {ACCOUNT_TYPE_LABELS[a.type as AccountType] ?? `Type ${a.type}`} · account {a.id}
          </Text>
        </div>
        {a.disabled ? (
          <Badge color="red" size="lg" variant="dot" data-testid="account-state">
            Disabled
          </Badge>
        ) : (
          <Badge color="teal" size="lg" variant="dot" data-testid="account-state">
            Active
          </Badge>
        )}
      </Group>

      {done ? (
        <Notice
          color="green"
          title="Done"
          data-testid="account-done"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setDone(null)}
        >
          {done}
        </Notice>
      ) : null}

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} size="h4" mb="sm">
            Profile
          </Title>
          <SimpleGrid cols={2} spacing="sm">
            <Field label="Name">{[a.firstName, a.lastName].filter(Boolean).join(' ') || '—'}</Field>
            <Field label="Created">{formatDate(a.created)}</Field>
            <Field label="Email">{a.emailVerified ? 'Verified' : 'Not verified'}</Field>
            <Field label="Identity">{a.identity === 'verified' ? 'Verified' : 'Not verified'}</Field>
            <Field label="Two-factor">{a.twoFactor ? 'On' : 'Off'}</Field>
            <Field label="Disabled since">{a.disabledAt ? formatDateTime(a.disabledAt) : '—'}</Field>
            <Field label="Referral share">
              <span data-testid="account-referral-share">
                {a.referralShare === null ? 'Standard' : `${a.referralShare} %`}
              </span>
            </Field>
          </SimpleGrid>
          <Group gap="xs" mt="md">
            <Button size="xs" variant="default" onClick={() => setSharing(true)} data-testid="action-referral-share">
              Set referral share
            </Button>
          </Group>
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} size="h4" mb="sm">
            Balance
          </Title>
          <SimpleGrid cols={2} spacing="sm">
            <Field label="Available">
              <span data-testid="account-balance">{formatMicros(a.balanceMicros)}</span>
            </Field>
            <Field label="Held">{formatMicros(a.heldMicros)}</Field>
          </SimpleGrid>
          {isSelf ? null : (
            <Group gap="xs" mt="md">
              <Button size="xs" onClick={() => setOpen('credit')} data-testid="action-credit">
                Credit
              </Button>
              <Button size="xs" variant="default" onClick={() => setOpen('adjust')} data-testid="action-adjust">
                Adjust
              </Button>
            </Group>
          )}
        </Card>
      </SimpleGrid>

      <Card withBorder radius="lg" padding="lg">
        <Title order={2} size="h4" mb="sm">
          Access
        </Title>
        <Group gap="xs">
          {a.disabled ? (
            <Button size="xs" onClick={() => setOpen('enable')} data-testid="action-enable">
              Enable
            </Button>
          ) : isSelf ? null : (
            <Button size="xs" color="red.9" onClick={() => setOpen('disable')} data-testid="action-disable">
              Disable
            </Button>
          )}
          <Button size="xs" variant="default" onClick={() => setOpen('endSessions')} data-testid="action-end-sessions">
            End sessions
          </Button>
        </Group>
        {isSelf ? (
          <Text size="sm" c="dimmed" mt="sm" data-testid="account-self">
            This is your own account: another operator disables or credits it.
          </Text>
        ) : null}
      </Card>

      <Card withBorder radius="lg" padding="lg">
        <Title order={2} size="h4" mb="sm">
          Ledger transfers
        </Title>
        <DataTable
          label="Ledger transfers"
          columns={transferColumns}
          rows={a.transfers}
          rowKey={(t) => t.id}
          emptyText="No transfers yet."
          rowProps={() => ({ 'data-testid': 'account-transfers-row' })}
          data-testid="account-transfers"
        />
      </Card>

      {isAdvertiser || (!isPublisher && a.campaigns.length > 0) ? (
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} size="h4" mb="sm">
            Campaigns
          </Title>
          <DataTable
            label="Campaigns"
            columns={campaignColumns(setItem)}
            rows={a.campaigns}
            rowKey={(c) => c.id}
            emptyText="No campaigns."
          />
        </Card>
      ) : null}
      {isPublisher || (!isAdvertiser && a.websites.length > 0) ? (
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} size="h4" mb="sm">
            Websites
          </Title>
          <DataTable
            label="Websites"
            columns={websiteColumns(setItem)}
            rows={a.websites}
            rowKey={(w) => w.id}
            emptyText="No websites."
          />
        </Card>
      ) : null}

      <Card withBorder radius="lg" padding="lg">
        <Title order={2} size="h4" mb="sm">
          Sessions
        </Title>
        <DataTable
          label="Sessions"
          columns={sessionColumns}
          rows={a.sessions}
          rowKey={(s) => s.id}
          emptyText="No sessions."
          rowProps={() => ({ 'data-testid': 'account-sessions-row' })}
          data-testid="account-sessions"
        />
      </Card>

      {spec && open ? (
        <ActionModal
          opened
          title={spec.title}
          message={spec.message}
          confirmLabel={spec.confirmLabel}
          fields={accountFields(spec.reason, spec.amount)}
          danger={spec.danger}
          onSubmit={async ({ reason, euros }) => {
            const result = await action.mutateAsync({ action: open, reason, euros });
            setDone(
              isPendingApproval(result) ? ADMIN_MESSAGES.pendingApproval : 'output' in result ? result.output : null,
            );
            return result;
          }}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {item && itemSpec ? (
        <ActionModal
          opened
          title={itemSpec.title}
          message={itemSpec.message}
          confirmLabel={itemSpec.confirmLabel}
          danger={itemSpec.danger}
          onSubmit={async () => {
            const result = await action.mutateAsync({ action: item.action, itemId: item.id });
            setDone('output' in result ? result.output : null);
            return result;
          }}
          onClose={() => setItem(null)}
        />
      ) : null}
      {sharing ? (
        <ReferralShareModal
          current={a.referralShare}
          onSubmit={async (percent) => {
            const result = await action.mutateAsync({ action: 'referralShare', percent });
            setDone('output' in result ? result.output : null);
            return result;
          }}
          onClose={() => setSharing(false)}
        />
      ) : null}
    </Stack>
  );
}
