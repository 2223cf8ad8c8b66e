import { Anchor, Badge, Card, Group, Select, Stack, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ACCOUNT_TYPE_LABELS, type AccountType } from '@cryptads/contract/account-types';
import { paths } from '@cryptads/contract/paths';
import { formatDate, formatMicros } from '../../../lib/format';
import { type AdminAccountListItem, useAdminAccounts } from '../api/accounts';
import { type Column, DataTable } from '../../../ui/data-table';
import { PageHeader } from '../components/page-header';
import { compact, useListParams } from '../components/search-params';
import { ErrorNotice, LoadingCard } from '../components/states';

const TYPE_OPTIONS = [
  { value: '', label: 'All types' },
  ...([1, 2, 3] as const).map((t) => ({ value: String(t), label: ACCOUNT_TYPE_LABELS[t] })),
];

const columns: Column<AdminAccountListItem>[] = [
  { key: 'id', header: 'ID', render: (a) => a.id, align: 'right' },
  {
    key: 'email',
    header: 'Account',
    role: 'primary',
    render: (a) => (
      <Stack gap={0}>
        <Anchor component={Link} to={paths.admin.account(a.id)} fw={600} data-testid="account-link">
          {a.email}
        </Anchor>
        {a.name ? <span>{a.name}</span> : null}
      </Stack>
    ),
  },
  { key: 'type', header: 'Type', render: (a) => ACCOUNT_TYPE_LABELS[a.type as AccountType] ?? a.type },
  {
    key: 'state',
    header: 'State',
    role: 'status',
    render: (a) =>
      a.disabled ? (
        <Badge color="red" variant="dot">
          Disabled
        </Badge>
      ) : (
        <Badge color="teal" variant="dot">
          Active
        </Badge>
      ),
  },
  // `operator list` on screen: the Operator filter, with whether two-factor is on yet.
  { key: 'twoFactor', header: 'Two-factor', render: (a) => (a.twoFactor ? 'On' : 'Off') },
  { key: 'balance', header: 'Balance', render: (a) => formatMicros(a.balanceMicros), align: 'right' },
  { key: 'created', header: 'Created', render: (a) => formatDate(a.created) },
];

/** /admin/accounts/: find an account by email, name or id, then open it. */
export function AccountsPage() {
  const list = useListParams(['q', 'type'] as const);
  const [search, setSearch] = useState(list.values.q);
  useEffect(() => setSearch(list.values.q), [list.values.q]);
  const accounts = useAdminAccounts(
    compact({ q: list.values.q, type: list.values.type, page: list.page, pageSize: list.pageSize }),
  );

  return (
    <Stack gap="lg">
      <PageHeader title="Accounts">Search by email, name or account number.</PageHeader>
      <Card withBorder radius="lg" padding="lg">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            list.set({ q: search.trim() });
          }}
        >
          <Group gap="sm" align="flex-end" mb="md">
            <TextInput
              label="Search"
              placeholder="Email, name or id"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              onBlur={() => list.set({ q: search.trim() })}
              w={{ base: '100%', xs: 280 }}
              data-testid="accounts-search"
            />
            <Select
              label="Type"
              data={TYPE_OPTIONS}
              value={list.values.type}
              onChange={(v) => list.set({ type: v ?? '' })}
              allowDeselect={false}
              w={{ base: '100%', xs: 180 }}
              data-testid="accounts-type"
            />
          </Group>
        </form>
        {accounts.isPending ? (
          <LoadingCard label="Loading accounts" />
        ) : accounts.isError ? (
          <ErrorNotice
            title="We could not load the accounts"
            error={accounts.error}
            onRetry={() => void accounts.refetch()}
            retrying={accounts.isFetching}
          />
        ) : (
          <DataTable
            label="Accounts"
            columns={columns}
            rows={accounts.data.items}
            rowKey={(a) => a.id}
            server={list.server(accounts.data.total)}
            emptyText="No account matches."
            rowProps={() => ({ 'data-testid': 'accounts-table-row' })}
            phoneDetails={4}
            data-testid="accounts-table"
          />
        )}
      </Card>
    </Stack>
  );
}
