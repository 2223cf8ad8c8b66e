import { Button, CloseButton, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  QUEUE_DEFS,
  type QueueActionDef,
  type QueueDef,
  type QueueName,
  type QueueSort,
} from '@cryptads/contract/admin-queues';
import type { AdminBulkResult } from '@cryptads/contract/endpoints/admin';
import type { QueueRow } from '@cryptads/contract/endpoints/admin-queues';
import { errorReason } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { type Column, DataTable } from '../../../ui/data-table';
import { Notice } from '../../../ui/notice';
import { adminKeys } from '../api/keys';
import {
  QUEUE_PAGE_SIZES,
  type QueueParams,
  queueQueryOf,
  readQueueParams,
  writeQueueParams,
} from '../lib/queue-params';
import { ActionModal, type ActionValues, isPendingApproval } from './action-modal';
import { kindCell } from './queue-cells';
import { type ActionText, QUEUE_SCREENS, type QueueScreen } from './queue-screens';
import { EmptyCard, ErrorNotice, LoadingCard } from './states';

/** A bulk approval's answer for people: how many went through, and why the others did not. */
export function summariseBulk(result: AdminBulkResult): { done: number; failed: { id: number; error: string }[] } {
  const failed = result.results.filter((r) => !r.ok).map((r) => ({ id: r.id, error: r.error ?? 'Failed.' }));
  return { done: result.results.length - failed.length, failed };
}

/** One button of a row: the contract's action with the screen's confirmation and call. */
type QueueAction<T> = QueueActionDef & ActionText<T>;

/** What an action's call takes: the text of its one field (empty where it has none). */
const typedFor = (action: QueueActionDef, values: ActionValues) =>
  action.field?.kind === 'euros'
    ? String(values.euros ?? '')
    : action.field?.kind === 'text'
      ? values.text
      : action.field
        ? values.reason
        : '';

const RIGHT = new Set(['money', 'number', 'percent']);
const cellValue = (v: unknown) => (typeof v === 'number' || typeof v === 'string' ? v : null);

/** The table's columns, from the queue's definition: each kind's cell, the screen's where it draws one. */
function columnsOf<N extends QueueName>(
  def: QueueDef,
  screen: QueueScreen<N>,
  actions: QueueAction<QueueRow<N>>[],
  open: (row: QueueRow<N>, action: QueueAction<QueueRow<N>>) => void,
): Column<QueueRow<N>>[] {
  const cells = screen.cells as Record<string, (row: QueueRow<N>) => React.ReactNode>;
  const title = (def.columns.find((c) => c.primary) ?? def.columns[0])?.key;
  const columns: Column<QueueRow<N>>[] = def.columns.map((c) => ({
    key: c.key,
    header: c.label,
    render: (row) => (c.kind === 'custom' ? cells[c.key]?.(row) : kindCell(c, row as Record<string, unknown>)),
    // The table sorts only a column with a value; the server sorts, so the value is only the field.
    ...(c.sortable
      ? { value: (row: QueueRow<N>) => cellValue((row as Record<string, unknown>)[c.field ?? c.key]) }
      : {}),
    align: RIGHT.has(c.kind) ? 'right' : undefined,
    sortable: c.sortable ?? false,
    role: c.key === title ? 'primary' : c.kind === 'status' || c.kind === 'verified' ? 'status' : 'detail',
  }));
  if (actions.length === 0) return columns;
  return [
    ...columns,
    {
      key: 'actions',
      header: 'Actions',
      role: 'actions',
      render: (row) => (
        <Group gap={6} wrap="nowrap">
          {actions
            .filter((a) => a.visible?.(row) ?? true)
            .map((a) => (
              <Button
                key={a.key}
                size="compact-sm"
                variant={a.danger ? 'default' : 'filled'}
                color={a.danger ? undefined : 'brand'}
                onClick={() => open(row, a)}
                aria-label={`${a.label} #${screen.rowKey(row)}`}
                data-testid={`row-action-${a.key}`}
              >
                {a.label}
              </Button>
            ))}
        </Group>
      ),
    },
  ];
}

/**
 * One review queue, drawn from its definition in the contract: a search box, sortable columns
 * and pages the server computes (q, sort, dir, page, pageSize, kept in the address), row
 * actions behind a confirmation, and bulk approval where the API offers it.
 */
export function QueueView<N extends QueueName>({ name }: { name: N }) {
  const def: QueueDef = QUEUE_DEFS[name];
  const screen = QUEUE_SCREENS[name] as QueueScreen<N>;
  type Row = QueueRow<N>;
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const params = readQueueParams(name, search);
  const [typed, setTyped] = useState(params.q);
  const [debounced] = useDebouncedValue(typed, 350);
  const [open, setOpen] = useState<{ row: Row; action: QueueAction<Row> } | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [bulkConfirm, setBulkConfirm] = useState(false);
  const [bulkFailures, setBulkFailures] = useState<{ id: number; error: string }[]>([]);
  const [done, setDone] = useState<string | null>(null);

  const tabs = def.tabs;
  const defaultTab = tabs?.options[0]?.value;
  const rawTab = tabs ? search.get(tabs.param) : null;
  const tab = tabs ? (tabs.options.some((o) => o.value === rawTab) ? (rawTab as string) : defaultTab) : undefined;

  /** The address of `next` (and of the tab, kept unless it is the default). */
  const update = (next: QueueParams<N>, nextTab = tab) => {
    const written = writeQueueParams(name, next);
    if (tabs && nextTab && nextTab !== defaultTab) written.set(tabs.param, nextTab);
    setSearch(written, { replace: true });
  };

  // The search runs as the operator types (a pause of 350 ms), from the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the typed search only.
  useEffect(() => {
    if (debounced.trim() !== params.q.trim()) update({ ...params, q: debounced, page: 1 });
  }, [debounced]);

  const list = useQuery({
    queryKey: adminKeys.queue(name, params, tab ?? null),
    queryFn: ({ signal }) => screen.fetch(queueQueryOf(params), signal, tab),
    placeholderData: keepPreviousData,
  });

  const bulk = useMutation({
    mutationFn: (ids: number[]) => {
      if (!screen.bulk) throw new Error('No bulk action');
      return screen.bulk.run(ids);
    },
    onSuccess: async (result) => {
      const summary = summariseBulk(result);
      setBulkFailures(summary.failed);
      setSelected([]);
      setBulkConfirm(false);
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      setDone(`${summary.done} approved${summary.failed.length ? `, ${summary.failed.length} not approved` : ''}.`);
    },
  });

  const actions: QueueAction<Row>[] = def.actions.map((a) => ({
    ...a,
    ...(screen.actions as Record<string, ActionText<Row>>)[a.key],
  })) as QueueAction<Row>[];
  const columns = columnsOf(def, screen, actions, (row, action) => setOpen({ row, action }));
  const rows = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const bulkLabel = def.bulk?.label;

  const toolbar =
    tabs || bulkLabel || screen.toolbar ? (
      <Group gap="sm">
        {tabs ? (
          <SegmentedControl
            aria-label={tabs.label}
            data={[...tabs.options]}
            value={tab}
            onChange={(value) => {
              setSelected([]);
              update({ ...params, page: 1 }, value);
            }}
            data-testid="queue-tabs"
          />
        ) : null}
        {screen.toolbar?.()}
        {bulkLabel ? (
          <Button
            disabled={selected.length === 0}
            onClick={() => setBulkConfirm(true)}
            data-testid="queue-bulk-approve"
          >
            {bulkLabel} ({selected.length})
          </Button>
        ) : null}
      </Group>
    ) : null;

  return (
    <Stack gap="md">
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
      ) : rows.length === 0 && !params.q && params.page === 1 && !tabs ? (
        <EmptyCard title={def.emptyText} testId="queue-empty">
          New items appear here as customers submit them.
        </EmptyCard>
      ) : (
        <DataTable<Row>
          label={def.label}
          columns={columns}
          rows={rows}
          rowKey={screen.rowKey}
          emptyText={
            rows.length === 0 && !params.q && params.page === 1 ? (
              def.emptyText
            ) : (
              <span data-testid="queue-no-match">Nothing matches this search.</span>
            )
          }
          server={{
            total,
            page: params.page,
            pageSize: params.pageSize,
            pageSizes: QUEUE_PAGE_SIZES,
            onPageChange: (page, pageSize) => update({ ...params, page, pageSize }),
            sort: { key: params.sort, direction: params.dir },
            onSortChange: (next) => update({ ...params, sort: next.key as QueueSort<N>, dir: next.direction, page: 1 }),
            search: typed,
            onSearchChange: setTyped,
          }}
          searchBox={{
            label: `Search ${def.label.toLowerCase()}`,
            description: def.searchHint,
            maxLength: 100,
            testId: 'queue-search',
          }}
          toolbar={toolbar}
          selection={
            screen.bulk
              ? { selected, onChange: setSelected, rowLabel: (row) => `Select #${screen.bulk?.idOf(row)}` }
              : undefined
          }
          rowProps={(row) => ({ 'data-testid': 'queue-row', 'data-row': screen.rowKey(row) })}
          countLabel={(n) => (
            <span data-testid="queue-total">
              {formatNumber(n)} {n === 1 ? 'item' : 'items'}
            </span>
          )}
          data-testid={`queue-table-${name}`}
        />
      )}
      {open ? (
        <ActionModal
          title={open.action.title(open.row)}
          message={(values) => open.action.message(open.row, typedFor(open.action, values))}
          confirmLabel={open.action.label}
          fields={open.action.field ? [open.action.field] : []}
          danger={open.action.danger}
          onSubmit={async (values) => {
            const result = await open.action.run(open.row, typedFor(open.action, values));
            await queryClient.invalidateQueries({ queryKey: adminKeys.all });
            if (!isPendingApproval(result)) {
              setBulkFailures([]);
              setDone(('output' in result && result.output) || `${open.action.label}: done.`);
            }
            return result;
          }}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {bulkLabel ? (
        <ConfirmModal
          opened={bulkConfirm}
          title={`${bulkLabel}?`}
          message={
            bulk.isError
              ? errorReason(bulk.error)
              : `${selected.length} ${selected.length === 1 ? 'item is' : 'items are'} approved, each with its own audit entry.`
          }
          confirmLabel={bulkLabel}
          loading={bulk.isPending}
          onConfirm={() => bulk.mutate(selected.map(Number))}
          onClose={() => {
            setBulkConfirm(false);
            bulk.reset();
          }}
        />
      ) : null}
    </Stack>
  );
}
