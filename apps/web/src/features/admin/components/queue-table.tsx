import {
  Button,
  Card,
  Checkbox,
  CloseButton,
  Group,
  Pagination,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { QueueName } from '@cryptads/contract/admin-messages';
import type { AdminBulkResult } from '@cryptads/contract/endpoints/admin';
import { errorReason } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { pageCount } from '../../../lib/table';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { Notice } from '../../../ui/notice';
import { adminKeys } from '../api/keys';
import {
  QUEUE_PAGE_SIZES,
  type QueueParams,
  queueQueryOf,
  readQueueParams,
  toggleSort,
  writeQueueParams,
} from '../lib/queue-params';
import { ActionModal, type QueueAction } from './action-modal';
import { EmptyCard, ErrorNotice, LoadingCard } from './states';

export type QueueColumn<T> = {
  key: string;
  header: string;
  /** The API's sort column this header sorts by; not sortable when omitted. */
  sort?: string;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
};

export type QueueQuery = ReturnType<typeof queueQueryOf>;

export type QueueConfig<T> = {
  name: QueueName;
  /** The table's accessible name. */
  label: string;
  searchHint: string;
  emptyText: string;
  /** `tab`: the chosen tab's value where the queue has tabs (the first one by default). */
  fetch: (query: QueueQuery, signal: AbortSignal, tab?: string) => Promise<{ items: T[]; total: number }>;
  /** A filter kept in the address as `param` (e.g. the payouts' `state`); the first option is the default. */
  tabs?: { param: string; label: string; options: { value: string; label: string }[] };
  /** Buttons above the table for the queue's commands that are not about one row. */
  toolbar?: () => ReactNode;
  rowKey: (row: T) => string | number;
  columns: QueueColumn<T>[];
  actions: QueueAction<T>[];
  /** Bulk approval where the API offers it: row checkboxes and an 'Approve selected' button. */
  bulk?: { label: string; idOf: (row: T) => number; run: (ids: number[]) => Promise<AdminBulkResult> };
};

function SortHeader({
  label,
  active,
  dir,
  onClick,
}: {
  label: string;
  active: boolean;
  dir: string;
  onClick: () => void;
}) {
  const Icon = !active ? IconArrowsSort : dir === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <UnstyledButton onClick={onClick} fw={600} fz="sm">
      <Group gap={4} wrap="nowrap">
        {label}
        <Icon size={14} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}

/** A bulk approval's answer for people: how many went through, and why the others did not. */
export function summariseBulk(result: AdminBulkResult): { done: number; failed: { id: number; error: string }[] } {
  const failed = result.results.filter((r) => !r.ok).map((r) => ({ id: r.id, error: r.error ?? 'Failed.' }));
  return { done: result.results.length - failed.length, failed };
}

/**
 * One review queue: a search box, sortable columns and pages the server computes (q, sort,
 * dir, page, pageSize, kept in the address), row actions behind a confirmation, and bulk
 * approval where the API offers it.
 */
export function QueueTable<T>({ config }: { config: QueueConfig<T> }) {
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const params = readQueueParams(config.name, search);
  const [typed, setTyped] = useState(params.q);
  const [debounced] = useDebouncedValue(typed, 350);
  const [open, setOpen] = useState<{ row: T; action: QueueAction<T> } | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [bulkConfirm, setBulkConfirm] = useState(false);
  const [bulkFailures, setBulkFailures] = useState<{ id: number; error: string }[]>([]);
  const [done, setDone] = useState<string | null>(null);

  const tabs = config.tabs;
  const defaultTab = tabs?.options[0]?.value;
  const rawTab = tabs ? search.get(tabs.param) : null;
  const tab = tabs ? (tabs.options.some((o) => o.value === rawTab) ? (rawTab as string) : defaultTab) : undefined;

  /** The address of `next` (and of the tab, kept unless it is the default). */
  const update = (next: QueueParams, nextTab = tab) => {
    const written = writeQueueParams(config.name, next);
    if (tabs && nextTab && nextTab !== defaultTab) written.set(tabs.param, nextTab);
    setSearch(written, { replace: true });
  };

  // The search runs as the operator types (a pause of 350 ms), from the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the typed search only.
  useEffect(() => {
    if (debounced.trim() !== params.q.trim()) update({ ...params, q: debounced, page: 1 });
  }, [debounced]);

  const list = useQuery({
    queryKey: adminKeys.queue(config.name, params, tab ?? null),
    queryFn: ({ signal }) => config.fetch(queueQueryOf(params), signal, tab),
    placeholderData: keepPreviousData,
  });

  const bulk = useMutation({
    mutationFn: (ids: number[]) => {
      if (!config.bulk) throw new Error('No bulk action');
      return config.bulk.run(ids);
    },
    onSuccess: async (result) => {
      const summary = summariseBulk(result);
      const failed = summary.failed;
      setBulkFailures(failed);
      setSelected(new Set());
      setBulkConfirm(false);
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      setDone(`${summary.done} approved${failed.length ? `, ${failed.length} not approved` : ''}.`);
    },
  });

  const rows = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const pages = pageCount(total, params.pageSize);
  const bulkIds = config.bulk ? rows.map(config.bulk.idOf) : [];
  const allSelected = bulkIds.length > 0 && bulkIds.every((id) => selected.has(id));
  const someSelected = bulkIds.some((id) => selected.has(id));
  const hasActions = config.actions.length > 0;
  const columnCount = config.columns.length + (config.bulk ? 1 : 0) + (hasActions ? 1 : 0);

  const toggleRow = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" align="flex-end">
        <TextInput
          label={`Search ${config.label.toLowerCase()}`}
          description={config.searchHint}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          maxLength={100}
          w={{ base: '100%', xs: 320 }}
          data-testid="queue-search"
        />
        {tabs ? (
          <SegmentedControl
            aria-label={tabs.label}
            data={tabs.options}
            value={tab}
            onChange={(value) => {
              setSelected(new Set());
              update({ ...params, page: 1 }, value);
            }}
            data-testid="queue-tabs"
          />
        ) : null}
        {config.bulk || config.toolbar ? (
          <Group gap="sm">
            {config.toolbar?.()}
            {config.bulk ? (
              <Button
                disabled={selected.size === 0}
                onClick={() => setBulkConfirm(true)}
                data-testid="queue-bulk-approve"
              >
                {config.bulk.label} ({selected.size})
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Group>
      {done ? (
        <Notice color="green" role="status" data-testid="queue-done">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm">{done}</Text>
            <CloseButton aria-label="Dismiss" size="sm" onClick={() => setDone(null)} />
          </Group>
        </Notice>
      ) : null}
      {bulkFailures.length > 0 ? (
        <Notice color="orange" role="alert" title="Some items were not approved" data-testid="queue-bulk-failures">
          <Stack gap={2}>
            {bulkFailures.map((f) => (
              <Text size="sm" key={f.id}>
                #{f.id}: {f.error}
              </Text>
            ))}
          </Stack>
        </Notice>
      ) : null}
      {list.isPending ? (
        <LoadingCard testId="queue-loading" />
      ) : list.isError ? (
        <ErrorNotice
          title="We could not load this queue"
          error={list.error}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
          testId="queue-error"
        />
      ) : rows.length === 0 && !params.q && params.page === 1 ? (
        <EmptyCard title={config.emptyText} testId="queue-empty">
          New items appear here as customers submit them.
        </EmptyCard>
      ) : (
        <Card withBorder radius="lg" padding="md">
          <Table.ScrollContainer minWidth={720}>
            <Table
              striped
              highlightOnHover
              verticalSpacing="sm"
              aria-label={config.label}
              aria-busy={list.isFetching}
              data-testid={`queue-table-${config.name}`}
            >
              <Table.Thead>
                <Table.Tr>
                  {config.bulk ? (
                    <Table.Th w={40}>
                      <Checkbox
                        aria-label="Select every row of this page"
                        checked={allSelected}
                        indeterminate={someSelected && !allSelected}
                        onChange={() => setSelected(allSelected ? new Set() : new Set([...selected, ...bulkIds]))}
                      />
                    </Table.Th>
                  ) : null}
                  {config.columns.map((c) => {
                    const active = c.sort !== undefined && params.sort === c.sort;
                    return (
                      <Table.Th
                        key={c.key}
                        ta={c.align}
                        aria-sort={active ? (params.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                      >
                        {c.sort ? (
                          <SortHeader
                            label={c.header}
                            active={active}
                            dir={params.dir}
                            onClick={() => update(toggleSort(params, c.sort ?? ''))}
                          />
                        ) : (
                          c.header
                        )}
                      </Table.Th>
                    );
                  })}
                  {hasActions ? <Table.Th>Actions</Table.Th> : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={columnCount}>
                      <Text ta="center" c="dimmed" py="md" data-testid="queue-no-match">
                        Nothing matches this search.
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  rows.map((row) => {
                    const key = config.rowKey(row);
                    return (
                      <Table.Tr key={key} data-testid="queue-row" data-row={key}>
                        {config.bulk ? (
                          <Table.Td>
                            <Checkbox
                              aria-label={`Select #${config.bulk.idOf(row)}`}
                              checked={selected.has(config.bulk.idOf(row))}
                              onChange={() => config.bulk && toggleRow(config.bulk.idOf(row))}
                            />
                          </Table.Td>
                        ) : null}
                        {config.columns.map((c) => (
                          <Table.Td key={c.key} ta={c.align} className={c.align === 'right' ? 'tabular' : undefined}>
                            {c.render(row)}
                          </Table.Td>
                        ))}
                        {hasActions ? (
                          <Table.Td>
                            <Group gap={6} wrap="nowrap">
                              {config.actions
                                .filter((a) => a.visible?.(row) ?? true)
                                .map((a) => (
                                  <Button
                                    key={a.key}
                                    size="compact-sm"
                                    variant={a.danger ? 'default' : 'filled'}
                                    color={a.danger ? undefined : 'brand'}
                                    onClick={() => setOpen({ row, action: a })}
                                    aria-label={`${a.label} #${key}`}
                                    data-testid={`row-action-${a.key}`}
                                  >
                                    {a.label}
                                  </Button>
                                ))}
                            </Group>
                          </Table.Td>
                        ) : null}
                      </Table.Tr>
                    );
                  })
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between" mt="sm" gap="sm">
            <Group gap="xs">
              <Text size="sm" c="dimmed" data-testid="queue-total">
                {formatNumber(total)} {total === 1 ? 'item' : 'items'}
              </Text>
              <Select
                aria-label="Rows per page"
                data={QUEUE_PAGE_SIZES.map(String)}
                value={String(params.pageSize)}
                onChange={(v) => update({ ...params, pageSize: Number(v), page: 1 })}
                allowDeselect={false}
                w={80}
                size="xs"
              />
            </Group>
            {pages > 1 ? (
              <Pagination
                total={pages}
                value={Math.min(params.page, pages)}
                onChange={(page) => update({ ...params, page })}
                siblings={1}
                boundaries={1}
                size="sm"
                getControlProps={(control) => ({
                  'aria-label':
                    control === 'previous'
                      ? 'Previous page'
                      : control === 'next'
                        ? 'Next page'
                        : control === 'first'
                          ? 'First page'
                          : 'Last page',
                })}
                getItemProps={(page) => ({
                  'aria-label': `Page ${page}`,
                  'aria-current': page === params.page ? 'page' : undefined,
                })}
              />
            ) : null}
          </Group>
        </Card>
      )}
      {open ? (
        <ActionModal
          row={open.row}
          action={open.action}
          onClose={() => setOpen(null)}
          onDone={(message) => {
            setBulkFailures([]);
            setDone(message);
          }}
        />
      ) : null}
      {config.bulk ? (
        <ConfirmModal
          opened={bulkConfirm}
          title={`${config.bulk.label}?`}
          message={
            bulk.isError
              ? errorReason(bulk.error)
              : `${selected.size} ${selected.size === 1 ? 'item is' : 'items are'} approved, each with its own audit entry.`
          }
          confirmLabel={config.bulk.label}
          loading={bulk.isPending}
          onConfirm={() => bulk.mutate([...selected])}
          onClose={() => {
            setBulkConfirm(false);
            bulk.reset();
          }}
        />
      ) : null}
    </Stack>
  );
}
