/**
 * DataTable: the one table of the product (docs/architecture.md, web UI). TanStack Table owns the
 * state and the row models (search, sort, pages, selection, expanded cards); Mantine's Table draws
 * it, and below 48em (phones) each row is a card instead.
 *
 *   <DataTable
 *     label="Billing history"                 // accessible name, and the search box's
 *     columns={[{ key, header, value?, render?, align?, sortable?, role? }]}
 *     rows={rows} rowKey={(r) => r.id}        // keep `rows` stable (query data or a memo)
 *     csvFileName="history.csv" csvNote={…}   // 'Export CSV' of the searched, sorted rows
 *     emptyText={…} initialSort={{ key: 'date', direction: 'desc' }}
 *     state={queryState(query, 'We could not load …')} // or { loading, error, onRetry, retrying, errorTitle }
 *     server={{ total, page, pageSize, onPageChange, sort, onSortChange, search, onSearchChange }}
 *     selection={{ selected: ids, onChange: setIds, rowLabel: (r) => `Select #${r.id}` }}
 *     searchBox={{ label, description, maxLength, testId }} toolbar={<Button … />}
 *     rowProps={(r) => ({ 'data-testid': 'row', 'data-row': r.id })} countLabel={(n) => `${n} items`}
 *   />
 *
 * Client side (no `server`): page sizes 10/25/50/100 (10 first; a new size or search goes back to
 * page 1), the search box from 10 rows, a sort per column toggling asc/desc (numeric when every
 * value is), 'No data available.' when empty. With `server`, the rows are the page the server
 * sent: sort, page and search are controlled and reported through the callbacks.
 *
 * Column roles on a phone card: `primary` is the card's title (the first column when no column
 * says), `status` sits beside it and is never cut, `actions` are the card's foot, `detail` (the
 * default) are label/value pairs, those past `phoneDetails` folded under 'More details'.
 */
import { Box, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import {
  type ColumnDef,
  columnFilteringFeature,
  createFilteredRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  type ExpandedState,
  globalFilteringFeature,
  type PaginationState,
  type RowData,
  type RowSelectionState,
  rowExpandingFeature,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import {
  cellMatches,
  compareCells,
  DEFAULT_PAGE_SIZE,
  EMPTY_TABLE_TEXT,
  isNumeric,
  PAGE_SIZES,
  SEARCH_BOX_FROM,
} from '../lib/table';
import {
  type Column,
  CsvButton,
  cellOf,
  downloadCsv,
  Pager,
  PhoneCard,
  PhoneSort,
  SearchBox,
  type ServerSide,
  SortHeader,
  TableError,
  TableLoading,
  type TableSort,
  type TableState,
  columnValue,
} from './data-table-parts';
import { ScrollCue } from './scroll-cue';

export {
  type Column,
  type ColumnRole,
  queryState,
  type ServerSide,
  type TableSort,
  type TableState,
} from './data-table-parts';
import { useWidthQuery } from '../lib/hydration';

/** Wider than this, rows are table rows; narrower (phones), cards. */
export const WIDE_TABLE_QUERY = '(min-width: 48em)';

const features = tableFeatures({
  columnFilteringFeature,
  globalFilteringFeature,
  filteredRowModel: createFilteredRowModel(),
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
  rowSelectionFeature,
  rowExpandingFeature,
});
type Features = typeof features;

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
  initialSort?: TableSort;
  state?: TableState;
  server?: ServerSide;
  selection?: {
    selected: string[];
    onChange: (ids: string[]) => void;
    /** The row checkbox's name; 'Select ' and the row's key value by default. */
    rowLabel?: (row: T) => string;
    canSelect?: (row: T) => boolean;
  };
  /** The search box's visible label and hint (a hidden 'Search …' name by default). */
  searchBox?: { label?: string; description?: ReactNode; maxLength?: number; testId?: string };
  /** Commands above the table, beside the export. */
  toolbar?: ReactNode;
  /** Attributes of each row (test ids, data-*). */
  rowProps?: (row: T) => Record<string, string | number | undefined>;
  countLabel?: (count: number) => ReactNode;
  /** Details shown on a phone card before 'More details' (3 by default). */
  phoneDetails?: number;
  'data-testid'?: string;
};

const resolve = <S,>(updater: Updater<S>, old: S): S =>
  typeof updater === 'function' ? (updater as (old: S) => S)(old) : updater;

const isSortable = <T,>(c: Column<T>) => c.sortable ?? c.value !== undefined;
const entries = (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'}`;

export function DataTable<T extends RowData>({
  label,
  columns,
  rows,
  rowKey,
  csvFileName,
  csvNote,
  emptyText,
  initialSort,
  state,
  server,
  selection,
  searchBox,
  toolbar,
  rowProps,
  countLabel = entries,
  phoneDetails = 3,
  ...rest
}: DataTableProps<T>) {
  const wide = useWidthQuery(WIDE_TABLE_QUERY, true);
  const [query, setQuery] = useState('');
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: DEFAULT_PAGE_SIZE });
  const [clientSort, setClientSort] = useState<TableSort | null>(initialSort ?? null);
  const [expanded, setExpanded] = useState<ExpandedState>({});

  const sort = server ? (server.sort ?? null) : clientSort;
  const sortKey = sort?.key;
  const sortDesc = sort?.direction === 'desc';
  const sorting = useMemo<SortingState>(() => (sortKey ? [{ id: sortKey, desc: sortDesc }] : []), [sortKey, sortDesc]);
  const paging = server ? { pageIndex: server.page - 1, pageSize: server.pageSize } : pagination;
  const selected = selection?.selected;
  const rowSelection = useMemo<RowSelectionState>(
    () => Object.fromEntries((selected ?? []).map((id) => [id, true])),
    [selected],
  );

  // Numeric columns sort by number, the others as text: decided on every row of the column.
  const numeric = useMemo(
    () =>
      new Set(
        columns
          .filter((c) => {
            const value = columnValue(c);
            return value && rows.every((r) => isNumeric(value(r)));
          })
          .map((c) => c.key),
      ),
    [columns, rows],
  );
  const defs = useMemo<ColumnDef<Features, T>[]>(
    () =>
      columns.map((c) => {
        const value = columnValue(c);
        return {
          id: c.key,
          header: c.header,
          ...(value ? { accessorFn: (row: T) => value(row) ?? '' } : {}),
          enableSorting: isSortable(c),
          enableGlobalFilter: value !== undefined,
          sortDescFirst: false,
          sortFn: (a, b, id) => compareCells(a.getValue(id), b.getValue(id), numeric.has(id)),
        };
      }),
    [columns, numeric],
  );

  const byKey = new Map(columns.map((c) => [c.key, c]));
  const setSort = (next: TableSort) => {
    if (server) server.onSortChange?.(next);
    else {
      setClientSort(next);
      setPagination((p) => ({ ...p, pageIndex: 0 }));
    }
  };

  const table = useTable({
    features,
    columns: defs,
    data: rows,
    getRowId: (row) => String(rowKey(row)),
    state: {
      sorting,
      pagination: paging,
      globalFilter: server ? '' : query.trim(),
      rowSelection,
      expanded,
    },
    onSortingChange: (updater) => {
      const first = resolve(updater, sorting)[0];
      if (first) setSort({ key: first.id, direction: first.desc ? 'desc' : 'asc' });
    },
    onPaginationChange: (updater) => {
      const next = resolve(updater, paging);
      if (server) server.onPageChange(next.pageIndex + 1, next.pageSize);
      else setPagination(next);
    },
    onRowSelectionChange: (updater) => {
      const next = resolve(updater, rowSelection);
      selection?.onChange(Object.keys(next).filter((id) => next[id]));
    },
    onExpandedChange: setExpanded,
    manualSorting: !!server,
    manualPagination: !!server,
    manualFiltering: !!server,
    rowCount: server?.total,
    autoResetPageIndex: false,
    enableSortingRemoval: false,
    enableMultiSort: false,
    globalFilterFn: (row, id, q) => cellMatches(row.getValue(id), String(q)),
    getColumnCanGlobalFilter: (column) => {
      const c = byKey.get(column.id);
      return c !== undefined && columnValue(c) !== undefined;
    },
    enableRowSelection: selection ? (row) => selection.canSelect?.(row.original) ?? true : false,
    getRowCanExpand: () => true,
  });

  const pages = Math.max(1, table.getPageCount());
  // Rows went away (a search, a deletion): show the last page there still is.
  useEffect(() => {
    if (!server && pagination.pageIndex >= pages) setPagination((p) => ({ ...p, pageIndex: pages - 1 }));
  }, [server, pagination.pageIndex, pages]);

  const primaryKey = (columns.find((c) => c.role === 'primary') ?? columns[0])?.key;
  const pageRows = table.getRowModel().rows;
  const count = server ? server.total : table.getRowCount();
  const showSearch = server ? server.onSearchChange !== undefined : rows.length >= SEARCH_BOX_FROM;
  const rowLabel = (row: T) => {
    const primaryColumn = primaryKey ? byKey.get(primaryKey) : undefined;
    const primary = primaryColumn ? columnValue(primaryColumn)?.(row) : undefined;
    return selection?.rowLabel?.(row) ?? `Select ${primary ?? rowKey(row)}`;
  };

  const head = (
    <Group justify="space-between" mb="sm" gap="sm" align="flex-end">
      {showSearch ? (
        <SearchBox
          value={server ? (server.search ?? '') : query}
          onChange={(value) => {
            if (server) server.onSearchChange?.(value);
            else {
              setQuery(value);
              setPagination((p) => ({ ...p, pageIndex: 0 }));
            }
          }}
          label={searchBox?.label ?? `Search ${label}`}
          description={searchBox?.description}
          maxLength={searchBox?.maxLength}
          testId={searchBox?.testId}
        />
      ) : (
        <span />
      )}
      {toolbar || csvFileName || !wide ? (
        <Group gap="sm">
          {!wide ? (
            <PhoneSort
              columns={columns.filter(isSortable)}
              sort={sort}
              onChange={(next) => table.setSorting([{ id: next.key, desc: next.direction === 'desc' }])}
            />
          ) : null}
          {toolbar}
          {csvFileName ? (
            <CsvButton
              note={csvNote}
              onExport={() =>
                downloadCsv(
                  csvFileName,
                  columns,
                  table.getPrePaginatedRowModel().rows.map((r) => r.original),
                )
              }
            />
          ) : null}
        </Group>
      ) : null}
    </Group>
  );

  if (state?.loading)
    return (
      <Box data-testid={rest['data-testid']}>
        <TableLoading />
      </Box>
    );
  if (state?.error !== undefined && state.error !== null)
    return (
      <Box data-testid={rest['data-testid']}>
        <TableError
          title={state.errorTitle ?? `We could not load ${label.toLowerCase()}`}
          error={state.error}
          onRetry={state.onRetry}
          retrying={state.retrying}
        />
      </Box>
    );

  const empty = (
    <Text ta="center" c="dimmed" py="md" data-testid="table-empty">
      {emptyText ?? EMPTY_TABLE_TEXT}
    </Text>
  );

  const body = wide ? (
    <ScrollCue>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={label} miw={520}>
        <Table.Thead>
          <Table.Tr>
            {selection ? (
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Select every row of this page"
                  checked={table.getIsAllPageRowsSelected()}
                  indeterminate={table.getIsSomePageRowsSelected() && !table.getIsAllPageRowsSelected()}
                  onChange={() => table.toggleAllPageRowsSelected()}
                />
              </Table.Th>
            ) : null}
            {table.getFlatHeaders().map((header) => {
              const c = byKey.get(header.column.id);
              if (!c) return null;
              const sorted = header.column.getIsSorted();
              return (
                <Table.Th
                  key={header.id}
                  ta={c.align}
                  aria-sort={sorted ? (sorted === 'asc' ? 'ascending' : 'descending') : undefined}
                  style={c.role === 'status' || c.role === 'actions' ? { whiteSpace: 'nowrap' } : undefined}
                >
                  {header.column.getCanSort() ? (
                    <SortHeader
                      label={c.header}
                      sorted={sorted}
                      align={c.align}
                      onClick={() => header.column.toggleSorting()}
                    />
                  ) : (
                    c.header
                  )}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {pageRows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length + (selection ? 1 : 0)}>{empty}</Table.Td>
            </Table.Tr>
          ) : (
            pageRows.map((row) => (
              <Table.Tr key={row.id} {...rowProps?.(row.original)}>
                {selection ? (
                  <Table.Td>
                    <Checkbox
                      aria-label={rowLabel(row.original)}
                      checked={row.getIsSelected()}
                      disabled={!row.getCanSelect()}
                      onChange={row.getToggleSelectedHandler()}
                    />
                  </Table.Td>
                ) : null}
                {columns.map((c) => (
                  <Table.Td
                    key={c.key}
                    ta={c.align}
                    className={c.align === 'right' ? 'tabular' : undefined}
                    style={c.role === 'status' || c.role === 'actions' ? { whiteSpace: 'nowrap' } : undefined}
                  >
                    {cellOf(c, row.original)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </ScrollCue>
  ) : pageRows.length === 0 ? (
    empty
  ) : (
    <Stack gap="sm" component="ul" aria-label={label} p={0} m={0} style={{ listStyle: 'none' }}>
      {selection ? (
        // An item of its own: Checkbox's `component` would put the <li> inside Mantine's wrapper <div>.
        <li>
          <Checkbox
            label="Select every row of this page"
            checked={table.getIsAllPageRowsSelected()}
            indeterminate={table.getIsSomePageRowsSelected() && !table.getIsAllPageRowsSelected()}
            onChange={() => table.toggleAllPageRowsSelected()}
          />
        </li>
      ) : null}
      {pageRows.map((row) => {
        const r = row.original;
        const of = (role: string) => columns.filter((c) => c.key !== primaryKey && (c.role ?? 'detail') === role);
        const primary = primaryKey ? byKey.get(primaryKey) : undefined;
        return (
          <PhoneCard
            key={row.id}
            primary={primary ? cellOf(primary, r) : null}
            status={of('status').map((c) => <Box key={c.key}>{cellOf(c, r)}</Box>)}
            details={of('detail').map((c) => ({ key: c.key, header: c.header, cell: cellOf(c, r) }))}
            actions={of('actions').map((c) => <Box key={c.key}>{cellOf(c, r)}</Box>)}
            shownDetails={phoneDetails}
            expanded={row.getIsExpanded()}
            onToggle={() => row.toggleExpanded()}
            select={
              selection
                ? {
                    label: rowLabel(r),
                    checked: row.getIsSelected(),
                    disabled: !row.getCanSelect(),
                    onChange: row.getToggleSelectedHandler(),
                  }
                : undefined
            }
            rowAttributes={rowProps?.(r)}
          />
        );
      })}
    </Stack>
  );

  return (
    <Box data-testid={rest['data-testid']} data-layout={wide ? 'table' : 'cards'}>
      {head}
      {body}
      <Pager
        count={countLabel(count)}
        pageSize={paging.pageSize}
        pageSizes={server?.pageSizes ?? PAGE_SIZES}
        onPageSize={(size) => {
          if (server) server.onPageChange(1, size);
          else setPagination({ pageIndex: 0, pageSize: size });
        }}
        pages={pages}
        page={Math.min(paging.pageIndex + 1, pages)}
        onPage={(page) => table.setPageIndex(page - 1)}
      />
    </Box>
  );
}
