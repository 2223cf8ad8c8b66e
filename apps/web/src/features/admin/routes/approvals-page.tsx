import { Badge, Button, Card, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Approval } from '@cryptads/contract/endpoints/admin-accounts';
import { useCurrentUser } from '../../../lib/api/get-current-user';
import { formatDateTime, formatMicros } from '../../../lib/format';
import { useApprovals, useDecideApproval } from '../api/approvals';
import { accountFields, ActionModal } from '../components/action-modal';
import { type Column, DataTable } from '../../../ui/data-table';
import { PageHeader } from '../components/page-header';
import { useListParams } from '../components/search-params';
import { ErrorNotice, LoadingCard } from '../components/states';

const STATUSES = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
] as const;
type Status = (typeof STATUSES)[number]['value'];

/** The command line the approval runs, without the idempotency key the screens add. */
const commandOf = (a: Approval) =>
  [a.domain, a.action, ...a.args.filter((arg) => !/^back-office-[0-9a-f-]{36}$/.test(arg))].join(' ');

export const SECOND_OPERATOR_NOTE = 'You asked for this: a second operator must approve it.';

const STATUS_COLORS: Record<Status, string> = { pending: 'orange', approved: 'teal', rejected: 'red' };

/** /admin/approvals/: money actions held for a second operator, and the decided ones. */
export function ApprovalsPage() {
  const list = useListParams(['status'] as const);
  const status: Status = STATUSES.some((s) => s.value === list.values.status)
    ? (list.values.status as Status)
    : 'pending';
  const approvals = useApprovals({ status, page: list.page, pageSize: list.pageSize });
  const me = useCurrentUser();
  const decide = useDecideApproval();
  const [acting, setActing] = useState<{ approval: Approval; decision: 'approve' | 'reject' } | null>(null);

  const mine = (a: Approval) =>
    Boolean(me.data?.email) && a.requestedByEmail?.toLowerCase() === me.data?.email.toLowerCase();

  const columns: Column<Approval>[] = [
    { key: 'id', header: 'ID', render: (a) => a.id, align: 'right' },
    { key: 'requested', header: 'Requested', render: (a) => formatDateTime(a.requestedAt) },
    { key: 'by', header: 'By', render: (a) => a.requestedByEmail ?? 'command line' },
    { key: 'action', header: 'Action', render: commandOf, role: 'primary' },
    { key: 'amount', header: 'Amount', render: (a) => formatMicros(a.amountMicros), align: 'right' },
    {
      key: 'status',
      header: 'Status',
      role: 'status',
      render: (a) => (
        <Badge variant="dot" color={STATUS_COLORS[a.status]}>
          {a.status}
        </Badge>
      ),
    },
    // Apart from the badge, which never wraps: who decided, when and why can be long.
    {
      key: 'decided',
      header: 'Decided',
      render: (a) =>
        a.decidedAt ? (
          <Text size="xs" c="dimmed">
            {a.decidedByEmail ?? '—'}, {formatDateTime(a.decidedAt)}
            {a.reason ? `: ${a.reason}` : ''}
          </Text>
        ) : (
          '—'
        ),
    },
    {
      key: 'decide',
      header: 'Decision',
      role: 'actions',
      render: (a) =>
        a.status !== 'pending' ? (
          (a.output ?? '—')
        ) : mine(a) ? (
          <Text size="sm" c="dimmed" data-testid="approval-own">
            {SECOND_OPERATOR_NOTE}
          </Text>
        ) : (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              onClick={() => setActing({ approval: a, decision: 'approve' })}
              aria-label={`Approve request ${a.id}`}
              data-testid="approval-approve"
            >
              Approve
            </Button>
            <Button
              size="xs"
              variant="default"
              onClick={() => setActing({ approval: a, decision: 'reject' })}
              aria-label={`Reject request ${a.id}`}
              data-testid="approval-reject"
            >
              Reject
            </Button>
          </Group>
        ),
    },
  ];

  return (
    <Stack gap="lg">
      <PageHeader title="Approvals">
        Money actions at or above the threshold wait here until a second operator approves them.
      </PageHeader>
      <Card withBorder radius="lg" padding="lg">
        <SegmentedControl
          aria-label="Status"
          data={[...STATUSES]}
          value={status}
          onChange={(value) => list.set({ status: value === 'pending' ? '' : value })}
          mb="md"
          data-testid="approvals-status"
        />
        {approvals.isPending ? (
          <LoadingCard label="Loading approvals" />
        ) : approvals.isError ? (
          <ErrorNotice
            title="We could not load the approvals"
            error={approvals.error}
            onRetry={() => void approvals.refetch()}
            retrying={approvals.isFetching}
          />
        ) : (
          <DataTable
            label="Approvals"
            columns={columns}
            rows={approvals.data.items}
            rowKey={(a) => a.id}
            server={list.server(approvals.data.total)}
            emptyText={status === 'pending' ? 'Nothing waits for approval.' : 'None yet.'}
            rowProps={() => ({ 'data-testid': 'approvals-table-row' })}
            phoneDetails={4}
            data-testid="approvals-table"
          />
        )}
      </Card>
      {acting ? (
        <ActionModal
          opened
          title={acting.decision === 'approve' ? 'Approve this money action' : 'Reject this money action'}
          message={`${commandOf(acting.approval)} (${formatMicros(
            acting.approval.amountMicros,
          )}), asked by ${acting.approval.requestedByEmail ?? 'command line'}.${
            acting.decision === 'approve' ? ' It runs at once.' : ''
          }`}
          confirmLabel={acting.decision === 'approve' ? 'Approve' : 'Reject'}
          fields={accountFields(acting.decision === 'reject' ? 'required' : 'none')}
          danger={acting.decision === 'reject'}
          onSubmit={({ reason }) => decide.mutateAsync({ id: acting.approval.id, decision: acting.decision, reason })}
          onClose={() => setActing(null)}
        />
      ) : null}
    </Stack>
  );
}
