import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ACCOUNT_TYPE_LABELS, type AccountType } from '@cryptads/contract/account';
import { campaignStatusLabel } from '@cryptads/contract/campaign-messages';
import type { AdminAccountDetail } from '@cryptads/contract/endpoints/admin-accounts';
import { paths } from '@cryptads/contract/paths';
import { websiteStatusBadge } from '@cryptads/contract/websites-messages';
import { formatDate, formatDateTime } from '../../../lib/format';
import { Notice } from '../../../ui/notice';
import { type AccountAction, useAccountAction, useAdminAccount } from '../api/accounts';
import { ActionModal, isPendingApproval, WAITING_FOR_APPROVAL } from '../components/action-modal';
import { formatMicros } from '../components/money';
import { PagedTable, type PagedColumn } from '../components/paged-table';
import { ErrorNotice, LoadingCard } from '../components/states';

type Transfer = AdminAccountDetail['transfers'][number];
type Session = AdminAccountDetail['sessions'][number];
type Campaign = AdminAccountDetail['campaigns'][number];
type Website = AdminAccountDetail['websites'][number];

const transferColumns: PagedColumn<Transfer>[] = [
  { key: 'when', header: 'When', render: (t) => formatDateTime(t.createdAt) },
  { key: 'kind', header: 'Kind', render: (t) => t.kind },
  { key: 'description', header: 'Description', render: (t) => t.description },
  { key: 'reference', header: 'Reference', render: (t) => t.reference ?? '—' },
  { key: 'amount', header: 'Amount', render: (t) => formatMicros(t.amountMicros), align: 'right' },
];

const sessionColumns: PagedColumn<Session>[] = [
  {
    key: 'device',
    header: 'Device',
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
    render: (s) => (
      <Badge variant="dot" color={s.active ? 'teal' : 'gray'}>
        {s.active ? 'Active' : 'Ended'}
      </Badge>
    ),
  },
];

const campaignColumns: PagedColumn<Campaign>[] = [
  { key: 'id', header: 'ID', render: (c) => c.id, align: 'right' },
  { key: 'name', header: 'Campaign', render: (c) => c.name },
  { key: 'status', header: 'Status', render: (c) => campaignStatusLabel(c.status) },
  { key: 'created', header: 'Created', render: (c) => formatDate(c.createdAt) },
];

const websiteColumns: PagedColumn<Website>[] = [
  { key: 'id', header: 'ID', render: (w) => w.id, align: 'right' },
  { key: 'domain', header: 'Website', render: (w) => w.domain || w.name },
  { key: 'status', header: 'Status', render: (w) => websiteStatusBadge(w.status).label },
  { key: 'created', header: 'Added', render: (w) => formatDate(w.createdAt) },
];

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
  const [open, setOpen] = useState<AccountAction | null>(null);
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
        <Notice color="green" title="Done" data-testid="account-done" withCloseButton onClose={() => setDone(null)}>
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
          </SimpleGrid>
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
          <Group gap="xs" mt="md">
            <Button size="xs" onClick={() => setOpen('credit')} data-testid="action-credit">
              Credit
            </Button>
            <Button size="xs" variant="default" onClick={() => setOpen('adjust')} data-testid="action-adjust">
              Adjust
            </Button>
          </Group>
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
          ) : (
            <Button size="xs" color="red.9" onClick={() => setOpen('disable')} data-testid="action-disable">
              Disable
            </Button>
          )}
          <Button size="xs" variant="default" onClick={() => setOpen('endSessions')} data-testid="action-end-sessions">
            End sessions
          </Button>
        </Group>
      </Card>

      <Card withBorder radius="lg" padding="lg">
        <Title order={2} size="h4" mb="sm">
          Ledger transfers
        </Title>
        <PagedTable
          label="Ledger transfers"
          columns={transferColumns}
          rows={a.transfers}
          rowKey={(t) => t.id}
          emptyText="No transfers yet."
          data-testid="account-transfers"
        />
      </Card>

      {isAdvertiser || (!isPublisher && a.campaigns.length > 0) ? (
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} size="h4" mb="sm">
            Campaigns
          </Title>
          <PagedTable
            label="Campaigns"
            columns={campaignColumns}
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
          <PagedTable
            label="Websites"
            columns={websiteColumns}
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
        <PagedTable
          label="Sessions"
          columns={sessionColumns}
          rows={a.sessions}
          rowKey={(s) => s.id}
          emptyText="No sessions."
          data-testid="account-sessions"
        />
      </Card>

      {spec && open ? (
        <ActionModal
          opened
          title={spec.title}
          message={spec.message}
          confirmLabel={spec.confirmLabel}
          reason={spec.reason}
          amount={spec.amount}
          danger={spec.danger}
          onSubmit={async ({ reason, euros }) => {
            const result = await action.mutateAsync({ action: open, reason, euros });
            setDone(isPendingApproval(result) ? WAITING_FOR_APPROVAL : 'output' in result ? result.output : null);
            return result;
          }}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </Stack>
  );
}
