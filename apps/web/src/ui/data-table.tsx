import { Box, Button, Group, Pagination, Select, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconDownload, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import {
  type Cell,
  CSV_NOTE,
  DEFAULT_PAGE_SIZE,
  EMPTY_TABLE_TEXT,
  PAGE_SIZES,
  pageCount,
  pageOf,
  SEARCH_BOX_FROM,
  type SortDirection,
  searchRows,
  sortRows,
  toCsv,
} from '../lib/table';

export type Column<T> = {
  key: string;
  header: string;
  /** The value used to sort, search and export. */
  value: (row: T) => Cell;
  /** What the cell shows; the value when omitted. */
  render?: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  sortable?: boolean;
};

export type DataTableProps<T> = {
  /** The table's accessible name. */
  label: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  /** File name of the CSV export; no export button when omitted. */
  csvFileName?: string;
  /** The note beside the export button; the shared 1-year note when omitted. */
  csvNote?: ReactNode;
  emptyText?: ReactNode;
  initialSort?: { key: string; direction: SortDirection };
  'data-testid'?: string;
};

/**
 * The shared table of spec 002 §2: page sizes 10/25/50/100 (10 by default; changing it goes
 * back to page 1), search from 10 items (back to page 1, total recounted), sorting that
 * toggles per column (numeric when all values are), a pager with ellipses past 5 pages,
 * 'No data available.' when empty, and a CSV export that strips commas, % and €.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  csvFileName,
  csvNote,
  emptyText,
  initialSort,
  ...rest
}: DataTableProps<T>) {
  const [query, setQuery] = useState('');
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState(initialSort ?? null);

  const visible = useMemo(() => {
    const found = searchRows(rows, query, (row) => columns.map((c) => c.value(row)));
    const column = sort ? columns.find((c) => c.key === sort.key) : undefined;
    return column && sort ? sortRows(found, column.value, sort.direction) : found;
  }, [rows, query, sort, columns]);

  const pages = pageCount(visible.length, pageSize);
  const current = Math.min(page, pages);
  const shown = pageOf(visible, current, pageSize);

  const toggleSort = (key: string) => {
    setSort((s) =>
      s?.key === key ? { key, direction: s.direction === 'asc' ? 'desc' : 'asc' } : { key, direction: 'asc' },
    );
    setPage(1);
  };

  const exportCsv = () => {
    const csv = toCsv(
      columns.map((c) => c.header),
      visible.map((row) => columns.map((c) => c.value(row))),
    );
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = csvFileName ?? 'export.csv';
    a.click();
    URL.revokeObjectURL(url);
  };

  return (
    <Box data-testid={rest['data-testid']}>
      <Group justify="space-between" mb="sm" gap="sm">
        {rows.length >= SEARCH_BOX_FROM ? (
          <TextInput
            aria-label={`Search ${label}`}
            placeholder="Search"
            leftSection={<IconSearch size={16} />}
            value={query}
            onChange={(e) => {
              setQuery(e.currentTarget.value);
              setPage(1);
            }}
            w={{ base: '100%', xs: 260 }}
          />
        ) : (
          <span />
        )}
        {csvFileName ? (
          <Group gap="xs">
            <Text size="xs" c="dimmed">
              {csvNote ?? CSV_NOTE}
            </Text>
            <Button variant="default" size="xs" leftSection={<IconDownload size={14} />} onClick={exportCsv}>
              Export CSV
            </Button>
          </Group>
        ) : null}
      </Group>
      <Table.ScrollContainer minWidth={520}>
        <Table striped highlightOnHover verticalSpacing="xs" aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => {
                const active = sort?.key === c.key;
                const Icon = !active ? IconArrowsSort : sort.direction === 'asc' ? IconArrowUp : IconArrowDown;
                return (
                  <Table.Th
                    key={c.key}
                    ta={c.align}
                    aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {c.sortable === false ? (
                      c.header
                    ) : (
                      <UnstyledButton onClick={() => toggleSort(c.key)} fw={600} fz="sm">
                        <Group gap={4} wrap="nowrap" justify={c.align === 'right' ? 'flex-end' : 'flex-start'}>
                          {c.header}
                          <Icon size={14} aria-hidden />
                        </Group>
                      </UnstyledButton>
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text ta="center" c="dimmed" py="md">
                    {emptyText ?? EMPTY_TABLE_TEXT}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              shown.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {columns.map((c) => (
                    <Table.Td key={c.key} ta={c.align} className={c.align === 'right' ? 'tabular' : undefined}>
                      {c.render ? c.render(row) : c.value(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" mt="sm" gap="sm">
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {visible.length} {visible.length === 1 ? 'entry' : 'entries'}
          </Text>
          <Select
            aria-label="Rows per page"
            data={PAGE_SIZES.map(String)}
            value={String(pageSize)}
            onChange={(v) => {
              setPageSize(Number(v ?? DEFAULT_PAGE_SIZE));
              setPage(1);
            }}
            allowDeselect={false}
            w={80}
            size="xs"
          />
        </Group>
        {pages > 1 ? (
          <Pagination
            total={pages}
            value={current}
            onChange={setPage}
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
            getItemProps={(page) => ({
              'aria-label': `Page ${page}`,
              'aria-current': page === current ? 'page' : undefined,
            })}
          />
        ) : null}
      </Group>
    </Box>
  );
}
