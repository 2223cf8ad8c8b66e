import {
  Box,
  Button,
  Card,
  Checkbox,
  Collapse,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconArrowDown,
  IconArrowUp,
  IconArrowsSort,
  IconChevronDown,
  IconDownload,
  IconSearch,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { errorReason } from '../lib/api-client';
import { type Cell, CSV_NOTE, type SortDirection, toCsv } from '../lib/table';
import { Notice } from './notice';

/** Where a column goes on a phone, where each row is a card (see DataTable). */
export type ColumnRole = 'primary' | 'status' | 'actions' | 'detail';

export type Column<T> = {
  key: string;
  header: string;
  /** The value used to sort, search and export; a column without one is only shown. */
  value?: (row: T) => Cell;
  /** What the cell shows; the value when omitted. */
  render?: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /**
   * Sortable by default when the column has a value (on the server: say `true`). A sortable column
   * without a value sorts, searches and exports the row's field named by its key.
   */
  sortable?: boolean;
  /** Its place on a phone card; `detail` by default, the first column is `primary` when none is. */
  role?: ColumnRole;
};

export type TableSort = { key: string; direction: SortDirection };

export type { SortDirection };

export type TableState = {
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  retrying?: boolean;
  /** The failed load's title ('We could not load …'). */
  errorTitle?: string;
};

/** The table's loading and error states from a TanStack Query result. */
export function queryState(
  query: { isPending: boolean; isError: boolean; error: unknown; isFetching: boolean; refetch: () => unknown },
  errorTitle: string,
): TableState {
  return {
    loading: query.isPending,
    error: query.isError ? query.error : undefined,
    onRetry: () => void query.refetch(),
    retrying: query.isFetching,
    errorTitle,
  };
}

export type ServerSide = {
  /** Rows of every page together. */
  total: number;
  /** 1-based. */
  page: number;
  pageSize: number;
  pageSizes?: readonly number[];
  /** A new page size comes with page 1. */
  onPageChange: (page: number, pageSize: number) => void;
  sort?: TableSort | null;
  onSortChange?: (sort: TableSort) => void;
  /** The typed search, shown in the box; the caller debounces its request. */
  search?: string;
  onSearchChange?: (search: string) => void;
};

/** A row's field by name, when it is a value a cell can hold (text or a number). */
function fieldOf(row: unknown, key: string): Cell {
  if (row === null || typeof row !== 'object') return undefined;
  const field = (row as Record<string, unknown>)[key];
  return typeof field === 'string' || typeof field === 'number' ? field : undefined;
}

/**
 * The column's value: its own, or, for a column that only says `sortable`, the row's field named
 * by its key, so that a sortable column needs no accessor written twice.
 */
export const columnValue = <T,>(column: Column<T>): ((row: T) => Cell) | undefined =>
  column.value ?? (column.sortable ? (row: T) => fieldOf(row, column.key) : undefined);

export const cellOf = <T,>(column: Column<T>, row: T): ReactNode =>
  column.render ? column.render(row) : (columnValue(column)?.(row) ?? null);

/** Hands the browser a CSV file of these rows (the contract's writer: stripping, formula-safe). */
export function downloadCsv<T>(fileName: string, columns: Column<T>[], rows: T[]) {
  const exported = columns.filter((c) => columnValue(c));
  const csv = toCsv(
    exported.map((c) => c.header),
    rows.map((row) => exported.map((c) => columnValue(c)?.(row))),
  );
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  URL.revokeObjectURL(url);
}

export function SearchBox({
  value,
  onChange,
  label,
  description,
  maxLength,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  description?: ReactNode;
  maxLength?: number;
  testId?: string;
}) {
  const visibleLabel = description !== undefined;
  return (
    <TextInput
      label={visibleLabel ? label : undefined}
      aria-label={visibleLabel ? undefined : label}
      description={description}
      placeholder="Search"
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      maxLength={maxLength}
      w={{ base: '100%', xs: 280 }}
      data-testid={testId}
    />
  );
}

export function CsvButton({ note, onExport }: { note?: ReactNode; onExport: () => void }) {
  return (
    <Group gap="xs">
      <Text size="xs" c="dimmed">
        {note ?? CSV_NOTE}
      </Text>
      <Button variant="default" size="xs" leftSection={<IconDownload size={14} />} onClick={onExport}>
        Export CSV
      </Button>
    </Group>
  );
}

export function SortHeader({
  label,
  sorted,
  align,
  onClick,
}: {
  label: string;
  sorted: false | SortDirection;
  align?: 'left' | 'right' | 'center';
  onClick: () => void;
}) {
  const Icon = !sorted ? IconArrowsSort : sorted === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <UnstyledButton onClick={onClick} fw={600} fz="sm">
      <Group gap={4} wrap="nowrap" justify={align === 'right' ? 'flex-end' : 'flex-start'}>
        {label}
        <Icon size={14} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}

/** On phones the headers are gone: one menu picks the column and the direction. */
export function PhoneSort<T>({
  columns,
  sort,
  onChange,
}: {
  columns: Column<T>[];
  sort: TableSort | null;
  onChange: (sort: TableSort) => void;
}) {
  if (columns.length === 0) return null;
  const data = columns.flatMap((c) => [
    { value: `${c.key}:asc`, label: `${c.header} ↑` },
    { value: `${c.key}:desc`, label: `${c.header} ↓` },
  ]);
  return (
    <Select
      aria-label="Sort by"
      placeholder="Sort by"
      data={data}
      value={sort ? `${sort.key}:${sort.direction}` : null}
      onChange={(v) => {
        if (!v) return;
        const at = v.lastIndexOf(':');
        onChange({ key: v.slice(0, at), direction: v.slice(at + 1) as SortDirection });
      }}
      allowDeselect={false}
      size="xs"
      w={{ base: '100%', xs: 220 }}
    />
  );
}

export function Pager({
  count,
  pageSize,
  pageSizes,
  onPageSize,
  pages,
  page,
  onPage,
}: {
  count: ReactNode;
  pageSize: number;
  pageSizes: readonly number[];
  onPageSize: (size: number) => void;
  pages: number;
  page: number;
  onPage: (page: number) => void;
}) {
  return (
    <Group justify="space-between" mt="sm" gap="sm">
      <Group gap="xs">
        <Text size="sm" c="dimmed" data-testid="table-count">
          {count}
        </Text>
        <Select
          aria-label="Rows per page"
          data={pageSizes.map(String)}
          value={String(pageSize)}
          onChange={(v) => onPageSize(Number(v ?? pageSizes[0]))}
          allowDeselect={false}
          w={80}
          size="xs"
        />
      </Group>
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={page}
          onChange={onPage}
          siblings={1}
          boundaries={1}
          size="sm"
          // The arrows are icons: give them and the page buttons names (axe button-name).
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
          getItemProps={(item) => ({
            'aria-label': `Page ${item}`,
            'aria-current': item === page ? 'page' : undefined,
          })}
        />
      ) : null}
    </Group>
  );
}

/** Rows of placeholders while the rows load. */
export function TableLoading({ rows = 3 }: { rows?: number }) {
  return (
    <Stack gap="sm" aria-busy="true" data-testid="table-loading">
      {Array.from({ length: rows }, (_, n) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity.
        <Skeleton key={n} h={28} />
      ))}
    </Stack>
  );
}

/** A failed load with the server's reason and a retry. */
export function TableError({
  title,
  error,
  onRetry,
  retrying,
}: {
  title: string;
  error: unknown;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  return (
    <Notice color="red" icon={<IconAlertCircle size={18} />} role="alert" title={title} data-testid="table-error">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorReason(error)}</Text>
        {onRetry ? (
          <Button size="xs" variant="default" onClick={onRetry} loading={retrying}>
            Try again
          </Button>
        ) : null}
      </Stack>
    </Notice>
  );
}

export type PhoneCardProps = {
  primary: ReactNode;
  status: ReactNode[];
  details: { key: string; header: string; cell: ReactNode }[];
  actions: ReactNode[];
  /** Details past this many fold into 'More details'. */
  shownDetails: number;
  expanded: boolean;
  onToggle: () => void;
  select?: { label: string; checked: boolean; disabled: boolean; onChange: (event: unknown) => void };
  rowAttributes?: Record<string, string | number | undefined>;
};

/**
 * One row on a phone: its key value and status badge on top (the badge keeps its width),
 * a few details, more of them on demand, and its actions at the foot, all within the width.
 */
export function PhoneCard({
  primary,
  status,
  details,
  actions,
  shownDetails,
  expanded,
  onToggle,
  select,
  rowAttributes,
}: PhoneCardProps) {
  const shown = details.slice(0, shownDetails);
  const folded = details.slice(shownDetails);
  const detailGrid = (items: typeof details) => (
    <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
      {items.map((d) => (
        <Box key={d.key} miw={0}>
          <Text size="xs" c="dimmed" fw={600}>
            {d.header}
          </Text>
          <Box fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {d.cell}
          </Box>
        </Box>
      ))}
    </SimpleGrid>
  );
  return (
    <Card withBorder radius="md" padding="sm" component="li" data-phone-row {...rowAttributes}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Group gap="xs" wrap="nowrap" align="flex-start" miw={0}>
            {select ? (
              <Checkbox
                aria-label={select.label}
                checked={select.checked}
                disabled={select.disabled}
                onChange={select.onChange}
                mt={2}
              />
            ) : null}
            <Box fw={600} miw={0} style={{ overflowWrap: 'anywhere' }}>
              {primary}
            </Box>
          </Group>
          {status.length > 0 ? (
            <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
              {status}
            </Group>
          ) : null}
        </Group>
        {shown.length > 0 ? detailGrid(shown) : null}
        {folded.length > 0 ? (
          <>
            <Collapse expanded={expanded}>{detailGrid(folded)}</Collapse>
            <UnstyledButton onClick={onToggle} aria-expanded={expanded} fz="xs" c="dimmed" fw={600}>
              <Group gap={4} wrap="nowrap">
                {expanded ? 'Fewer details' : 'More details'}
                <IconChevronDown
                  size={14}
                  aria-hidden
                  style={{ transform: expanded ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
                />
              </Group>
            </UnstyledButton>
          </>
        ) : null}
        {actions.length > 0 ? (
          <Group gap="xs" wrap="wrap" data-row-actions>
            {actions}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
